/** Where the audio files a session names live on disk. */
import path from 'node:path';
import { isFileAt } from '../path-kind';

/** Pro Tools keeps a session's recordings and imports here, beside the session file. */
const AUDIO_FOLDER = 'Audio Files';

export interface ResolvedAudioFiles {
  samples: string[];
  missingSamples: string[];
}

/**
 * The session names its audio files without folders; Pro Tools keeps them in the session's `Audio Files/`.
 * A name that is not a plain file name (a path separator, "..") is reported as stated and counted missing,
 * so a hostile name cannot point the existence check anywhere else.
 */
export function resolveAudioFiles(sessionFolder: string, names: readonly string[]): ResolvedAudioFiles {
  const samples: string[] = [];
  const missingSamples: string[] = [];
  for (const name of names) {
    const plain = !/[/\\\0]/.test(name) && name !== '.' && name !== '..';
    const sample = plain ? path.join(sessionFolder, AUDIO_FOLDER, name) : name;
    samples.push(sample);
    if (!plain || !isFileAt(sample)) missingSamples.push(sample);
  }
  return { samples, missingSamples };
}
