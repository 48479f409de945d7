/**
 * The lists a text project names (tracks, plug-ins, samples), gathered while its file is scanned and finished into
 * its `ProjectMeta`. Shared by the REAPER, Ardour and LMMS readers.
 *
 * Memory stays bounded whatever the file says: only the first MAX_META_TRACKS track names are kept (all are counted),
 * and a file naming more distinct plug-ins or samples than any real project (ten times the caps) is refused as
 * hostile rather than held. The lists are cut as a song keeps them by `capProjectMeta`; only the first
 * MAX_META_SAMPLES samples are looked up on disk, and a file may name a million.
 *
 * Sample paths are data: each is a path as written (`statedPath`: relative ones count from the project's folder,
 * `home`), looked up by every reader's rule (`sample-paths.ts`: network, device and other systems' paths are reported
 * as written and never looked up). LMMS's `local:` prefix is the LMMS reader's, stripped before a path comes here.
 */
import type { PluginFormat, PluginUse } from '../../common/projects/plugins';
import { capProjectMeta, MAX_META_PLUGINS, MAX_META_SAMPLES, MAX_META_TRACKS, UnreadableFileError, type ProjectMeta } from '../../common/projects/project-meta';
import { readProjectFile } from './bounded-file';
import { resolveSamples, statedPath } from './sample-paths';

/** Past these a file is not a project but an attack on the reader's memory. */
const MAX_DISTINCT_PLUGINS = 10 * MAX_META_PLUGINS;
const MAX_DISTINCT_SAMPLES = 10 * MAX_META_SAMPLES;

/** A file that names more than a project can: the reader turns it into an UnreadableFileError. */
export class ListOverflow extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ListOverflow';
  }
}

/** A scan's own refusal of a file (`RppRejected`, `XmlRejected`…): its reason is shown to the user. */
type Refusal = new (...args: never[]) => Error & { reason: string };

/**
 * The REAPER, Ardour and LMMS readers' way in: the file read whole under `maxBytes` (`what` names it in the reason)
 * and scanned once into its lists. A file past the cap or unreadable, a scan's refusal (`refusals`) or a list past
 * its bounds (`ListOverflow`) is an UnreadableFileError with the reason, and the scan of the library goes on.
 */
export async function scanListedProject<Facts>(
  filePath: string,
  limit: { maxBytes: number; what: string },
  scan: (bytes: Buffer, lists: ProjectLists) => Facts | Promise<Facts>,
  refusals: readonly Refusal[],
): Promise<{ facts: Facts; lists: ProjectLists }> {
  const bytes = readProjectFile(filePath, limit.maxBytes, limit.what);
  const lists = new ProjectLists();
  try {
    return { facts: await scan(bytes, lists), lists };
  } catch (error) {
    if (error instanceof ListOverflow || refusals.some((refusal) => error instanceof refusal)) throw new UnreadableFileError(filePath, (error as { reason: string }).reason);
    throw error;
  }
}

/** What a reader states of its project besides the lists. */
export type ListlessMeta = Omit<ProjectMeta, 'trackCount' | 'tracks' | 'plugins' | 'samples' | 'missingSamples' | 'listTotals'>;

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

  /**
   * The project's meta with these lists, cut as a song keeps them (`capProjectMeta`), samples looked up from `home`;
   * `listTotals` also counts what was cut before it was held (track names, samples past the lookups).
   */
  async finish(stated: ListlessMeta, home: string): Promise<ProjectMeta> {
    const written = [...this.samplePaths];
    const looked = written.slice(0, MAX_META_SAMPLES).map((sample) => ({ candidates: [statedPath(home, sample)] }));
    const { samples, missingSamples } = resolveSamples(looked);
    const meta = capProjectMeta({ ...stated, trackCount: this.tracksSeen, tracks: [...this.trackNames], plugins: [...this.plugins.values()], samples, missingSamples });
    const totals: NonNullable<ProjectMeta['listTotals']> = { ...meta.listTotals };
    if (this.tracksSeen > this.trackNames.length) totals.tracks = this.tracksSeen;
    if (written.length > MAX_META_SAMPLES) totals.samples = written.length;
    return Object.keys(totals).length > 0 ? { ...meta, listTotals: totals } : meta;
  }
}
