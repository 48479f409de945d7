/**
 * The plug-ins installed on this computer (issue 31) as the last look through the standard folders found them, and
 * whether there was one: where there was not (a Linux computer, the website), nothing is called missing.
 */
import type { InstalledPlugin } from '../../common/plugins';
import { inTransaction, type Db } from '../handle';
import { insertRows } from '../prepared-writes';
import { INSTALLED_LOOKED_AT_KEY } from '../plugin-conditions';
import { installedPlugins } from '../schema';
import { getKv, setKv } from './account';

/** Replaces what is installed with what a look found, in one transaction with its time. */
export function replaceInstalledPlugins(db: Db, found: readonly InstalledPlugin[]): void {
  inTransaction(db, () => {
    db.orm.delete(installedPlugins).run();
    insertRows(db, installedPlugins, found.flatMap((plugin) => plugin.names.map((name) => ({ name, format: plugin.format, path: plugin.path }))));
    setKv(db, INSTALLED_LOOKED_AT_KEY, db.now());
  });
}

export function installedPluginsLookedAt(db: Db): number | null {
  return getKv<number | null>(db, INSTALLED_LOOKED_AT_KEY, null);
}
