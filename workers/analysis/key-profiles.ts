/**
 * Key profiles: how much each of the 12 pitch classes, counted from the tonic, belongs to a major or a minor key.
 * A chroma is scored against each of the 24 rotations (`key.ts`).
 *
 * - `krumhansl`: Krumhansl and Kessler (1982), probe-tone ratings (Krumhansl, "Cognitive Foundations of Musical
 *   Pitch", 1990, table 2.1).
 * - `temperley`: Temperley (2001), "The Cognition of Basic Musical Structures", the revised profile of his
 *   key-finding model.
 * - `temperley2005`: Temperley, "Music and Probability" (2007; the 2005 model), pitch-class frequencies in the
 *   Kostka-Payne corpus.
 * - `edm`: a profile for electronic dance music shaped on the observations of Faraldo, Gómez, Jordà and Herrera,
 *   "Key Estimation in Electronic Dance Music" (ECIR 2016): most tracks are minor and mostly Aeolian (no raised
 *   leading tone), tonic and fifth dominate, the subdominant and the minor seventh are common, chromatic notes
 *   are rare. The values are ours, set from those observations; they are NOT the published "edma"/"bgate"
 *   tables, which we could not read from the paper here.
 */

export type KeyProfileName = 'krumhansl' | 'temperley' | 'temperley2005' | 'edm';

export interface KeyProfile {
  /** From the tonic up: C, C#, D ... B for a key on C. */
  major: readonly number[];
  minor: readonly number[];
}

export const KEY_PROFILES: Readonly<Record<KeyProfileName, KeyProfile>> = {
  krumhansl: {
    major: [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88],
    minor: [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17],
  },
  temperley: {
    major: [5, 2, 3.5, 2, 4.5, 4, 2, 4.5, 2, 3.5, 1.5, 4],
    minor: [5, 2, 3.5, 4.5, 2, 4, 2, 4.5, 3.5, 2, 1.5, 4],
  },
  temperley2005: {
    major: [0.748, 0.06, 0.488, 0.082, 0.67, 0.46, 0.096, 0.715, 0.104, 0.366, 0.057, 0.4],
    minor: [0.712, 0.084, 0.474, 0.618, 0.049, 0.46, 0.105, 0.747, 0.404, 0.067, 0.133, 0.33],
  },
  edm: {
    major: [1, 0.1, 0.4, 0.1, 0.6, 0.5, 0.1, 0.85, 0.1, 0.45, 0.15, 0.25],
    minor: [1, 0.1, 0.4, 0.7, 0.1, 0.5, 0.1, 0.85, 0.5, 0.1, 0.5, 0.1],
  },
};

export const KEY_PROFILE_NAMES = Object.keys(KEY_PROFILES) as KeyProfileName[];
