import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_REMOVED_KEPT_MS } from '../../common/constants';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { bulkUpdateSongs } from './bulk-songs';
import { markSongsRemoved, purgeRemovedBySync, unmarkSongsBackInCloud } from './removed-by-sync';
import { addSong, getSong, updateSong } from './songs';
import { getUnsyncedChanges, markSynced } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

/** A synced song a pull has just removed. */
function removedSong(name: string) {
  const song = addSong(db, { name });
  markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
  markSongsRemoved(db, [song.id], clock.now());
  return song;
}

describe('songs removed by sync', () => {
  it('wait in Hidden, marked, and are deleted for good 30 days later', () => {
    const song = removedSong('Gone');
    expect(getSong(db, song.id)).toMatchObject({ hidden: true, removedBySyncAt: clock.now() });
    clock.advance(SYNC_REMOVED_KEPT_MS - 1);
    expect(purgeRemovedBySync(db, clock.now())).toBe(0);
    clock.advance(1);
    expect(purgeRemovedBySync(db, clock.now())).toBe(1);
    expect(getSong(db, song.id)).toBeNull();
  });

  it('restored or edited by the user, lose the mark: a later hide never purges them', () => {
    const restored = removedSong('Restored');
    const edited = removedSong('Edited');
    updateSong(db, restored.id, { hidden: false });
    updateSong(db, edited.id, { notes: 'still mine' });
    updateSong(db, restored.id, { hidden: true });
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    clock.advance(SYNC_REMOVED_KEPT_MS);
    expect(purgeRemovedBySync(db, clock.now())).toBe(0);
    expect(getSong(db, restored.id)?.removedBySyncAt).toBeUndefined();
    expect(getSong(db, edited.id)).toMatchObject({ hidden: true, notes: 'still mine' });
  });

  it('restored in bulk, are kept while the change is unpushed, and lose the mark once the cloud holds them', () => {
    const song = removedSong('Bulk');
    bulkUpdateSongs(db, [song.id], { hidden: false });
    bulkUpdateSongs(db, [song.id], { hidden: true });
    clock.advance(SYNC_REMOVED_KEPT_MS);
    expect(purgeRemovedBySync(db, clock.now())).toBe(0);
    unmarkSongsBackInCloud(db, new Set([song.id]));
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    expect(purgeRemovedBySync(db, clock.now())).toBe(0);
    expect(getSong(db, song.id)?.removedBySyncAt).toBeUndefined();
  });
});
