import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songQuerySchema } from '../../common/views/query';
import type { OpenedDatabase } from '../connection';
import { querySongs } from '../song-query';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { bulkDeleteSongs, bulkUpdateSongs } from './bulk-songs';
import { addCustomField } from './custom-fields';
import { mergeProjectMeta } from './scanned-songs';
import { addSong, getSong, getSongs } from './songs';
import { getUnsyncedChanges } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

function records(type: 'add' | 'update' | 'delete') {
  return getUnsyncedChanges(db, 10_000).filter((record) => record.table === 'songs' && record.type === type);
}

function taggedNames(tag: string): string[] {
  return querySongs(db, songQuerySchema.parse({ filters: [{ op: 'hasTag', field: 'tags', value: tag }], sort: { column: 'name', direction: 'Ascending' } })).rows.map(
    (song) => song.name,
  );
}

describe('songs:bulk-update', () => {
  it('sets the fields on the selected songs only, with one update record each', () => {
    const a = addSong(db, { name: 'A' });
    const b = addSong(db, { name: 'B' });
    const c = addSong(db, { name: 'C' });
    clock.advance(1000);
    expect(bulkUpdateSongs(db, [a.id, b.id], { status: 'Mixing', priority: 'High', tier: 'A' })).toEqual({ updated: 2 });
    expect(getSong(db, a.id)).toMatchObject({ status: 'Mixing', priority: 'High', tier: 'A', name: 'A', modifiedAt: clock.now() });
    expect(getSong(db, b.id)).toMatchObject({ status: 'Mixing', priority: 'High', tier: 'A' });
    expect(getSong(db, c.id)).toEqual(c);
    expect(records('update').map((record) => record.recordId).sort()).toEqual([a.id, b.id].sort());
    expect(records('update')[0]?.data).toBeNull();
  });

  it('rewrites only songs that change, and ignores ids that do not exist', () => {
    const a = addSong(db, { name: 'A', status: 'Done' });
    const b = addSong(db, { name: 'B' });
    expect(bulkUpdateSongs(db, [a.id, b.id, 'gone'], { status: 'Done' })).toEqual({ updated: 1 });
    expect(records('update').map((record) => record.recordId)).toEqual([b.id]);
  });

  it('adds and removes tags whatever their case, keeping the tag index in step', () => {
    const a = addSong(db, { name: 'A', tags: ['Demo', 'club'] });
    const b = addSong(db, { name: 'B', tags: ['EP 2'] });
    bulkUpdateSongs(db, [a.id, b.id], { addTags: ['demo', 'Vocal'], removeTags: ['CLUB', 'ep 2'] });
    expect(getSong(db, a.id)?.tags).toEqual(['Demo', 'Vocal']);
    expect(getSong(db, b.id)?.tags).toEqual(['demo', 'Vocal']);
    expect(taggedNames('vocal')).toEqual(['A', 'B']);
    expect(taggedNames('club')).toEqual([]);
    expect(taggedNames('EP 2')).toEqual([]);
  });

  it('marks a key or time signature set in bulk as the user’s, so a scan keeps it', () => {
    const a = addSong(db, { name: 'A', key: 'C major' });
    bulkUpdateSongs(db, [a.id], { key: 'A minor', timeSignature: '6/8', status: 'Writing' });
    const edited = getSong(db, a.id);
    if (!edited) throw new Error('the song was written');
    expect(edited.editedAt).toEqual({ key: clock.now(), timeSignature: clock.now(), status: clock.now() });
    const rescanned = mergeProjectMeta(edited, {
      daw: 'ableton', dawVersion: null, tempo: 120, tempoAutomated: false, timeSignature: '4/4', key: 'D major',
      sampleRate: null, trackCount: null, tracks: [], samples: [], missingSamples: [],
    }, clock.now());
    expect(rescanned).toMatchObject({ key: 'A minor', timeSignature: '6/8', tempo: '120' });
  });

  it('merges custom values after checking them, and writes nothing when one is bad', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'singleSelect', options: ['dark', 'bright'] });
    const rating = addCustomField(db, { name: 'Rating', type: 'number' });
    const a = addSong(db, { name: 'A', custom: { [rating.id]: 3 } });
    const b = addSong(db, { name: 'B', custom: { [mood.id]: 'bright' } });
    bulkUpdateSongs(db, [a.id, b.id], { custom: { [mood.id]: 'dark' } });
    expect(getSong(db, a.id)?.custom).toEqual({ [rating.id]: 3, [mood.id]: 'dark' });
    expect(getSong(db, b.id)?.custom).toEqual({ [mood.id]: 'dark' });
    bulkUpdateSongs(db, [a.id], { custom: { [rating.id]: null } });
    expect(getSong(db, a.id)?.custom).toEqual({ [mood.id]: 'dark' });

    const before = getSongs(db);
    expect(() => bulkUpdateSongs(db, [a.id, b.id], { status: 'Done', custom: { [mood.id]: 'grey' } })).toThrow('Mood takes one of its options.');
    expect(() => bulkUpdateSongs(db, [a.id], { custom: { nope: 1 } })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(getSongs(db)).toEqual(before);
  });

  it('hides songs in bulk and brings them back', () => {
    const a = addSong(db, { name: 'A' });
    bulkUpdateSongs(db, [a.id], { hidden: true });
    expect(getSong(db, a.id)?.hidden).toBe(true);
    bulkUpdateSongs(db, [a.id], { hidden: false });
    expect(getSong(db, a.id)?.hidden).toBe(false);
  });
});

describe('songs:bulk-delete', () => {
  it('hides songs from a project directory and deletes songs added by hand, with their records', () => {
    const found = addSong(db, { name: 'Found', source: 'directory', projectPath: '/music/Found' });
    const hiddenAlready = addSong(db, { name: 'Old', source: 'directory', projectPath: '/music/Old' });
    bulkUpdateSongs(db, [hiddenAlready.id], { hidden: true });
    const manual = addSong(db, { name: 'Manual' });
    const updatesBefore = records('update').length;

    const { hidden, deleted } = bulkDeleteSongs(db, [found.id, hiddenAlready.id, manual.id, 'gone']);
    expect({ hidden, deleted: deleted.map((song) => song.id) }).toEqual({ hidden: 2, deleted: [manual.id] });
    expect(getSong(db, found.id)?.hidden).toBe(true);
    expect(getSong(db, manual.id)).toBeNull();
    expect(records('update').slice(updatesBefore).map((record) => record.recordId)).toEqual([found.id]);
    expect(records('delete')).toEqual([expect.objectContaining({ recordId: manual.id, data: null })]);
    expect(querySongs(db, songQuerySchema.parse({ search: 'manual' })).total).toBe(0);
  });
});
