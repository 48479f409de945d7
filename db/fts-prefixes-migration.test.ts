import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { songQuerySchema } from '../common/views/query';
import { DATABASE_FILE_NAME, openDatabase } from './connection';
import { updateSong } from './repositories/songs';
import { querySongs } from './song-query';
import { MIGRATIONS_FOLDER, olderDatabase, tempDir } from './test-support';

/** The migrations before 0015_fts_prefixes: a library as the version before it left it. */
const MIGRATIONS_BEFORE = 15;

describe('migration 0015_fts_prefixes', () => {
  it("makes the full-text index again with one- and two-letter prefixes, every song's text in it", () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, MIGRATIONS_BEFORE);
    const insert = old.prepare(`INSERT INTO songs (id, name, notes, tags, file_name, session_file_name, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, 1, 1)`);
    insert.run('named', 'Nightfall', '', '[]', null, null);
    insert.run('noted', 'Untitled', 'bass from the Nord', '[]', null, null);
    insert.run('tagged', 'Untitled 2', '', JSON.stringify(['EP 2', 'Neon']), null, null);
    insert.run('filed', 'Untitled 3', '', '[]', 'bounce nimbus.wav', 'nimbus session.als');
    insert.run('other', 'Morning', 'a day take', '[]', 'day.wav', null);
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const table = current.sqlite.prepare(`SELECT sql FROM sqlite_master WHERE name = 'songs_fts'`).pluck().get() as string;
    expect(table).toMatch(/prefix\s*=\s*'1 2'/);
    const search = (text: string) => querySongs(current, songQuerySchema.parse({ search: text })).rows.map((song) => song.id).sort();
    // One letter, two, whole words: from the name, the notes, the tags and both file names.
    expect(search('n')).toEqual(['filed', 'named', 'noted', 'tagged']);
    expect(search('ni')).toEqual(['filed', 'named']);
    expect(search('nord')).toEqual(['noted']);
    expect(search('neon')).toEqual(['tagged']);
    expect(search('session')).toEqual(['filed']);
    expect(search('day')).toEqual(['other']);
    // The triggers write to the new table: a song added or renamed after the migration is found by its words.
    updateSong(current, 'other', { name: 'Nocturne' });
    expect(search('noc')).toEqual(['other']);
    expect(search('morning')).toEqual([]);
    current.close();
  });
});
