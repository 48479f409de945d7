/**
 * Where the audio files a project names are on this machine. Each file comes with its candidate paths in the order
 * the format trusts them (as written, then relative to the project's folder, ...); the sample is the first that
 * exists, else it is reported by its first candidate and counted missing. Only local absolute paths are looked up:
 * a network or device path (`isNetworkPath`) or a path from another system is reported as written, never touched.
 * Used by the Studio One, DAWproject and Bitwig readers.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNetworkPath } from '../../../common/network-path';
import { MAX_META_SAMPLES } from '../../../common/project-meta';

/** Bounds the file system calls in flight for a project naming thousands of files. */
const STATS_IN_FLIGHT = 64;

export interface ResolvedSamples {
  samples: string[];
  missingSamples: string[];
}

/**
 * `files`: per audio file, its candidate paths (at least one). Only the first `MAX_META_SAMPLES` distinct files are
 * looked up: a song keeps no more (`capProjectMeta`), and a hostile part naming a million files must not cost a
 * million lookups. The rest are listed as written so the song can say how many there were, and never called missing.
 */
export async function resolveSamples(files: readonly (readonly string[])[]): Promise<ResolvedSamples> {
  const distinct = new Map<string, readonly string[]>();
  for (const candidates of files) {
    if (candidates.length > 0) distinct.set(candidates.join('\0'), candidates);
  }
  const all = [...distinct.values()];
  const checked = all.slice(0, MAX_META_SAMPLES);
  const found: (string | null)[] = [];
  for (let start = 0; start < checked.length; start += STATS_IN_FLIGHT) {
    found.push(...(await Promise.all(checked.slice(start, start + STATS_IN_FLIGHT).map(firstExisting))));
  }
  const samples: string[] = [];
  const missingSamples: string[] = [];
  const seen = new Set<string>();
  all.forEach((candidates, index) => {
    const existing = found[index];
    const sample = existing ?? candidates[0] ?? '';
    if (seen.has(sample)) return;
    seen.add(sample);
    samples.push(sample);
    if (existing === null) missingSamples.push(sample);
  });
  return { samples, missingSamples };
}

async function firstExisting(candidates: readonly string[]): Promise<string | null> {
  for (const candidate of candidates) {
    if (isLocalAbsolute(candidate) && (await isFile(candidate))) return candidate;
  }
  return null;
}

/** Checked as written and after resolving: on Windows a path may resolve onto a server. */
function isLocalAbsolute(candidate: string): boolean {
  return path.isAbsolute(candidate) && !isNetworkPath(candidate) && !isNetworkPath(path.resolve(candidate));
}

/** Absent, a name too long, no permission, a broken link: each means the file cannot be used from here. */
function isFile(candidate: string): Promise<boolean> {
  return fs.stat(candidate).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

/**
 * A path the project states, as a candidate: relative to `home` when it is relative, as written otherwise (network
 * paths and paths from another system, "C:/…" read on macOS, included).
 */
export function underHome(home: string, stated: string): string {
  if (isNetworkPath(stated) || path.isAbsolute(stated) || /^[a-z]:[\\/]/i.test(stated)) return stated;
  return path.resolve(home, ...stated.split(/[\\/]/));
}
