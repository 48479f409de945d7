/** The lists a musician picks from in the table: keys and time signatures, in the spellings the app stores. */

/** Note names as most DAWs and charts spell them: sharps for C#/F#, flats for the others. */
export const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

/** "C major", "C minor", … — the same spelling the project readers write (FORMATS.md). */
export const KEYS: readonly string[] = NOTE_NAMES.flatMap((note) => [`${note} major`, `${note} minor`]);

export const TIME_SIGNATURES: readonly string[] = ['4/4', '3/4', '2/4', '2/2', '6/8', '9/8', '12/8', '5/4', '7/4', '5/8', '7/8'];
