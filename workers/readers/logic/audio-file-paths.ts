/**
 * Where the audio files a Logic package lists live on disk.
 *
 * `AudioFiles` and `UnusedAudioFiles` hold paths like "Audio Files/Take#01.aif". In a package project
 * (`HasProjectFolder` false) they are relative to the package's `Media/` folder: the Corona-13 fixture lists
 * "Audio Files/Untitled_1#27.aif" and keeps it at `Media/Audio Files/Untitled_1#27.aif`. In a folder project
 * (`HasProjectFolder` true) Logic keeps `Audio Files/` beside the package, in the project folder. We try the
 * layout the package declares first, then the other, and report the first that exists. A network path
 * (`\\server\share`, a URL) is never looked up (`isNetworkPath`): it is reported as written, and missing.
 */
import path from 'node:path';
import { isNetworkPath } from '../../../common/projects/network-path';
import { isFileAt } from '../path-kind';

export interface ResolvedAudioFiles {
  samples: string[];
  missingSamples: string[];
}

export function resolveAudioFiles(packagePath: string, listedPaths: readonly string[], hasProjectFolder: boolean): ResolvedAudioFiles {
  const samples = new Set<string>();
  const missingSamples: string[] = [];
  for (const listed of new Set(listedPaths)) {
    const candidates = candidateLocations(packagePath, listed, hasProjectFolder);
    const found = firstExisting(candidates);
    const chosen = found ?? candidates[0] ?? listed;
    if (samples.has(chosen)) continue;
    samples.add(chosen);
    if (found === null) missingSamples.push(chosen);
  }
  return { samples: [...samples], missingSamples };
}

function candidateLocations(packagePath: string, listed: string, hasProjectFolder: boolean): string[] {
  if (isNetworkPath(listed) || path.isAbsolute(listed)) return [listed];
  const inPackage = path.resolve(packagePath, 'Media', listed);
  const inProjectFolder = path.resolve(path.dirname(packagePath), listed);
  return hasProjectFolder ? [inProjectFolder, inPackage] : [inPackage, inProjectFolder];
}

function firstExisting(candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    // Checked after resolving too: on Windows an absolute `listed` makes `resolve` drop the package's folder.
    if (!isNetworkPath(candidate) && isFileAt(candidate)) return candidate;
  }
  return null;
}
