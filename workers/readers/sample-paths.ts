/**
 * Where the audio files a project names are on this machine: the one home of that rule for every reader (Live,
 * REAPER, Ardour, LMMS, FL Studio, Studio One, DAWproject, Bitwig). Each reader turns what its format writes into
 * candidate paths, most trusted first, and keeps its own special cases (Live's project-first order, FL's
 * `%FLStudioFactoryData%` folders, LMMS's `local:` prefix, Studio One's `file://` URLs); this module looks them up.
 *
 * A sample is the first candidate that exists, else it is listed by its first candidate (or what its reader says to
 * show) and counted missing. Only local absolute paths are looked up (`isLocalAbsolute`): a network or device path
 * (common/projects/network-path.ts: looking one up hands a server the user's credentials) or a path from another system
 * ("C:\…" read on macOS) is listed as written and never touched. Lookups are bounded: only the first MAX_META_SAMPLES
 * distinct samples, as many as a song keeps (`capProjectMeta`), so a hostile file naming a million costs no million
 * lookups; the rest are listed as shown, never called missing. They are synchronous (`path-kind.ts` says why).
 */
import path from 'node:path';
import { isNetworkPath } from '../../common/projects/network-path';
import { MAX_META_SAMPLES } from '../../common/projects/project-meta';
import { isFileAt } from './path-kind';

export interface SampleFiles {
  samples: string[];
  /** The subset of `samples` found at none of their candidates. */
  missingSamples: string[];
}

/** One audio file a project names. */
export interface SampleRef {
  /** Where it may be, most trusted first; only local absolute ones are looked up. */
  candidates: readonly string[];
  /** What is listed when none exists; default: the first candidate. */
  shown?: string;
  /** A place only the DAW can resolve (FL's `%FLStudioFactoryData%`): listed as shown, never looked up nor missing. */
  dawFolder?: boolean;
}

/** Each sample where it is on this machine, distinct after resolving; a `signal` already aborted looks up nothing. */
export function resolveSamples(refs: readonly SampleRef[], signal?: AbortSignal): SampleFiles {
  const distinct = new Map<string, SampleRef>();
  for (const ref of refs) distinct.set(`${ref.dawFolder === true ? 1 : 0}\0${ref.shown ?? ''}\0${ref.candidates.join('\0')}`, ref);
  const all = [...distinct.values()];
  signal?.throwIfAborted();
  const found = all.slice(0, MAX_META_SAMPLES).map(firstExisting);
  const samples: string[] = [];
  const missingSamples: string[] = [];
  const seen = new Set<string>();
  all.forEach((ref, index) => {
    const existing = found[index];
    const sample = existing ?? ref.shown ?? ref.candidates[0] ?? '';
    if (seen.has(sample)) return;
    seen.add(sample);
    samples.push(sample);
    // Past the lookup cap (`undefined`) a sample is not known to be absent.
    if (existing === null && ref.dawFolder !== true) missingSamples.push(sample);
  });
  return { samples, missingSamples };
}

/**
 * A path as the project states it, made a candidate: a relative one under `home` (either separator splits: a project
 * saved on Windows writes `Audio\kick.wav`), an absolute one normalized; a network path or one absolute on another
 * system (`C:\…`, `\…` read on macOS or Linux) as written, since normalizing would turn `//server/share` into a local
 * path on Linux and macOS. Whether it may be looked up is `isLocalAbsolute`'s.
 */
export function statedPath(home: string, written: string): string {
  if (isNetworkPath(written)) return written;
  if (path.isAbsolute(written)) return path.normalize(written);
  if (/^[A-Za-z]:/.test(written) || written.startsWith('\\')) return written;
  return path.resolve(home, ...written.split(/[\\/]/));
}

/** Checked as written and after resolving: on Windows an absolute part makes `resolve` land on a server. */
export function isLocalAbsolute(candidate: string): boolean {
  return path.isAbsolute(candidate) && !isNetworkPath(candidate) && !isNetworkPath(path.resolve(candidate));
}

function firstExisting(ref: SampleRef): string | null {
  if (ref.dawFolder === true) return null;
  for (const candidate of ref.candidates) {
    if (isLocalAbsolute(candidate) && isFileAt(candidate)) return candidate;
  }
  return null;
}
