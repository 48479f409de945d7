import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors';
import { songPatchSchema } from '../../common/songs/song';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { addCustomField } from './custom-fields';
import { addSong, deleteSong, getSong, getSongs, updateSong } from './songs';
import { markSongsRemoved } from './removed-by-sync';
import { getUnsyncedChanges } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

function songRecords() {
  return getUnsyncedChanges(db).filter((record) => record.table === 'songs');
}

describe('songs repository', () => {
  it('db:add-song gives a new song the spec defaults and writes an add sync record', () => {
    const song = addSong(db, { name: 'Night Drive' });
    expect(song).toMatchObject({
      name: 'Night Drive',
      priority: 'Medium',
      tier: 'C',
      status: 'Backlog',
      tags: [],
      hidden: false,
      source: 'manual',
      createdAt: clock.now(),
      modifiedAt: clock.now(),
    });
    expect(getSong(db, song.id)).toEqual(song);
    expect(songRecords()).toEqual([
      expect.objectContaining({ type: 'add', table: 'songs', recordId: song.id, data: null }),
    ]);
  });

  it('db:update-song saves the patch, bumps modified time and writes an update sync record', () => {
    const song = addSong(db, { name: 'Draft' });
    clock.advance(1000);
    const updated = updateSong(db, song.id, { name: 'Final', status: 'Mixing', tags: ['EP 2'] });
    expect(updated).toMatchObject({ name: 'Final', status: 'Mixing', tags: ['EP 2'], modifiedAt: clock.now() });
    expect(getSong(db, song.id)).toEqual(updated);
    expect(songRecords().map((record) => record.type)).toEqual(['add', 'update']);
    // The record names the song; the push sends the row as it is then.
    expect(songRecords()[1]).toMatchObject({ recordId: song.id, data: null });
  });

  it('keeps a song\'s tags unique ignoring case, whether it is added or edited through the contract', () => {
    const song = addSong(db, { name: 'Dup', tags: ['EP 2', 'ep 2', 'Demo'] });
    expect(song.tags).toEqual(['EP 2', 'Demo']);
    const patch = songPatchSchema.parse({ tags: ['club', 'Club', 'CLUB', 'vocal'] });
    expect(updateSong(db, song.id, patch).tags).toEqual(['club', 'vocal']);
  });

  it('new audio linked to a song is flagged for upload; unlinking it or other edits are not', () => {
    const song = addSong(db, { name: 'Bounce me' });
    const file = { value: '/music/a.wav', localPath: '/music/a.wav', fileName: 'a.wav', modifiedTime: null };
    expect(updateSong(db, song.id, { file }).needsUploadRetry).toBe(true);
    expect(updateSong(db, song.id, { needsUploadRetry: false }).needsUploadRetry).toBe(false);
    expect(updateSong(db, song.id, { name: 'Renamed', file }).needsUploadRetry).toBe(false);
    expect(updateSong(db, song.id, { file: null }).needsUploadRetry).toBe(false);
  });

  it('db:update-song stamps each field it changes with the edit’s time, custom values each by itself', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'text' });
    const song = addSong(db, { name: 'Loop', status: 'Mixing' });
    clock.advance(1000);
    const updated = updateSong(db, song.id, { tempo: '124', notes: 'new hook', status: 'Mixing', custom: { [mood.id]: 'dark' } });
    expect(updated.editedAt).toEqual({ tempo: clock.now(), notes: clock.now(), [`custom.${mood.id}`]: clock.now() });
    clock.advance(1000);
    expect(updateSong(db, song.id, { custom: { [mood.id]: null } }).editedAt).toMatchObject({ tempo: clock.now() - 1000, [`custom.${mood.id}`]: clock.now() });
    expect(getSong(db, song.id)?.editedAt).toEqual({ tempo: clock.now() - 1000, notes: clock.now() - 1000, [`custom.${mood.id}`]: clock.now() });
  });

  it('hiding a song is the user’s edit too; the app’s own flags are not', () => {
    const song = addSong(db, { name: 'Found', source: 'directory', projectPath: '/music/Found Project' });
    expect(updateSong(db, song.id, { needsUploadRetry: true, isBeingProcessedByHandleNewProject: true }).editedAt).toEqual({});
    clock.advance(1000);
    deleteSong(db, song.id);
    expect(getSong(db, song.id)?.editedAt).toEqual({ hidden: clock.now() });
  });

  it('db:update-song of a missing song fails with the spec text and writes nothing', () => {
    expect(() => updateSong(db, 'missing', { name: 'x' })).toThrow(AppError);
    expect(() => updateSong(db, 'missing', { name: 'x' })).toThrow(/^Failed to update song in local database/);
    expect(songRecords()).toHaveLength(0);
  });

  it('db:delete-song hides a song from a project directory and writes an update record', () => {
    const song = addSong(db, { name: 'Found', source: 'directory', projectPath: '/music/Found Project' });
    expect(deleteSong(db, song.id)).toBe('hidden');
    expect(getSong(db, song.id)?.hidden).toBe(true);
    expect(songRecords().at(-1)).toMatchObject({ type: 'update', recordId: song.id, data: null });
  });

  it('db:delete-song deletes a manually added song for good and writes a delete record', () => {
    const song = addSong(db, { name: 'Scratch' });
    expect(deleteSong(db, song.id)).toBe('deleted');
    expect(getSong(db, song.id)).toBeNull();
    expect(songRecords().at(-1)).toMatchObject({ type: 'delete', recordId: song.id });
  });

  it('db:get-songs returns all songs, or only the given ids, or only visible ones', () => {
    const a = addSong(db, { name: 'A' });
    const b = addSong(db, { name: 'B', source: 'directory', projectPath: '/p/B' });
    deleteSong(db, b.id);
    expect(getSongs(db).map((song) => song.name).sort()).toEqual(['A', 'B']);
    expect(getSongs(db, { ids: [b.id] }).map((song) => song.name)).toEqual(['B']);
    expect(getSongs(db, { includeHidden: false }).map((song) => song.id)).toEqual([a.id]);
  });

  it('keeps the search index in step with adds, edits and deletes', () => {
    const song = addSong(db, { name: 'Blue Hour', notes: 'needs vocals', tags: ['ambient'] });
    const search = (term: string) =>
      (db.sqlite.prepare(`SELECT rowid FROM songs_fts WHERE songs_fts MATCH ?`).all(term) as unknown[]).length;
    expect([search('blue'), search('vocals'), search('ambient')]).toEqual([1, 1, 1]);
    updateSong(db, song.id, { name: 'Red Hour' });
    expect([search('blue'), search('red')]).toEqual([0, 1]);
    deleteSong(db, song.id);
    expect(search('red')).toBe(0);
  });
});

describe('the tag index', () => {
  it('follows every add, edit and delete of a song’s tags', () => {
    const tagsOf = (id: string) =>
      (db.sqlite.prepare('SELECT tag FROM song_tags JOIN songs ON songs.seq = song_tags.song_seq WHERE songs.id = ? ORDER BY tag').all(id) as { tag: string }[]).map((row) => row.tag);
    const song = addSong(db, { name: 'Tagged', tags: ['EP 2', 'club'] });
    expect(tagsOf(song.id)).toEqual(['EP 2', 'club']);
    updateSong(db, song.id, { tags: ['demo'] });
    expect(tagsOf(song.id)).toEqual(['demo']);
    deleteSong(db, song.id);
    expect((db.sqlite.prepare('SELECT count(*) AS n FROM song_tags').get() as { n: number }).n).toBe(0);
  });
});

/**
 * Counts each firing of the triggers on songs (the full-text and tags indexes): a TEMP copy of each, on the same event
 * and the same column list, adds one to its count. Read from the database, so a migration that changes a trigger's
 * columns is counted as it now is.
 */
function countSongTriggers(): () => Record<string, number> {
  db.sqlite.exec('CREATE TEMP TABLE fired (name TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  const triggers = db.sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'songs'").all() as { name: string; sql: string }[];
  for (const { name, sql } of triggers) {
    const event = sql.slice(0, sql.search(/\bBEGIN\b/i)).replace(/^CREATE TRIGGER\s+[`"]?\w+[`"]?/i, `CREATE TEMP TRIGGER count_${name}`);
    db.sqlite.exec(`INSERT INTO fired VALUES ('${name}', 0); ${event} BEGIN UPDATE fired SET n = n + 1 WHERE name = '${name}'; END;`);
  }
  return () => Object.fromEntries((db.sqlite.prepare('SELECT name, n FROM fired').all() as { name: string; n: number }[]).map((row) => [row.name, row.n]));
}

describe('an edit writes only the columns it changes', () => {
  it('a status edit rewrites neither the full-text, the tags nor the plug-ins index; a name or tags edit rewrites its own', () => {
    const song = addSong(db, { name: 'Quiet', notes: 'a long story', tags: ['demo', 'live'] });
    const fired = countSongTriggers();
    expect(fired()).toEqual({
      songs_fts_insert: 0,
      songs_fts_update: 0,
      songs_fts_delete: 0,
      song_tags_insert: 0,
      song_tags_update: 0,
      song_tags_delete: 0,
      song_plugins_insert: 0,
      song_plugins_update: 0,
      song_plugins_delete: 0,
      song_shares_revoke_with_song: 0,
    });

    const changesBefore = (db.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    updateSong(db, song.id, { status: 'Mixing' });
    // Rows changed, triggers included: the song's row and its sync record, no index row.
    const changed = (db.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n - changesBefore;
    expect(fired()).toMatchObject({ songs_fts_update: 0, song_tags_update: 0, song_plugins_update: 0 });
    expect(changed).toBe(2);
    expect(getSong(db, song.id)).toMatchObject({ status: 'Mixing', name: 'Quiet', tags: ['demo', 'live'] });

    updateSong(db, song.id, { name: 'Loud' });
    expect(fired()).toMatchObject({ songs_fts_update: 1, song_tags_update: 0 });
    updateSong(db, song.id, { tags: ['demo'] });
    expect(fired()).toMatchObject({ songs_fts_update: 2, song_tags_update: 1 });
  });

  it('an edit that changes nothing (the same value in the same millisecond) writes nothing and queues nothing', () => {
    const song = addSong(db, { name: 'Same' });
    const queued = songRecords();
    const changesBefore = (db.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    expect(updateSong(db, song.id, { status: 'Backlog' })).toEqual(song);
    expect((db.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n).toBe(changesBefore);
    expect(songRecords()).toEqual(queued);
  });

  it('an edit of a song waiting in Hidden after a pull removed it makes it a live song again, as a whole write did', () => {
    const song = addSong(db, { name: 'Removed elsewhere' });
    markSongsRemoved(db, [song.id], clock.now());
    expect(getSong(db, song.id)?.removedBySyncAt).toBe(clock.now());
    updateSong(db, song.id, { hidden: false });
    expect(getSong(db, song.id)).toMatchObject({ hidden: false });
    expect(getSong(db, song.id)?.removedBySyncAt).toBeUndefined();
  });
});
