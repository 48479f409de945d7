import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROCESSING_FLAG_EXPIRY_MS } from '../../common/constants';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { clearStaleProcessingFlags } from './scanned-songs';
import { getUnsyncedChanges } from './sync-records';
import { buildSong, getSong } from './songs';
import { insertSongs, rewriteSongs, writeSongColumns } from './song-writer';

let clock: TestClock;
let db: OpenedDatabase;

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

const flagTime = (id: string) => db.sqlite.prepare('SELECT processing_started_at AS t FROM songs WHERE id = ?').get(id) as { t: number | null };

describe('the one writer of songs', () => {
  it('a processing flag raised by any write carries its time, kept while it stays up, so the 2-minute rule clears it', () => {
    const song = buildSong({ name: 'Uploading' }, clock.now());
    insertSongs(db, [song]);
    expect(flagTime(song.id).t).toBeNull();

    // Raised by a write of a few columns (as the uploader does): the time is now.
    clock.advance(1000);
    const raisedAt = clock.now();
    writeSongColumns(db, [{ ...song, isBeingProcessedByHandleNewProject: true }], ['isBeingProcessed']);
    expect(flagTime(song.id).t).toBe(raisedAt);

    // Rewritten whole while still up: the time stays.
    clock.advance(30_000);
    rewriteSongs(db, [{ ...getSong(db, song.id)!, name: 'Uploading still' }]);
    expect(flagTime(song.id).t).toBe(raisedAt);

    clock.set(raisedAt + PROCESSING_FLAG_EXPIRY_MS);
    expect(clearStaleProcessingFlags(db)).toEqual([song.id]);
    expect(getSong(db, song.id)?.isBeingProcessedByHandleNewProject).toBe(false);
    expect(flagTime(song.id).t).toBeNull();
  });

  it('queues a record naming the song and its kind, or none for a write the cloud must not get back', () => {
    const song = buildSong({ name: 'Named' }, clock.now());
    insertSongs(db, [song]);
    rewriteSongs(db, [{ ...song, name: 'Mirrored' }], null);
    expect(getUnsyncedChanges(db).filter((record) => record.table === 'songs')).toEqual([
      expect.objectContaining({ type: 'add', recordId: song.id, data: null }),
    ]);
  });
});
