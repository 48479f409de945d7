/**
 * `plugins:list`: every plug-in the library's projects load (issue 31), read from `song_plugins` (kept in step with
 * `songs.meta` by triggers), with how many songs use it and how many instances they hold.
 */
import { sql } from 'drizzle-orm';
import type { PluginSummary } from '../../common/plugins';
import type { Db } from '../handle';
import { songPlugins, songs } from '../schema';
import { formatKnown, INSTALLED_PLUGINS_KNOWN, pluginIsInstalled } from '../plugin-conditions';

/**
 * One row per plug-in and format (case-insensitively by name, shown in one of its spellings), most used first, then
 * by name. Only songs outside Hidden count; a plug-in only hidden songs use is not listed.
 */
export function listPlugins(db: Db): PluginSummary[] {
  const name = sql`${songPlugins.name} COLLATE NOCASE`;
  const rows = db.orm.all<Omit<PluginSummary, 'installed'> & { installed: 0 | 1 | null }>(sql`
    SELECT used.*, CASE WHEN ${INSTALLED_PLUGINS_KNOWN} AND ${formatKnown(sql`used.format`)} THEN ${pluginIsInstalled({ name: sql`used.name`, format: sql`used.format` })} END AS installed
    FROM (
      SELECT min(${songPlugins.name}) AS name, ${songPlugins.format} AS format, count(DISTINCT ${songPlugins.songSeq}) AS songs,
        sum(${songPlugins.instances}) AS instances
      FROM ${songPlugins} JOIN ${songs} ON ${songs.seq} = ${songPlugins.songSeq}
      WHERE ${songs.hidden} = 0
      GROUP BY ${name}, ${songPlugins.format}
    ) AS used
    ORDER BY used.songs DESC, used.name COLLATE NOCASE, used.format`);
  return rows.map((row) => ({ ...row, installed: row.installed === null ? null : row.installed === 1 }));
}
