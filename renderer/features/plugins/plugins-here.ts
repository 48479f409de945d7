/**
 * What this computer has of the plug-ins a song needs (issue 31), from `plugins:list` (which says, per plug-in and
 * format, whether it is installed here): the count the "Missing here" column and the song's panel show.
 */
import { useMemo } from 'react';
import { pluginNameKey, pluginsOf, type PluginFormat, type PluginSummary, type PluginUse } from '../../../common/projects/plugins';
import type { Song } from '../../../common/songs/song';
import { usePluginsQuery } from '../../api/songshelf-api';

/** Whether a plug-in is installed here: true, false, or null where this computer cannot tell. */
export type PluginPresence = (plugin: { name: string; format: PluginFormat }) => boolean | null;

export function presenceOf(summaries: readonly PluginSummary[]): PluginPresence {
  const installed = new Map(summaries.map((summary) => [`${summary.format}\n${pluginNameKey(summary.name)}`, summary.installed]));
  return (plugin) => installed.get(`${plugin.format}\n${pluginNameKey(plugin.name)}`) ?? null;
}

export function usePluginPresence(): PluginPresence {
  const { data } = usePluginsQuery();
  return useMemo(() => presenceOf(data ?? []), [data]);
}

export interface MissingHere {
  /** The song's plug-ins not installed here. */
  plugins: PluginUse[];
  /** The samples its project references that are on no disk it can reach. */
  samples: number;
}

export function missingHere(song: Song, presence: PluginPresence): MissingHere {
  const samples = song.meta.missingSamples;
  return {
    plugins: pluginsOf(song.meta.plugins).filter((plugin) => presence(plugin) === false),
    samples: Array.isArray(samples) ? samples.length : 0,
  };
}

/** "2 plug-ins · 3 samples", "1 plug-in", or '' when nothing is missing. */
export function missingHereText(missing: MissingHere): string {
  const parts: string[] = [];
  if (missing.plugins.length > 0) parts.push(`${missing.plugins.length} ${missing.plugins.length === 1 ? 'plug-in' : 'plug-ins'}`);
  if (missing.samples > 0) parts.push(`${missing.samples} ${missing.samples === 1 ? 'sample' : 'samples'}`);
  return parts.join(' · ');
}
