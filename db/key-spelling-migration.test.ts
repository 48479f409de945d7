import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyRespellings } from '../common/songs/music-keys';
import { DATABASE_FILE_NAME, openDatabase } from './connection';
import { MIGRATIONS_FOLDER, olderDatabase, tempDir } from './test-support';

const MIGRATION = '0012_key_spelling';
/** The migrations before this one: a library as the version before it left it. */
const MIGRATIONS_BEFORE = 12;

/** The (spelled, canonical) rows the migration's SQL writes out. */
function sqlRespellings(): Map<string, string> {
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${MIGRATION}.sql`), 'utf8');
  return new Map([...text.matchAll(/\('([^']+)', '([^']+)'\)/g)].map(([, spelled = '', canonical = '']) => [spelled, canonical]));
}

describe(`migration ${MIGRATION}`, () => {
  it('respells exactly the keys common/songs/music-keys.ts respells', () => {
    expect(sqlRespellings()).toEqual(keyRespellings());
  });

  it("rewrites an older library's keys, and the keys kept in meta, to the picker's spelling", () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, MIGRATIONS_BEFORE);
    const insert = old.prepare(`INSERT INTO songs (id, name, key, meta, created_at, modified_at) VALUES (?, ?, ?, ?, 1, 1)`);
    insert.run('live', 'Live set', 'D# major', JSON.stringify({ daw: 'ableton', key: 'D# major' }));
    insert.run('protools', 'Session', 'Cb major', JSON.stringify({ daw: 'protools', key: 'Cb major' }));
    insert.run('logic', 'Package', 'A♯ minor', JSON.stringify({ daw: 'logic', key: 'A♯ minor' }));
    insert.run('edited', 'Edited', 'Eb major', JSON.stringify({ daw: 'ableton', key: 'D# minor' }));
    insert.run('typed', 'Typed', 'Am', '{}');
    insert.run('dorian', 'Dorian', 'D# Dorian', JSON.stringify({ key: 'D# Dorian' }));
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const rows = current.sqlite.prepare(`SELECT id, key, json_extract(meta, '$.key') AS metaKey, modified_at AS modifiedAt FROM songs ORDER BY seq`).all();
    expect(rows).toEqual([
      { id: 'live', key: 'Eb major', metaKey: 'Eb major', modifiedAt: 1 },
      { id: 'protools', key: 'B major', metaKey: 'B major', modifiedAt: 1 },
      { id: 'logic', key: 'Bb minor', metaKey: 'Bb minor', modifiedAt: 1 },
      { id: 'edited', key: 'Eb major', metaKey: 'Eb minor', modifiedAt: 1 },
      { id: 'typed', key: 'Am', metaKey: null, modifiedAt: 1 },
      { id: 'dorian', key: 'D# Dorian', metaKey: 'D# Dorian', modifiedAt: 1 },
    ]);
    current.close();
  });
});
