// One rule for applying a user's edit (the core, the website, the table's overlay), what the website may edit, and a
// new song's defaults, all from the field table.
import { describe, expect, it } from 'vitest';
import { applyEdit, customAsTyped, WEB_EDITABLE_FIELDS } from './apply-edit';
import { newSong, type Song, type SongPatch } from './song';
import { SONG_FIELDS, SONG_FIELD_NAMES } from './song-fields';

const song = (fields: Partial<Song> = {}): Song => ({ ...newSong({ name: 'Tune', source: 'directory' }, 10, 'song-1'), ...fields });
const audio = (localPath: string | null) => ({ value: '/Music/a.wav', localPath, fileName: 'a.wav', modifiedTime: null });

describe('applyEdit', () => {
  it.each<[string, Song, SongPatch, Partial<Song>]>([
    ['a field: set, stamped, the song modified then', song(), { status: 'Mixing' }, { status: 'Mixing', editedAt: { status: 50 }, modifiedAt: 50 }],
    ['a value it already has: not stamped', song({ editedAt: { status: 5 } }), { status: 'Backlog' }, { status: 'Backlog', editedAt: { status: 5 }, modifiedAt: 50 }],
    [
      'custom values: a merge patch, each stamped by itself',
      song({ custom: { mood: 'dark', gear: 'old' } }),
      { custom: { mood: null, key2: 'x' } },
      { custom: { gear: 'old', key2: 'x' }, editedAt: { 'custom.mood': 50, 'custom.key2': 50 } },
    ],
    ['new audio on this computer: flagged for upload', song(), { file: audio('/Music/a.wav') }, { needsUploadRetry: true, editedAt: { file: 50 } }],
    ['audio unlinked: no upload', song({ file: audio('/Music/a.wav'), needsUploadRetry: true }), { file: null }, { needsUploadRetry: false }],
    ['the edit says itself whether to upload', song(), { file: audio('/Music/a.wav'), needsUploadRetry: false }, { needsUploadRetry: false }],
    ['the app’s own flags: set, never stamped', song(), { isBeingProcessedByHandleNewProject: true }, { isBeingProcessedByHandleNewProject: true, editedAt: {} }],
  ])('%s', (_case, before, patch, expected) => {
    const next = applyEdit(before, patch, customAsTyped(patch), 50);
    expect(next).toMatchObject(expected);
  });

  it('leaves the song it was given as it was', () => {
    const before = song({ custom: { mood: 'dark' } });
    const copy = structuredClone(before);
    applyEdit(before, { name: 'Other', custom: { mood: null } }, customAsTyped({ custom: { mood: null } }), 50);
    expect(before).toEqual(copy);
  });

  it('takes custom values as checked, not as the patch typed them', () => {
    const checked = new Map([['mood', 'Dark']]);
    expect(applyEdit(song(), { custom: { mood: ' dark ' } }, checked, 50).custom).toEqual({ mood: 'Dark' });
  });
});

describe('what the website may edit', () => {
  it('is the musician’s fields and custom values: not audio, session, folder or the app’s flags', () => {
    expect([...WEB_EDITABLE_FIELDS].sort()).toEqual(['custom', 'focus', 'hidden', 'key', 'name', 'nextStep', 'notes', 'priority', 'status', 'tags', 'tempo', 'tier', 'timeSignature']);
  });
});

describe('a new song', () => {
  it('takes every field it is not given from the field table, in the table’s order', () => {
    const made = newSong({ name: 'Fresh' }, 7, 'song-2');
    expect(Object.keys(made)).toEqual(SONG_FIELD_NAMES);
    for (const field of SONG_FIELD_NAMES) {
      const spec = SONG_FIELDS[field];
      if ('default' in spec) expect(made[field], field).toEqual(spec.default);
    }
    expect(made).toMatchObject({ id: 'song-2', name: 'Fresh', createdAt: 7, modifiedAt: 7, priority: 'Medium', tier: 'C', status: 'Backlog', source: 'manual' });
  });

  it('keeps what it is given (tags unique), and nothing an input may not set', () => {
    const given = { name: 'Given', status: 'Done', tags: ['Demo', 'demo'], projectPath: '/p', hidden: true, supabaseId: 'x' } as Parameters<typeof newSong>[0];
    expect(newSong(given, 1, 'id')).toMatchObject({ status: 'Done', tags: ['Demo'], projectPath: '/p', hidden: false, supabaseId: null });
  });

  it('has lists and maps of its own', () => {
    const a = newSong({ name: 'A' }, 1, 'a');
    a.tags.push('x');
    a.custom.mood = 'dark';
    expect(newSong({ name: 'B' }, 1, 'b')).toMatchObject({ tags: [], custom: {} });
  });
});
