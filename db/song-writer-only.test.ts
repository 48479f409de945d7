// One writer for songs (issues 17, 29): only `db/repositories/song-writer.ts` writes the `songs` table, so its rules
// (the row mapping, the processing flag's time, the sync record) hold for every path. The change log refuses, at run
// time, a statement that writes songs outside the writer's scope: however it is spelled (drizzle on a variable, SQL
// text, a WITH clause), the wrong thing fails here and in the app, not only in a grep.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { markPushed } from './repositories/pulled-records';
import { addSong, getSong } from './repositories/songs';
import { getUnsyncedChanges } from './repositories/sync-records';
import { songs, views } from './schema';
import { openTestDatabase } from './test-support';

// A column that keeps only the books (no field of the song) is told as no change: `processing_started_at` alone is
// made one here. A write of it is still a write of songs, and refused outside the writer all the same.
const BOOKS_ONLY = 'processing_started_at';
vi.mock('./rows/song-column-fields', async (original) => {
  const real = await original<typeof import('./rows/song-column-fields')>();
  return {
    songFieldsOfColumns: (columns: readonly string[]) =>
      columns.length > 0 && columns.every((column) => column === BOOKS_ONLY) ? [] : real.songFieldsOfColumns(columns),
  };
});

let db: OpenedDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

const OUTSIDE_THE_WRITER = /only the songs writer/i;

describe('a write to the songs table outside the writer', () => {
  it.each([
    ['drizzle on a variable', (id: string) => {
      const table = [songs, views][0]!;
      db.orm.update(table).set({ supabaseId: sql`${table.id}` }).where(eq(table.id, id)).run();
    }],
    ['SQL text', (id: string) => void db.sqlite.prepare('UPDATE songs SET name = ? WHERE id = ?').run('Renamed', id)],
    ['a WITH clause', (id: string) => void db.sqlite.prepare('WITH one AS (SELECT ?) UPDATE "songs" SET name = \'Renamed\' WHERE id IN (SELECT * FROM one)').run(id)],
    ['an insert', () => void db.sqlite.prepare("INSERT INTO songs (id, name, created_at, modified_at) VALUES ('x', 'Stray', 1, 1)").run()],
    ['a delete with RETURNING', (id: string) => void db.sqlite.prepare('DELETE FROM songs WHERE id = ? RETURNING id').all(id)],
    ['an update of only bookkeeping columns (no field a page shows)', (id: string) =>
      void db.sqlite.prepare(`UPDATE songs SET ${BOOKS_ONLY} = 1 WHERE id = ?`).run(id)],
  ])('throws, and changes nothing: %s', (_how, write) => {
    const song = addSong(db, { name: 'Kept' });
    expect(() => inTransaction(db, () => write(song.id))).toThrow(OUTSIDE_THE_WRITER);
    expect(getSong(db, song.id)).toEqual(song);
    expect(db.orm.select().from(songs).all()).toHaveLength(1);
  });

  it('a statement prepared inside the writer is refused when run outside it', () => {
    const song = addSong(db, { name: 'Kept' });
    const statement = db.changes.asSongWriter(() => db.sqlite.prepare('UPDATE songs SET name = ? WHERE id = ?'));
    expect(() => statement.run('Renamed', song.id)).toThrow(OUTSIDE_THE_WRITER);
    expect(getSong(db, song.id)?.name).toBe('Kept');
  });

  it('a write of only bookkeeping columns, inside the writer, runs and is told as no change', async () => {
    const song = addSong(db, { name: 'Books' });
    const { changes } = await db.changes.capture(() =>
      db.changes.asSongWriter(() => db.sqlite.prepare(`UPDATE songs SET ${BOOKS_ONLY} = 1 WHERE id = ?`).run(song.id).changes),
    );
    expect(changes).toBeNull();
    expect(db.sqlite.prepare(`SELECT ${BOOKS_ONLY} AS value FROM songs WHERE id = ?`).get(song.id)).toEqual({ value: 1 });
  });

  it('writes to other tables, and reads of songs, go through', () => {
    addSong(db, { name: 'Read' });
    expect(db.sqlite.prepare('SELECT name FROM songs').all()).toEqual([{ name: 'Read' }]);
    expect(db.sqlite.prepare("UPDATE views SET title = title WHERE type = 'hidden'").run().changes).toBe(1);
  });
});

describe('marking rows pushed', () => {
  it('gives songs their cloud id through the writer, without a sync record or a new time', () => {
    const song = addSong(db, { name: 'Pushed' });
    const queued = getUnsyncedChanges(db).length;
    markPushed(db, 'songs', [song.id]);
    expect(getSong(db, song.id)).toEqual({ ...song, supabaseId: song.id });
    expect(getUnsyncedChanges(db)).toHaveLength(queued);
  });
});
