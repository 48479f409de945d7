import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { setSignedInAccount, updateLastSync } from './account';
import { cleanDeleted } from './clean-deleted';
import { addSong, getSong, updateSong } from './songs';
import { getUnsyncedChanges, markSynced, writeSyncRecord } from './sync-records';
import { addView, getViews } from './views';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
  // The default views' own records are not what these tests are about.
  markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
});
afterEach(() => db.close());

const MINUTE = 60_000;

describe('sync records', () => {
  it('db:add-sync-record appends a record that db:get-unsynced-changes returns in order', () => {
    const first = writeSyncRecord(db, { type: 'add', table: 'songs', recordId: 's1', data: { name: 'one' } });
    const second = writeSyncRecord(db, { type: 'delete', table: 'views', recordId: 'v1', data: null });
    expect(getUnsyncedChanges(db)).toEqual([first, second]);
    expect(first).toMatchObject({ synced: false, timestamp: clock.now(), data: { name: 'one' } });
  });

  it('db:mark-synced marks only the given records, once', () => {
    const a = writeSyncRecord(db, { type: 'add', table: 'songs', recordId: 'a', data: {} });
    const b = writeSyncRecord(db, { type: 'add', table: 'songs', recordId: 'b', data: {} });
    expect(markSynced(db, [a.id])).toBe(1);
    expect(markSynced(db, [a.id])).toBe(0);
    expect(getUnsyncedChanges(db).map((record) => record.id)).toEqual([b.id]);
  });

  it('db:get-unsynced-changes honours its limit', () => {
    for (let i = 0; i < 5; i += 1) writeSyncRecord(db, { type: 'add', table: 'songs', recordId: `r${i}`, data: {} });
    expect(getUnsyncedChanges(db, 2).map((record) => record.recordId)).toEqual(['r0', 'r1']);
  });
});

describe('db:clean-deleted', () => {
  // The last sync is the signed-in account's.
  beforeEach(() => setSignedInAccount(db, { userId: '0190a3b4-0000-7000-8000-0000000000a1', email: null, name: null }));

  it('moves synced songs the cloud no longer has to Hidden, marked with the time', () => {
    const gone = addSong(db, { name: 'Gone' });
    const kept = addSong(db, { name: 'Kept' });
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    clock.advance(10 * MINUTE);
    updateLastSync(db);
    expect(cleanDeleted(db, { table: 'songs', cloudIds: [kept.id] })).toEqual([gone.id]);
    expect(getSong(db, gone.id)).toMatchObject({ hidden: true, removedBySyncAt: clock.now() });
    expect(getSong(db, kept.id)).toMatchObject({ hidden: false });
    expect(getSong(db, kept.id)?.removedBySyncAt).toBeUndefined();
    // Already waiting in Hidden: not removed again.
    expect(cleanDeleted(db, { table: 'songs', cloudIds: [kept.id] })).toEqual([]);
  });

  it('keeps songs created in the last 5 minutes', () => {
    updateLastSync(db);
    clock.advance(MINUTE);
    const fresh = addSong(db, { name: 'Fresh' });
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    clock.advance(4 * MINUTE);
    expect(cleanDeleted(db, { table: 'songs', cloudIds: [] })).toEqual([]);
    expect(getSong(db, fresh.id)).not.toBeNull();
  });

  it('keeps songs created after the last sync, however old', () => {
    const late = addSong(db, { name: 'Late' });
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    clock.advance(60 * MINUTE);
    expect(cleanDeleted(db, { table: 'songs', cloudIds: [] })).toEqual([]);
    expect(getSong(db, late.id)).not.toBeNull();
  });

  it('keeps a song with an edit not yet pushed', () => {
    const edited = addSong(db, { name: 'Edited' });
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    clock.advance(10 * MINUTE);
    updateLastSync(db);
    updateSong(db, edited.id, { notes: 'mine' });
    expect(cleanDeleted(db, { table: 'songs', cloudIds: [] })).toEqual([]);
  });

  it('deletes custom views the cloud lost but never the Hidden view', () => {
    const { view } = addView(db, { type: 'custom', title: 'Gone' }, 'pro');
    markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
    const keep = getViews(db).filter((candidate) => candidate.id !== view.id && candidate.type === 'custom');
    expect(cleanDeleted(db, { table: 'views', cloudIds: keep.map((candidate) => candidate.id) })).toEqual([view.id]);
    expect(getViews(db).some((candidate) => candidate.type === 'hidden')).toBe(true);
  });
});
