/**
 * Copies of the database made before a risky write (trust rules: "a backup before any bulk write"): before a
 * migration (`migrate.ts`) and before an import (`main/library/library-import.ts`). Each lies beside the database,
 * named for what it came before, so the user finds it with the library.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * A consistent copy of the open database, even in WAL mode, written to `<file>.before-<label>-<at>.bak` (a new name
 * if two come in the same millisecond: VACUUM INTO will not overwrite). Returns its path.
 */
export function backUpDatabase(sqlite: BetterSqlite3.Database, file: string, label: string, at: number): string {
  let backupPath = `${file}.before-${label}-${at}.bak`;
  for (let n = 1; fs.existsSync(backupPath); n += 1) backupPath = `${file}.before-${label}-${at}-${n}.bak`;
  sqlite.prepare('VACUUM INTO ?').run(backupPath);
  return backupPath;
}

/** Removes all but the newest `keep` copies made before `label`: each is a whole database, and imports repeat. */
export function pruneBackups(file: string, label: string, keep: number): void {
  const prefix = `${path.basename(file)}.before-${label}-`;
  const folder = path.dirname(file);
  const copies = fs
    .readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.bak'))
    .map((name) => ({ name, at: Number.parseInt(name.slice(prefix.length), 10) }))
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  for (const old of copies.slice(keep)) fs.rmSync(path.join(folder, old.name), { force: true });
}
