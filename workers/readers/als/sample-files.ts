/**
 * Where a set's samples are on this machine. Each reference may carry an absolute path (where the file was
 * when the set was saved) and a path relative to the set's folder (where it is if the project moved with
 * it; a copy in Live's Backup/ counts from the set's folder); the sample is whichever exists, and missing when neither
 * does. Live's own rules live here (which path first, `/` as the relative path's only separator); the lookup, the
 * network rule (a `\\server\share` path or a URL is never looked up) and the caps are every reader's
 * (`../sample-paths.ts`).
 */
import path from 'node:path';
import { isNetworkPath } from '../../../common/projects/network-path';
import type { SampleRefFacts } from './als-facts';
import { resolveSamples, type SampleFiles, type SampleRef } from '../sample-paths';
import { sessionHome } from '../session-home';

export function resolveSampleFiles(setPath: string, refs: readonly SampleRefFacts[], signal?: AbortSignal, home?: string): SampleFiles {
  const setFolder = home ?? sessionHome(setPath);
  return resolveSamples(
    refs.map((ref) => sampleRef(setFolder, ref)),
    signal,
  );
}

function sampleRef(setFolder: string, ref: SampleRefFacts): SampleRef {
  const relative = relativeCandidate(setFolder, ref.relativePath);
  const absolute = absoluteCandidate(ref.absolutePath);
  // Live itself looks in the project first for the files it keeps there.
  const candidates = (ref.inProject ? [relative, absolute] : [absolute, relative]).filter((candidate) => candidate !== null);
  return { candidates, shown: candidates[0] ?? ref.absolutePath ?? ref.relativePath ?? '' };
}

function relativeCandidate(setFolder: string, relativePath: string | null): string | null {
  if (relativePath === null) return null;
  // As written, never looked up.
  if (isNetworkPath(relativePath)) return relativePath;
  // On Windows an absolute part (`\\server\share\a.wav`) makes `resolve` drop the set's folder: the lookup checks the result too.
  return path.resolve(setFolder, ...relativePath.split('/'));
}

function absoluteCandidate(absolutePath: string | null): string | null {
  if (absolutePath === null) return null;
  // As written: normalizing would turn `//server/share` into a local path on Linux and macOS.
  if (isNetworkPath(absolutePath)) return absolutePath;
  // A path from another system ("C:/..." read on macOS) cannot be checked here; it is reported as written.
  return path.isAbsolute(absolutePath) ? path.normalize(absolutePath) : null;
}
