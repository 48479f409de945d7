/**
 * The plug-ins a song's project needs (issue 31): each by the name its DAW shows and its format, with how many
 * instances the project holds. Readers fill `ProjectMeta.plugins` as far as their format reveals them (Live: every
 * `PluginDevice` and `AuPluginDevice` of the set, FORMATS.md).
 */

export const PLUGIN_FORMATS = ['VST2', 'VST3', 'AU', 'AAX'] as const;
export type PluginFormat = (typeof PLUGIN_FORMATS)[number];

export interface PluginUse {
  /** As the DAW shows it: "Serum", "FF Pro-Q 2". */
  name: string;
  format: PluginFormat;
  /** How many times the project loads it (a plug-in on three tracks: 3). */
  instances: number;
}

/** Instances in document order, as one entry per plug-in and format with its count, in order of first use. */
export function countPlugins(instances: readonly { name: string; format: PluginFormat }[]): PluginUse[] {
  const uses = new Map<string, PluginUse>();
  for (const { name, format } of instances) {
    const key = `${format}\n${name}`;
    const use = uses.get(key);
    if (use) use.instances += 1;
    else uses.set(key, { name, format, instances: 1 });
  }
  return [...uses.values()];
}

/** `meta.plugins` as stored on a song (JSON from a file or the cloud): only well-formed entries count. */
export function pluginsOf(value: unknown): PluginUse[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PluginUse =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PluginUse).name === 'string' &&
      (entry as PluginUse).name !== '' &&
      (PLUGIN_FORMATS as readonly unknown[]).includes((entry as PluginUse).format) &&
      Number.isInteger((entry as PluginUse).instances) &&
      (entry as PluginUse).instances > 0,
  );
}

/** A plug-in of the library, as the Plugins view lists it. */
export interface PluginSummary {
  name: string;
  format: PluginFormat;
  /** Songs outside Hidden whose project loads it. */
  songs: number;
  /** Its instances across those songs. */
  instances: number;
}

/** The library's plug-ins from songs in memory (the website's), as `db/repositories/plugins.ts` lists them in SQLite. */
export function summarisePlugins(songs: Iterable<{ hidden: boolean; meta: Record<string, unknown> }>): PluginSummary[] {
  const summaries = new Map<string, PluginSummary>();
  for (const song of songs) {
    if (song.hidden) continue;
    for (const use of pluginsOf(song.meta.plugins)) {
      const key = `${use.name.toLowerCase()}\n${use.format}`;
      const summary = summaries.get(key) ?? { name: use.name, format: use.format, songs: 0, instances: 0 };
      summary.songs += 1;
      summary.instances += use.instances;
      summaries.set(key, summary);
    }
  }
  return [...summaries.values()].sort((a, b) => b.songs - a.songs || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.format.localeCompare(b.format));
}
