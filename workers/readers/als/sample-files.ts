/**
 * Where a set's samples are on this machine. Each reference may carry an absolute path (where the file was
 * when the set was saved) and a path relative to the set's folder (where it is if the project moved with
 * it); the sample is whichever exists, and missing when neither does.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SampleRefFacts } from './als-facts';

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

export async function resolveSampleFiles(setPath: string, refs: readonly SampleRefFacts[], signal?: AbortSignal): Promise<SampleFiles> {
  const setFolder = path.dirname(path.resolve(setPath));
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
  const relative = ref.relativePath === null ? null : path.resolve(setFolder, ...ref.relativePath.split('/'));
  // A path from another system ("C:/..." read on macOS) cannot be checked here; it is reported as written.
  const absolute = ref.absolutePath !== null && path.isAbsolute(ref.absolutePath) ? path.normalize(ref.absolutePath) : null;
  // Live itself looks in the project first for the files it keeps there.
  const candidates = (ref.inProject ? [relative, absolute] : [absolute, relative]).filter((candidate) => candidate !== null);
  for (const candidate of candidates) {
    if (await isFile(candidate)) return { path: candidate, found: true };
  }
  return { path: candidates[0] ?? ref.absolutePath ?? ref.relativePath ?? '', found: false };
}

function isFile(filePath: string): Promise<boolean> {
  // Any failure (absent, no permission, a broken link) means the sample cannot be used from here.
  return fs.stat(filePath).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
