import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangedTable } from '../common/bridge/ipc';
import { updatedColumns, writtenFields, writtenTable } from './change-log';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { MAX_TOLD_ROWS } from '../common/bridge/change-set';
import { PLUGINS_HERE } from '../common/views/row-moves';
import { replaceInstalledPlugins } from './repositories/installed-plugins';
import { deleteSongs, insertSongs, markSongsPushed, writeSongColumns } from './repositories/song-writer';
import { addSong, buildSong, updateSong } from './repositories/songs';
import { markSynced, getUnsyncedChanges } from './repositories/sync-records';
import { addView } from './repositories/views';
import { openTestDatabase } from './test-support';

let db: OpenedDatabase;
let told: ChangedTable[][];
let pushes: number;

beforeEach(() => {
  db = openTestDatabase();
  told = [];
  pushes = 0;
  db.changes.onBackground((changes) => told.push(changes.tables.sort()));
  db.changes.onPushNeeded(() => pushes++);
});
afterEach(() => db.close());

describe('the table a statement writes', () => {
  it.each([
    ['insert into "songs" ("id", "name") values (?, ?)', 'songs'],
    ['INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)', 'kv'],
    ['update "song_tags" set "tag" = ?', 'songs'],
    ['  DELETE FROM removed_by_sync WHERE id = ?', 'songs'],
    ['REPLACE INTO user_settings VALUES (?)', 'user_settings'],
    ["WITH gone AS (SELECT id FROM songs WHERE hidden = 1) DELETE FROM songs WHERE id IN (SELECT id FROM gone)", 'songs'],
    ['insert into "sync_records" ("type") values (?) on conflict do update set "type" = excluded."type"', 'sync_records'],
    ['insert into "jobs" ("kind") values (?)', 'jobs'],
  ])('%s writes %s', (source, table) => {
    expect(writtenTable(source)).toBe(table);
  });

  it.each([
    'select * from "songs" where "updated_at" > ?',
    'SELECT count(*) FROM sync_records',
    'update "files" set "size" = ?',
    'PRAGMA user_version',
  ])('%s writes nothing the pages show', (source) => {
    expect(writtenTable(source)).toBeNull();
  });
});

describe('the fields a statement writes', () => {
  it.each([
    ['update "songs" set "status" = ?, "modified_at" = ? where "songs"."id" = ?', ['status', 'modified_at']],
    ['UPDATE "songs" SET "status" = ?, "edited_fields" = ?, "modified_at" = ? WHERE "id" = ?', ['status', 'edited_fields', 'modified_at']],
    ['update "songs" set "custom" = json_remove("songs"."custom", ?), "modified_at" = ? where json_type("custom", ?) is not null returning "id"', ['custom', 'modified_at']],
    ["update songs set notes = 'a, b = c' where id = ?", ['notes']],
    ['with gone as (select 1) update "songs" set "hidden" = ? where "id" in (select 1 from gone)', ['hidden']],
  ])('%s sets %j', (source, columns) => {
    expect(updatedColumns(source)).toEqual(columns);
  });

  it.each([
    ['UPDATE "songs" SET "status" = ?, "edited_fields" = ?, "modified_at" = ? WHERE "id" = ?', ['status', 'editedAt', 'modifiedAt']],
    ['UPDATE "songs" SET "file_value" = ?, "file_name" = ?, "tempo" = ?, "tempo_bpm" = ? WHERE "id" = ?', ['file', 'tempo']],
    ['UPDATE "songs" SET "is_being_processed" = ?, "processing_started_at" = ? WHERE "id" = ?', ['isBeingProcessedByHandleNewProject']],
    ['insert into "songs" ("id", "name") values (?, ?)', null],
    ['insert into "songs" ("id") values (?) on conflict ("id") do update set "name" = excluded."name"', null],
    ['delete from "songs" where "id" = ?', null],
    ['insert into "song_tags" ("song_seq", "tag") values (?, ?)', ['tags']],
    ['update "jobs" set "heartbeat_at" = ?, "updated_at" = ? where "id" = ?', []],
    ['update "jobs" set "heartbeat_at" = ?, "updated_at" = ?, "progress" = ? where "id" = ?', null],
    ['update "views" set "title" = ?', null],
  ])('%s changes the fields %j', (source, fields) => {
    expect(writtenFields(source)).toEqual(fields);
  });

  it('a song written by its columns is told with its fields; a whole one, or a new one, with none', async () => {
    const song = addSong(db, { name: 'Fields' });
    const edit = await db.changes.capture(() => writeSongColumns(db, [{ ...song, status: 'Mixing' }], ['status', 'editedFields', 'modifiedAt']));
    expect(edit.changes).toEqual({ tables: ['songs', 'sync_records'], fields: { songs: ['status', 'editedAt', 'modifiedAt'] }, rows: { songs: [song.id] }, seq: expect.any(Number) });
    const added = await db.changes.capture(() => addSong(db, { name: 'New' }));
    expect(added.changes?.fields).toBeUndefined();
  });

  it("a job's heartbeat is not told; its progress is", () => {
    db.sqlite.prepare(`INSERT INTO jobs (kind, state, run_after, created_at, updated_at) VALUES ('scan', 'running', 0, 0, 0)`).run();
    told.length = 0;
    db.sqlite.prepare('UPDATE jobs SET heartbeat_at = ?, updated_at = ? WHERE id = 1').run(1, 1);
    expect(told).toEqual([]);
    db.sqlite.prepare('UPDATE jobs SET heartbeat_at = ?, updated_at = ?, progress = ? WHERE id = 1').run(2, 2, 0.5);
    expect(told).toEqual([['jobs']]);
  });
});

describe('the change log', () => {
  it('a committed write is told once, with every table it touched; a read is not told', () => {
    addSong(db, { name: 'Told', tags: ['demo'] });
    db.orm.query.songs.findMany().sync();
    expect(told).toEqual([['songs', 'sync_records']]);
    expect(pushes).toBe(1);
  });

  it('a rolled-back transaction is not told, and neither is its push', () => {
    expect(() =>
      inTransaction(db, () => {
        addSong(db, { name: 'Never saved' });
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(told).toEqual([]);
    expect(pushes).toBe(0);
  });

  it('a savepoint rolled back inside a transaction that commits: only what committed is told', () => {
    inTransaction(db, () => {
      addView(db, { type: 'custom', title: 'Kept' }, 'pro');
      try {
        inTransaction(db, () => {
          addSong(db, { name: 'Rolled back' });
          throw new Error('inner');
        });
      } catch {
        // The outer transaction goes on.
      }
    });
    expect(told).toEqual([['sync_records', 'views']]);
  });

  it('an update that changes no row is not told; marking records synced is told without a push', () => {
    const song = addSong(db, { name: 'Once' });
    told = [];
    pushes = 0;
    db.sqlite.prepare('UPDATE views SET title = ? WHERE id = ?').run('x', 'no-such-view');
    expect(told).toEqual([]);
    markSynced(
      db,
      getUnsyncedChanges(db).map((record) => record.id),
    );
    expect(told).toEqual([['sync_records']]);
    expect(pushes).toBe(0);
    updateSong(db, song.id, { name: 'Twice' });
    expect(pushes).toBe(1);
  });

  it("a call's writes go to its reply, numbered; writes after the call ended are the background's", async () => {
    let later: Promise<void> = Promise.resolve();
    const { value, changes } = await db.changes.capture(async () => {
      await Promise.resolve();
      const song = addSong(db, { name: 'In the call' });
      // Work the call starts and leaves running (a job it wakes) is not the call's.
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => {
        updateSong(db, song.id, { name: 'After the call' });
      });
      return song.name;
    });
    expect(value).toBe('In the call');
    expect(changes).toEqual({ tables: ['songs', 'sync_records'], rows: { songs: [expect.any(String)] }, seq: expect.any(Number) });
    expect(told).toEqual([]);
    await later;
    expect(told).toEqual([['songs', 'sync_records']]);
    const next = await db.changes.capture(() => addSong(db, { name: 'Next' }));
    expect(next.changes!.seq).toBeGreaterThan(changes!.seq);
  });

  it('a call that fails after writing still tells what it wrote, to everyone', async () => {
    await expect(
      db.changes.capture(() => {
        addSong(db, { name: 'Written before the failure' });
        throw new Error('then it failed');
      }),
    ).rejects.toThrow('then it failed');
    expect(told).toEqual([['songs', 'sync_records']]);
  });
});

describe('the songs a write names', () => {
  const rowsOf = async (write: () => unknown) => (await db.changes.capture(write)).changes?.rows?.songs ?? null;

  it('an edit names its song; an insert the new one; a delete the ones it removed; other tables name none', async () => {
    const [first, second] = [addSong(db, { name: 'First' }), addSong(db, { name: 'Second' })];
    const edit = await db.changes.capture(() => updateSong(db, first.id, { status: 'Mixing' }));
    expect(edit.changes?.rows).toEqual({ songs: [first.id] });
    let added = '';
    expect(await rowsOf(() => (added = addSong(db, { name: 'Third' }).id))).toEqual([added]);
    expect((await rowsOf(() => deleteSongs(db, [first.id, second.id], null)))?.sort()).toEqual([first.id, second.id].sort());
  });

  it('rows are named by SQLite, not by the caller: a write whose WHERE finds fewer songs names only those', async () => {
    const songs = [addSong(db, { name: 'Unpushed' }), addSong(db, { name: 'Pushed' })];
    markSongsPushed(db, [songs[1]!.id]);
    expect(await rowsOf(() => markSongsPushed(db, songs.map((song) => song.id)))).toEqual([songs[0]!.id]);
  });

  it('a transaction names every song its writes named; past the cap, any song', async () => {
    const few = ['A', 'B', 'C'].map((name) => addSong(db, { name }));
    const both = await rowsOf(() => inTransaction(db, () => few.forEach((song) => updateSong(db, song.id, { tempo: '120' }))));
    expect(both?.sort()).toEqual(few.map((song) => song.id).sort());
    const many = Array.from({ length: MAX_TOLD_ROWS + 1 }, (_, at) => buildSong({ name: `Song ${at}` }, 1));
    const bulk = await db.changes.capture(() => insertSongs(db, many, null));
    expect(bulk.changes?.tables).toContain('songs');
    expect(bulk.changes?.rows?.songs).toBeUndefined();
  });

  it("what is installed here is told as its own field of songs (not their meta), naming no song: any may show it", async () => {
    const changes = await db.changes.capture(() => replaceInstalledPlugins(db, [{ names: ['Serum'], format: 'VST3', path: '/p/Serum.vst3' }]));
    expect(changes.changes?.tables).toContain('songs');
    expect(changes.changes?.fields?.songs).toEqual([PLUGINS_HERE]);
    expect(changes.changes?.rows?.songs).toBeUndefined();
  });
});
