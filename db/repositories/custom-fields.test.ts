import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CUSTOM_FIELDS } from '../../common/songs/custom-fields';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { addCustomField, listCustomFields, removeCustomField, updateCustomField } from './custom-fields';
import { addSong, getSong, updateSong } from './songs';
import { getUnsyncedChanges } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

function songRecords(recordId: string) {
  return getUnsyncedChanges(db).filter((record) => record.table === 'songs' && record.recordId === recordId);
}

describe('custom fields', () => {
  it('fields:add creates fields in order, with options only for selects, each option once', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'singleSelect', options: ['dark', 'bright', 'dark'] });
    const bpm = addCustomField(db, { name: 'Live BPM', type: 'number', options: ['ignored'] });
    expect(mood).toMatchObject({ name: 'Mood', options: ['dark', 'bright'], position: 0, createdAt: clock.now() });
    expect(bpm).toMatchObject({ options: [], position: 1 });
    expect(listCustomFields(db)).toEqual([mood, bpm]);
  });

  it('fields:add refuses a name already taken in any case, with a clear message', () => {
    addCustomField(db, { name: 'Mood', type: 'text' });
    expect(() => addCustomField(db, { name: 'mOOD', type: 'number' })).toThrow('There is already a field called “mOOD”. Choose another name.');
    expect(listCustomFields(db)).toHaveLength(1);
  });

  it(`fields:add refuses a field past ${MAX_CUSTOM_FIELDS} with limit_reached`, () => {
    for (let n = 0; n < MAX_CUSTOM_FIELDS; n += 1) addCustomField(db, { name: `Field ${n}`, type: 'text' });
    expect(() => addCustomField(db, { name: 'One more', type: 'text' })).toThrow(
      expect.objectContaining({ code: 'limit_reached', message: expect.stringContaining(`up to ${MAX_CUSTOM_FIELDS} custom fields`) }),
    );
    expect(listCustomFields(db)).toHaveLength(MAX_CUSTOM_FIELDS);
  });

  it('fields:update renames (its own name in another case is fine) and moves a field', () => {
    const first = addCustomField(db, { name: 'Mood', type: 'text' });
    const second = addCustomField(db, { name: 'Label', type: 'text' });
    clock.advance(1000);
    expect(updateCustomField(db, first.id, { name: 'MOOD', position: 5 }).field).toMatchObject({ name: 'MOOD', position: 5, modifiedAt: clock.now() });
    expect(listCustomFields(db).map((field) => field.id)).toEqual([second.id, first.id]);
    expect(() => updateCustomField(db, second.id, { name: 'mood' })).toThrow(/already a field called/);
  });

  it('fields:update refuses options on a field that is not a select', () => {
    const notes = addCustomField(db, { name: 'Credits', type: 'text' });
    expect(() => updateCustomField(db, notes.id, { options: ['a'] })).toThrow('Credits is not a select field, so it has no options.');
  });

  it('fields:update removing an option removes it from the songs that use it, with their sync records', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'singleSelect', options: ['dark', 'bright'] });
    const gear = addCustomField(db, { name: 'Gear', type: 'multiSelect', options: ['tape', 'moog', '808'] });
    const a = addSong(db, { name: 'A', custom: { [mood.id]: 'dark', [gear.id]: ['tape', '808'] } });
    const b = addSong(db, { name: 'B', custom: { [mood.id]: 'bright', [gear.id]: ['tape'] } });
    clock.advance(1000);

    expect(updateCustomField(db, mood.id, { options: ['bright'] }).songsChanged).toBe(1);
    expect(getSong(db, a.id)?.custom).toEqual({ [gear.id]: ['tape', '808'] });
    expect(getSong(db, a.id)?.modifiedAt).toBe(clock.now());
    // The user's edit of each song it changed, with its time (a merge with another computer's copy weighs it).
    expect(getSong(db, a.id)?.editedAt).toEqual({ [`custom.${mood.id}`]: clock.now() });
    expect(getSong(db, b.id)?.custom).toEqual({ [mood.id]: 'bright', [gear.id]: ['tape'] });
    expect(getSong(db, b.id)?.editedAt).toEqual({});

    expect(updateCustomField(db, gear.id, { options: ['moog', '808'] }).songsChanged).toBe(2);
    expect(getSong(db, a.id)?.custom).toEqual({ [gear.id]: ['808'] });
    expect(getSong(db, b.id)?.custom).toEqual({ [mood.id]: 'bright' });
    expect(songRecords(a.id).at(-1)).toMatchObject({ type: 'update', data: null });
  });

  it('fields:remove deletes the field and its value from every song, writing their sync records', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'text' });
    const rating = addCustomField(db, { name: 'Rating', type: 'number' });
    const a = addSong(db, { name: 'A', custom: { [mood.id]: 'dark', [rating.id]: 4 } });
    const b = addSong(db, { name: 'B', custom: { [rating.id]: 2 } });
    clock.advance(1000);

    expect(removeCustomField(db, mood.id)).toEqual({ songsChanged: 1 });
    expect(listCustomFields(db)).toEqual([rating]);
    expect(getSong(db, a.id)).toMatchObject({ custom: { [rating.id]: 4 }, modifiedAt: clock.now() });
    expect(songRecords(a.id).at(-1)).toMatchObject({ type: 'update', data: null });
    expect(songRecords(b.id).map((record) => record.type)).toEqual(['add']);
    expect(() => removeCustomField(db, mood.id)).toThrow('That field no longer exists.');
  });
});

describe('custom values on song writes', () => {
  it('db:add-song checks each value against its field and refuses an unknown field', () => {
    const rating = addCustomField(db, { name: 'Rating', type: 'number' });
    expect(addSong(db, { name: 'A', custom: { [rating.id]: '4' } }).custom).toEqual({ [rating.id]: 4 });
    expect(() => addSong(db, { name: 'B', custom: { [rating.id]: 'high' } })).toThrow('Rating takes a number.');
    expect(() => addSong(db, { name: 'C', custom: { 'no-such-field': 'x' } })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('db:update-song merges custom: it sets or clears only the fields it names', () => {
    const mood = addCustomField(db, { name: 'Mood', type: 'text' });
    const done = addCustomField(db, { name: 'Mixed', type: 'checkbox' });
    const song = addSong(db, { name: 'A', custom: { [mood.id]: 'dark' } });
    expect(updateSong(db, song.id, { custom: { [done.id]: true } }).custom).toEqual({ [mood.id]: 'dark', [done.id]: true });
    expect(updateSong(db, song.id, { custom: { [mood.id]: null, [done.id]: false } }).custom).toEqual({});
    expect(getSong(db, song.id)?.custom).toEqual({});
  });

  it('db:update-song with a bad custom value changes nothing', () => {
    const rating = addCustomField(db, { name: 'Rating', type: 'number' });
    const song = addSong(db, { name: 'A' });
    expect(() => updateSong(db, song.id, { name: 'B', custom: { [rating.id]: 'x' } })).toThrow('Rating takes a number.');
    expect(getSong(db, song.id)).toEqual(song);
    expect(songRecords(song.id)).toHaveLength(1);
  });
});
