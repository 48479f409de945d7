// One writer for songs (issues 17, 29, 44): only `db/repositories/song-writer.ts` writes the `songs` table, so its
// rules (the row mapping, the processing flag's time, the sync record) hold for every path. SQLite holds it: the
// connection's temporary triggers refuse a write outside the writer's scope however it is spelled, prepared or
// `exec`uted, or made by a trigger. Each refusal is asserted by its code and by the rows left as they were.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songQuerySchema } from '../common/views/query';
import { AppError } from '../common/errors';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { markPushed } from './repositories/pulled-records';
import { insertShare, sharesOfSong } from './repositories/song-shares';
import { rewriteSongs } from './repositories/song-writer';
import { addSong, deleteSongsForGood, getSong } from './repositories/songs';
import { getUnsyncedChanges } from './repositories/sync-records';
import { songs, views } from './schema';
import { querySongs } from './song-query';
import { claimSongWriterScope, OUTSIDE_SONG_WRITER } from './song-writer-scope';
import { openTestDatabase } from './test-support';

let db: OpenedDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

/** Every row of the songs table, every column (the bookkeeping ones too), and what else a songs write would move. */
function everything(): unknown {
  return {
    songs: db.sqlite.prepare('SELECT * FROM songs ORDER BY seq').all(),
    tags: db.sqlite.prepare('SELECT * FROM song_tags ORDER BY song_seq, tag').all(),
    syncRecords: getUnsyncedChanges(db),
  };
}

/** What `write` threw: it must throw. */
function refusalOf(write: () => void): unknown {
  try {
    write();
  } catch (error) {
    return error;
  }
  throw new Error('the write was not refused');
}

function expectRefused(write: () => void, statement: 'INSERT' | 'UPDATE' | 'DELETE', songId: string): void {
  const before = everything();
  const error = refusalOf(write);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'internal', message: `${OUTSIDE_SONG_WRITER}: ${statement} of song ${songId} refused outside its scope` });
  expect(everything()).toEqual(before);
}

function runPrepared(source: string): void {
  const statement = db.sqlite.prepare(source);
  // A write with RETURNING is read, not run.
  if (statement.reader) statement.all();
  else statement.run();
}

const runners: [string, (source: string) => void][] = [
  ['prepared and run', runPrepared],
  ['by exec', (source) => db.sqlite.exec(source)],
  ['prepared and run in a transaction', (source) => inTransaction(db, () => runPrepared(source))],
];

// Each spelling as SQL text for the song `id`; the statement and the song the refusal names.
const spellings: [string, (id: string) => string, 'INSERT' | 'UPDATE' | 'DELETE', 'kept' | 'stray'][] = [
  ['UPDATE songs', (id) => `UPDATE songs SET name = 'Renamed' WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['a comment first', (id) => `/* x */ UPDATE songs SET name = 'Renamed' WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['a line comment first', (id) => `-- x\nUPDATE songs SET name = 'Renamed' WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['main.songs', (id) => `UPDATE main.songs SET name = 'Renamed' WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['"main"."songs"', (id) => `UPDATE "main"."songs" SET name = 'Renamed' WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['a WITH clause', (id) => `WITH one AS (SELECT '${id}') UPDATE songs SET name = 'Renamed' WHERE id IN (SELECT * FROM one)`, 'UPDATE', 'kept'],
  ['only a bookkeeping column', (id) => `UPDATE songs SET processing_started_at = 1 WHERE id = '${id}'`, 'UPDATE', 'kept'],
  ['INSERT INTO songs', () => `INSERT INTO songs (id, name, created_at, modified_at) VALUES ('stray', 'Stray', 1, 1)`, 'INSERT', 'stray'],
  ['INSERT with a comment first into main.songs', () => `/* x */ INSERT INTO main.songs (id, name, created_at, modified_at) VALUES ('stray', 'Stray', 1, 1)`, 'INSERT', 'stray'],
  ['an upsert', (id) => `INSERT INTO "songs" (id, name, created_at, modified_at) VALUES ('${id}', 'Renamed', 1, 1) ON CONFLICT (id) DO UPDATE SET name = excluded.name`, 'INSERT', 'kept'],
  ['REPLACE INTO "main"."songs"', (id) => `REPLACE INTO "main"."songs" (id, name, created_at, modified_at) VALUES ('${id}', 'Replaced', 1, 1)`, 'INSERT', 'kept'],
  ['DELETE FROM songs', (id) => `DELETE FROM songs WHERE id = '${id}'`, 'DELETE', 'kept'],
  ['DELETE after a line comment, from main.songs', (id) => `-- x\nDELETE FROM main.songs WHERE id = '${id}'`, 'DELETE', 'kept'],
  ['DELETE FROM "main"."songs" with RETURNING', (id) => `DELETE FROM "main"."songs" WHERE id = '${id}' RETURNING id`, 'DELETE', 'kept'],
];

describe('a write to the songs table outside the writer', () => {
  describe.each(runners)('%s', (_how, run) => {
    it.each(spellings)('is refused, and changes nothing: %s', (_spelling, source, statement, named) => {
      const kept = addSong(db, { name: 'Kept', tags: ['demo'] });
      expectRefused(() => run(source(kept.id)), statement, named === 'kept' ? kept.id : 'stray');
      expect(getSong(db, kept.id)).toEqual(kept);
    });
  });

  it('is refused through drizzle on a variable', () => {
    const kept = addSong(db, { name: 'Kept' });
    const table = [songs, views][0]!;
    expectRefused(() => void db.orm.update(table).set({ supabaseId: sql`${table.id}` }).where(eq(table.id, kept.id)).run(), 'UPDATE', kept.id);
  });

  it('is refused when another table’s trigger makes it, and the write that fired it is undone', () => {
    const kept = addSong(db, { name: 'Kept' });
    // As a migration could make one: a trigger in the database itself, not the connection's.
    db.sqlite.exec(`CREATE TRIGGER views_rename_songs AFTER UPDATE ON views BEGIN UPDATE songs SET name = new.title; END`);
    const viewsBefore = db.orm.select().from(views).all();
    expectRefused(() => db.sqlite.prepare(`UPDATE views SET title = 'Renamed' WHERE type = 'hidden'`).run(), 'UPDATE', kept.id);
    expect(db.orm.select().from(views).all()).toEqual(viewsBefore);
  });

  it('undoes the whole transaction it was part of', () => {
    const kept = addSong(db, { name: 'Kept' });
    const viewsBefore = db.orm.select().from(views).all();
    expectRefused(
      () =>
        inTransaction(db, () => {
          db.sqlite.prepare(`UPDATE views SET title = 'Written first' WHERE type = 'hidden'`).run();
          db.sqlite.exec(`UPDATE songs SET name = 'Renamed' WHERE id = '${kept.id}'`);
        }),
      'UPDATE',
      kept.id,
    );
    expect(db.orm.select().from(views).all()).toEqual(viewsBefore);
  });

  it('writes to other tables, and reads of songs, go through', () => {
    addSong(db, { name: 'Read' });
    expect(db.sqlite.prepare('SELECT name FROM songs').all()).toEqual([{ name: 'Read' }]);
    expect(db.sqlite.prepare("UPDATE views SET title = title WHERE type = 'hidden'").run().changes).toBe(1);
  });
});

describe("the writer's scope", () => {
  it('is claimed once, by the writer: a second claim is refused', () => {
    expect(() => claimSongWriterScope()).toThrow(expect.objectContaining({ code: 'internal', message: expect.stringContaining('claimed once') }));
  });

  it('lets the writer write, runs the app’s own triggers on songs, and tells the change feed', async () => {
    const { value: song, changes } = await db.changes.capture(() => addSong(db, { name: 'Lantern', tags: ['demo'], notes: 'bridge in 7/8' }));
    expect(changes?.tables).toEqual(expect.arrayContaining(['songs', 'sync_records']));
    rewriteSongs(db, [{ ...song, meta: { plugins: [{ name: 'Serum', format: 'CLAP', instances: 1 }] } }], null);
    insertShare(db, { token: 't', songId: song.id, cloudId: 'c', url: 'https://x/s/t', expiresAt: 1e13, hasPassword: false, allowDownload: false, createdAt: 1 });

    expect(db.sqlite.prepare('SELECT tag FROM song_tags').all()).toEqual([{ tag: 'demo' }]);
    expect(db.sqlite.prepare('SELECT name, format FROM song_plugins').all()).toEqual([{ name: 'Serum', format: 'CLAP' }]);
    const search = (text: string) => querySongs(db, songQuerySchema.parse({ search: text })).rows.map((row) => row.name);
    expect(search('bridge')).toEqual(['Lantern']);

    deleteSongsForGood(db, [song]);
    expect(sharesOfSong(db, song.id)).toEqual([expect.objectContaining({ revokePending: true, revokedAt: expect.any(Number) })]);
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM song_tags').get()).toEqual({ n: 0 });
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
