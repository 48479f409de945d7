/**
 * Where a set's samples are on this machine. Each reference may carry an absolute path (where the file was
 * when the set was saved) and a path relative to the set's folder (where it is if the project moved with
 * it; a copy in Live's Backup/ counts from the set's folder); the sample is whichever exists, and missing when neither does. A network path (`\\server\share`, a
 * URL) is never looked up (`isNetworkPath`): it is reported as written, missing unless a local copy is found.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNetworkPath } from '../../../common/network-path';
import type { SampleRefFacts } from './als-facts';
import { sessionHome } from '../session-home';

/** Bounds the file system calls in flight for a set that references thousands of samples. */
const STATS_IN_FLIGHT = 64;

export interface SampleFiles {
  samples: string[];
  missingSamples: string[];
}

interface ResolvedSample {
  path: string;
  found: boolean;
}

export async function resolveSampleFiles(setPath: string, refs: readonly SampleRefFacts[], signal?: AbortSignal, home?: string): Promise<SampleFiles> {
  const setFolder = home ?? sessionHome(setPath);
  const resolved: ResolvedSample[] = [];
  for (let start = 0; start < refs.length; start += STATS_IN_FLIGHT) {
    signal?.throwIfAborted();
    const batch = refs.slice(start, start + STATS_IN_FLIGHT);
    resolved.push(...(await Promise.all(batch.map((ref) => resolveSample(setFolder, ref)))));
  }
  const samples: string[] = [];
  const missingSamples: string[] = [];
  const seen = new Set<string>();
  for (const sample of resolved) {
    if (seen.has(sample.path)) continue;
    seen.add(sample.path);
    samples.push(sample.path);
    if (!sample.found) missingSamples.push(sample.path);
  }
  return { samples, missingSamples };
}

async function resolveSample(setFolder: string, ref: SampleRefFacts): Promise<ResolvedSample> {
  const relative = relativeCandidate(setFolder, ref.relativePath);
  const absolute = absoluteCandidate(ref.absolutePath);
  // Live itself looks in the project first for the files it keeps there.
  const candidates = (ref.inProject ? [relative, absolute] : [absolute, relative]).filter((candidate) => candidate !== null);
  for (const candidate of candidates) {
    if (candidate.local && (await isFile(candidate.path))) return { path: candidate.path, found: true };
  }
  return { path: candidates[0]?.path ?? ref.absolutePath ?? ref.relativePath ?? '', found: false };
}

interface Candidate {
  path: string;
  /** A local path, which may be looked up; a network one is only reported. */
  local: boolean;
}

function relativeCandidate(setFolder: string, relativePath: string | null): Candidate | null {
  if (relativePath === null) return null;
  if (isNetworkPath(relativePath)) return { path: relativePath, local: false };
  // On Windows an absolute part (`\\server\share\a.wav`) makes `resolve` drop the set's folder: check the result too.
  const resolved = path.resolve(setFolder, ...relativePath.split('/'));
  return { path: resolved, local: !isNetworkPath(resolved) };
}

function absoluteCandidate(absolutePath: string | null): Candidate | null {
  if (absolutePath === null) return null;
  // As written: normalizing would turn `//server/share` into a local path on Linux and macOS.
  if (isNetworkPath(absolutePath)) return { path: absolutePath, local: false };
  // A path from another system ("C:/..." read on macOS) cannot be checked here; it is reported as written.
  return path.isAbsolute(absolutePath) ? { path: path.normalize(absolutePath), local: true } : null;
}

function isFile(filePath: string): Promise<boolean> {
  // Any failure (absent, no permission, a broken link) means the sample cannot be used from here.
  return fs.stat(filePath).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
