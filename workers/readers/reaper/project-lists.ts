/**
 * The lists a text project names (tracks, plug-ins, samples), gathered while its file is scanned and finished into
 * `ProjectMeta`'s fields. Shared by the REAPER, Ardour and LMMS readers (it would sit in workers/readers/ beside
 * bounded-file.ts; it lives here only because this change may not add files there).
 *
 * Memory stays bounded whatever the file says: only the first MAX_META_TRACKS track names are kept (all are counted),
 * and a file naming more distinct plug-ins or samples than any real project (ten times the caps) is refused as
 * hostile rather than held. Only the first MAX_META_SAMPLES samples are looked up on disk: the rest would be cut from
 * the song's `meta` anyway (`capProjectMeta`), and a file may name a million.
 *
 * Sample paths are data (common/network-path.ts): a network or device path is reported as written and never looked
 * up; an absolute path from another system ("C:\…" read on macOS) cannot be checked here and is reported as written,
 * missing; a relative one counts from the project's folder (`home`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isNetworkPath } from '../../../common/network-path';
import type { PluginFormat, PluginUse } from '../../../common/plugins';
import { MAX_META_PLUGINS, MAX_META_SAMPLES, MAX_META_TRACKS, type ProjectMeta } from '../../../common/project-meta';

/** Past these a file is not a project but an attack on the reader's memory. */
const MAX_DISTINCT_PLUGINS = 10 * MAX_META_PLUGINS;
const MAX_DISTINCT_SAMPLES = 10 * MAX_META_SAMPLES;
/** Bounds the file system calls in flight, as the Live reader does. */
const STATS_IN_FLIGHT = 64;

/** A file that names more than a project can: the reader turns it into an UnreadableFileError. */
export class ListOverflow extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ListOverflow';
  }
}

export type ListFields = Pick<ProjectMeta, 'trackCount' | 'tracks' | 'plugins' | 'samples' | 'missingSamples' | 'listTotals'>;

export class ProjectLists {
  private readonly trackNames: string[] = [];
  private tracksSeen = 0;
  /** Instances by format and name, in order of first use. */
  private readonly plugins = new Map<string, PluginUse>();
  /** Sample paths as the file writes them, distinct, in order of first use. */
  private readonly samplePaths = new Set<string>();

  addTrack(name: string): void {
    this.tracksSeen += 1;
    if (this.trackNames.length < MAX_META_TRACKS) this.trackNames.push(name);
  }

  addPlugin(name: string, format: PluginFormat): void {
    const key = `${format}\n${name}`;
    const use = this.plugins.get(key);
    if (use) {
      use.instances += 1;
      return;
    }
    if (this.plugins.size >= MAX_DISTINCT_PLUGINS) throw new ListOverflow(`names more than ${MAX_DISTINCT_PLUGINS} distinct plug-ins`);
    this.plugins.set(key, { name, format, instances: 1 });
  }

  addSample(written: string): void {
    if (written === '' || this.samplePaths.has(written)) return;
    if (this.samplePaths.size >= MAX_DISTINCT_SAMPLES) throw new ListOverflow(`names more than ${MAX_DISTINCT_SAMPLES} distinct samples`);
    this.samplePaths.add(written);
  }

  get trackCount(): number {
    return this.tracksSeen;
  }

  /** The fields, each list cut to its cap with its length before in `listTotals`, samples looked up from `home`. */
  async finish(home: string): Promise<ListFields> {
    const written = [...this.samplePaths];
    const { samples, missingSamples } = await resolveSamples(home, written.slice(0, MAX_META_SAMPLES));
    const plugins = [...this.plugins.values()];
    const totals: NonNullable<ProjectMeta['listTotals']> = {};
    if (this.tracksSeen > this.trackNames.length) totals.tracks = this.tracksSeen;
    if (plugins.length > MAX_META_PLUGINS) totals.plugins = plugins.length;
    if (written.length > MAX_META_SAMPLES) totals.samples = written.length;
    return {
      trackCount: this.tracksSeen,
      tracks: [...this.trackNames],
      plugins: plugins.slice(0, MAX_META_PLUGINS),
      samples,
      missingSamples,
      ...(Object.keys(totals).length > 0 ? { listTotals: totals } : {}),
    };
  }
}

interface ResolvedSample {
  path: string;
  found: boolean;
}

/** Each written path where it is on this machine, distinct after resolving; those not found are also missing. */
export async function resolveSamples(home: string, written: readonly string[]): Promise<{ samples: string[]; missingSamples: string[] }> {
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
    if (!sample.found) missingSamples.push(sample.path);
  }
  return { samples, missingSamples };
}

async function resolveSample(home: string, written: string): Promise<ResolvedSample> {
  // As written: normalizing would turn `//server/share` into a local path on Linux and macOS.
  if (isNetworkPath(written)) return { path: written, found: false };
  if (path.isAbsolute(written)) {
    const normalized = path.normalize(written);
    return { path: normalized, found: !isNetworkPath(normalized) && (await isFile(normalized)) };
  }
  if (isAbsoluteElsewhere(written)) return { path: written, found: false };
  // Projects saved on Windows write `Audio\kick.wav`: either separator splits.
  const resolved = path.resolve(home, ...written.split(/[\\/]/));
  // On Windows an absolute part makes `resolve` drop the project's folder: check the result too.
  if (isNetworkPath(resolved)) return { path: resolved, found: false };
  return { path: resolved, found: await isFile(resolved) };
}

/** A Windows path read on macOS or Linux (`C:\…`, `C:/…`, `\…`): absolute where it was written, not here. */
function isAbsoluteElsewhere(written: string): boolean {
  return /^[A-Za-z]:/.test(written) || written.startsWith('\\');
}

function isFile(candidate: string): Promise<boolean> {
  // Any failure (absent, no permission, a name too long, a broken link) means the sample cannot be used from here.
  return fs.stat(candidate).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
