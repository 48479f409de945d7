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
