/** Time signatures a musician picks from in the table, as the app stores them. Keys: music-keys.ts. */

export const TIME_SIGNATURES: readonly string[] = ['4/4', '3/4', '2/4', '2/2', '6/8', '9/8', '12/8', '5/4', '7/4', '5/8', '7/8'];
