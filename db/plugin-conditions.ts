/**
 * What the plug-in filters ask of SQLite (issue 31): whether a song's plug-in is installed on this computer, as the
 * last look through the standard folders found (`repositories/installed-plugins.ts`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { installedPlugins, kv, songPlugins, songs } from './schema';

/** When the folders were last looked through (ms), in `kv`; absent: never, or this system has none. */
export const INSTALLED_LOOKED_AT_KEY = 'plugins.installedLookedAt';
/** The formats whose folders the last look could not read whole, in `kv` (a JSON list): none of them is called missing. */
export const UNSURE_FORMATS_KEY = 'plugins.unsureFormats';

/** Whether a `song_plugins` row's plug-in is installed here (its name key, `pluginNameKey`, and its format). */
export function pluginIsInstalled(plugin: { nameKey: SQL | typeof songPlugins.nameKey; format: SQL | typeof songPlugins.format }): SQL {
  return sql`EXISTS (SELECT 1 FROM ${installedPlugins} WHERE ${installedPlugins.nameKey} = ${plugin.nameKey} AND ${installedPlugins.format} = ${plugin.format})`;
}

/** Whether the folders have been looked through on this computer: until then, nothing is called missing. */
export const INSTALLED_PLUGINS_KNOWN = sql`EXISTS (SELECT 1 FROM ${kv} WHERE ${kv.key} = ${INSTALLED_LOOKED_AT_KEY})`;

/** Whether the last look read every folder of this `format` (SQL of the format). */
export function formatKnown(format: SQL | typeof songPlugins.format): SQL {
  return sql`${format} NOT IN (SELECT value FROM json_each(coalesce((SELECT ${kv.value} FROM ${kv} WHERE ${kv.key} = ${UNSURE_FORMATS_KEY}), '[]')))`;
}

/** Songs with a plug-in that is not installed here (`missing:plugins`); none on a computer that cannot tell. */
export function missingPluginsCondition(): SQL {
  return sql`(${INSTALLED_PLUGINS_KNOWN} AND ${songs.seq} IN (SELECT ${songPlugins.songSeq} FROM ${songPlugins} WHERE ${formatKnown(songPlugins.format)} AND NOT ${pluginIsInstalled({ nameKey: songPlugins.nameKey, format: songPlugins.format })}))`;
}
