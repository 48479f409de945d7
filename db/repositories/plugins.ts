/**
 * `plugins:list`: every plug-in the library's projects load (issue 31), read from `song_plugins` (kept in step with
 * `songs.meta` by triggers), with how many songs use it and how many instances they hold.
 */
import { sql } from 'drizzle-orm';
import type { PluginSummary } from '../../common/projects/plugins';
import type { Db } from '../handle';
import { songPlugins, songs } from '../schema';
import { formatKnown, INSTALLED_PLUGINS_KNOWN, pluginIsInstalled } from '../plugin-conditions';

/**
 * One row per plug-in and format (by its name key, shown in its smallest spelling), most used first, then by key and
 * format: as the website lists them (`summarisePlugins`). Only songs outside Hidden count; a plug-in only hidden
 * songs use is not listed.
 */
export function listPlugins(db: Db): PluginSummary[] {
  const rows = db.orm.all<Omit<PluginSummary, 'installed'> & { installed: 0 | 1 | null }>(sql`
    SELECT used.name, used.format, used.songs, used.instances,
      CASE WHEN ${INSTALLED_PLUGINS_KNOWN} AND ${formatKnown(sql`used.format`)} THEN ${pluginIsInstalled({ nameKey: sql`used.name_key`, format: sql`used.format` })} END AS installed
    FROM (
      SELECT ${songPlugins.nameKey} AS name_key, min(${songPlugins.name}) AS name, ${songPlugins.format} AS format,
        count(DISTINCT ${songPlugins.songSeq}) AS songs, sum(${songPlugins.instances}) AS instances
      FROM ${songPlugins} JOIN ${songs} ON ${songs.seq} = ${songPlugins.songSeq}
      WHERE ${songs.hidden} = 0
      GROUP BY ${songPlugins.nameKey}, ${songPlugins.format}
    ) AS used
    ORDER BY used.songs DESC, used.name_key, used.format`);
  return rows.map((row) => ({ ...row, installed: row.installed === null ? null : row.installed === 1 }));
}
