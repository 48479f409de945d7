/**
 * Where a project's samples are on this machine. FL writes each channel's sample as an absolute path (196), or one
 * under a folder of its own install (`%FLStudioFactoryData%\…`, `%FLStudioUserData%\…`); a project moved with its
 * samples finds them in its own folder. So a sample is found at its path, else by its file name in the project's
 * folder, and missing when neither exists.
 *
 * Never looked up: an FL folder variable names a place only FL knows (reported as written, and not missing: it is
 * not known to be absent), and a network path (`isNetworkPath`: looking one up hands the server the user's
 * credentials) is reported as written and missing unless its file is in the project's folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNetworkPath } from '../../../common/network-path';

/** `%FLStudioFactoryData%`, `%FLStudioUserData%`: resolved by FL from its own settings. */
const FL_FOLDER_VARIABLE = /^%[A-Za-z0-9_]+%/;
/** Bounds the file system calls in flight for a project that names thousands of samples. */
const STATS_IN_FLIGHT = 64;

export interface SampleFiles {
  samples: string[];
  missingSamples: string[];
}

interface ResolvedSample {
  path: string;
  missing: boolean;
}

/** `written`: each path once, as the project states it. `home`: the folder the project counts from. */
export async function resolveSamples(home: string, written: readonly string[]): Promise<SampleFiles> {
  const resolved: ResolvedSample[] = [];
  for (let start = 0; start < written.length; start += STATS_IN_FLIGHT) {
    const batch = written.slice(start, start + STATS_IN_FLIGHT);
    resolved.push(...(await Promise.all(batch.map((sample) => resolveSample(home, sample)))));
  }
  const samples: string[] = [];
  const missingSamples: string[] = [];
  const seen = new Set<string>();
  for (const sample of resolved) {
    if (seen.has(sample.path)) continue;
    seen.add(sample.path);
    samples.push(sample.path);
    if (sample.missing) missingSamples.push(sample.path);
  }
  return { samples, missingSamples };
}

async function resolveSample(home: string, written: string): Promise<ResolvedSample> {
  if (FL_FOLDER_VARIABLE.test(written)) return { path: written, missing: false };
  const stated = isNetworkPath(written) ? null : statedCandidate(home, written);
  const beside = besideProject(home, written);
  for (const candidate of [stated, beside]) {
    if (candidate !== null && (await isFile(candidate))) return { path: candidate, missing: false };
  }
  return { path: stated ?? written, missing: true };
}

/**
 * The path as stated, when it is a local one this system can look up: absolute here, or relative to the project.
 * A path of another system (`C:\…` read on macOS) cannot be; it is reported as written.
 */
function statedCandidate(home: string, written: string): string | null {
  if (path.isAbsolute(written)) return path.normalize(written);
  if (/^[A-Za-z]:/.test(written) || written.startsWith('/') || written.startsWith('\\')) return null;
  // On Windows an absolute part makes `resolve` drop the folder: the result is held to the network rule too.
  const resolved = path.resolve(home, ...written.split(/[\\/]/));
  return isNetworkPath(resolved) ? null : resolved;
}

/** The sample's file name in the project's folder; none for a name that is a folder step (`..`) or empty. */
function besideProject(home: string, written: string): string | null {
  const name = written.split(/[\\/]/).pop() ?? '';
  if (name === '' || name === '.' || name === '..' || name.includes('\0')) return null;
  const candidate = path.join(home, name);
  return isNetworkPath(candidate) ? null : candidate;
}

function isFile(candidate: string): Promise<boolean> {
  // Any failure (absent, no permission, a name too long, a broken link) means the sample cannot be used from here.
  return fs.stat(candidate).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
