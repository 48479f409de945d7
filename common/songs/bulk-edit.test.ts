// One bulk edit composed for one song with its edit stamps: the table's bulk edit (core and website), a delete that
// hides, a select option removed. Each changed value carries the edit's time; a song the edit leaves as it was is null.
import { describe, expect, it } from 'vitest';
import { bulkEdited, HIDE } from './bulk-edit';
import { customEditKey } from './song-edits';
import { plainSong } from './test-songs';

const EARLIER = 1_000;
const AT = 5_000;
const song = plainSong({ id: 's1', name: 'Night Drive', status: 'Writing', tags: ['Demo'], custom: { mood: ['dark', 'warm'] }, editedAt: { status: EARLIER }, modifiedAt: EARLIER });

describe('bulkEdited', () => {
  it('sets the fields, stamping each value that changes and the song with the edit’s time', () => {
    const next = bulkEdited(song, { status: 'Mixing', priority: song.priority, addTags: ['vocal'] }, null, AT);
    expect(next).toMatchObject({ status: 'Mixing', tags: ['Demo', 'vocal'], modifiedAt: AT });
    expect(next?.editedAt).toEqual({ status: AT, tags: AT });
  });

  it('is null when the edit changes nothing in the song (tags compared whatever their case)', () => {
    expect(bulkEdited(song, { status: 'Writing', addTags: ['demo'] }, null, AT)).toBeNull();
  });

  it('sees a change made in the same millisecond as the last one', () => {
    const once = bulkEdited(song, { status: 'Mixing' }, null, AT)!;
    expect(bulkEdited(once, { status: 'Done' }, null, AT)).toMatchObject({ status: 'Done', editedAt: { status: AT } });
  });

  it('hides a song as the user’s edit, and leaves a hidden song alone', () => {
    const hidden = bulkEdited(song, HIDE, null, AT);
    expect(hidden).toMatchObject({ hidden: true, modifiedAt: AT, editedAt: { status: EARLIER, hidden: AT } });
    expect(bulkEdited(hidden!, HIDE, null, AT + 1)).toBeNull();
  });

  it('removes a custom value by its checked patch, stamping that value', () => {
    const next = bulkEdited(song, {}, new Map([['mood', ['warm']]]), AT);
    expect(next?.custom).toEqual({ mood: ['warm'] });
    expect(next?.editedAt[customEditKey('mood')]).toBe(AT);
    expect(bulkEdited(song, {}, new Map([['mood', null]]), AT)?.custom).toEqual({});
  });
});
