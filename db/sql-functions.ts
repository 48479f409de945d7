/**
 * The SQL functions the schema's own SQL calls, registered on a connection before anything runs on it (the migrations
 * included): a rule that SQLite alone cannot state is the TypeScript rule itself, not a second spelling of it.
 *
 * - `plugin_name_key(name)`: a plug-in's name key (`pluginNameKey`, common/projects/plugins.ts), the one fold the website uses
 *   too. `song_plugins`' triggers (migration 0024) keep it beside each name; SQLite's own `lower()` and NOCASE fold
 *   ASCII only, so "Öl Comp" and "öl comp" were two plug-ins here and one on the website.
 *
 * Deterministic, so SQLite may use it in triggers and indexes. A connection without it (another program's) cannot
 * write a song's `meta`: its plug-ins' triggers would call a function it does not have.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { pluginNameKey } from '../common/projects/plugins';

export const PLUGIN_NAME_KEY_FUNCTION = 'plugin_name_key';

export function registerSqlFunctions(sqlite: BetterSqlite3.Database): void {
  sqlite.function(PLUGIN_NAME_KEY_FUNCTION, { deterministic: true }, (name: unknown) => (typeof name === 'string' ? pluginNameKey(name) : null));
}
