/**
 * The plug-ins installed on this computer (issue 31) as the last look through the standard folders found them, and
 * whether there was one: where there was not (a Linux computer, the website), nothing is called missing.
 */
import { pluginNameKey, type InstalledPlugin, type PluginFormat } from '../../common/projects/plugins';
import { inTransaction, type Db } from '../handle';
import { insertRows } from '../prepared-writes';
import { INSTALLED_LOOKED_AT_KEY, UNSURE_FORMATS_KEY } from '../plugin-conditions';
import { installedPlugins } from '../schema';
import { getKv, setKv } from './account';

/**
 * Replaces what is installed with what a look found, in one transaction with its time and the formats it could not
 * tell. A look that found what the last one did writes nothing (each write makes every page read its songs again).
 */
export function replaceInstalledPlugins(db: Db, found: readonly InstalledPlugin[], unsureFormats: readonly PluginFormat[] = []): void {
  const rows = found.flatMap((plugin) => plugin.names.map((name) => ({ name, nameKey: pluginNameKey(name), format: plugin.format, path: plugin.path })));
  const key = (row: { name: string; format: string; path: string }) => `${row.format}\n${row.name}\n${row.path}`;
  const before = db.orm.select().from(installedPlugins).all();
  const same =
    installedPluginsLookedAt(db) !== null &&
    before.length === rows.length &&
    rows.every((row, index) => key(row) === key(before[index]!)) &&
    JSON.stringify(getKv<PluginFormat[]>(db, UNSURE_FORMATS_KEY, [])) === JSON.stringify(unsureFormats);
  if (same) return;
  inTransaction(db, () => {
    db.orm.delete(installedPlugins).run();
    insertRows(db, installedPlugins, rows);
    setKv(db, UNSURE_FORMATS_KEY, unsureFormats);
    setKv(db, INSTALLED_LOOKED_AT_KEY, db.now());
  });
}

export function installedPluginsLookedAt(db: Db): number | null {
  return getKv<number | null>(db, INSTALLED_LOOKED_AT_KEY, null);
}
