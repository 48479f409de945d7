// The merge of two copies of a song, field by field: the rules in song-merge.ts's header, one row each.
import { describe, expect, it } from 'vitest';
import type { Song } from './song';
import { mergeSongCopies } from './song-merge';
import { plainSong } from './test-songs';

function song(fields: Partial<Song> = {}): Song {
  return plainSong({ id: 'song', name: 'Tune', source: 'directory', createdAt: 100, modifiedAt: 100, ...fields });
}

const here = { value: '/music/Tune/bounce.wav', localPath: '/music/Tune/bounce.wav', fileName: 'bounce.wav', modifiedTime: 1 };
const uploaded = { value: 'https://cloud/storage/v1/object/public/audio-files/u/bounce.wav', localPath: null, fileName: 'bounce.wav', modifiedTime: 2 };
const session = { value: '/music/Tune/Tune.als', fileName: 'Tune.als', sessionModifiedTime: 1, isPackage: false };

describe('mergeSongCopies', () => {
  const cases: { rule: string; own: Partial<Song>; other: Partial<Song>; fallback: 'own' | 'other'; expected: Partial<Song> }[] = [
    { rule: 'a field edited later on the other copy comes from it', own: { status: 'Mixing', editedAt: { status: 10 } }, other: { status: 'Done', editedAt: { status: 20 } }, fallback: 'own', expected: { status: 'Done' } },
    { rule: 'a field edited later here stays', own: { status: 'Mixing', editedAt: { status: 30 } }, other: { status: 'Done', editedAt: { status: 20 } }, fallback: 'other', expected: { status: 'Mixing' } },
    { rule: 'an edit beats a field nobody edited, even when that copy is the fallback', own: { notes: 'hook', editedAt: { notes: 10 } }, other: { notes: '' }, fallback: 'other', expected: { notes: 'hook' } },
    { rule: 'an edit from before edits had times (time 0) still beats no edit', own: { tempo: '97', editedAt: { tempo: 0 } }, other: { tempo: '120' }, fallback: 'other', expected: { tempo: '97' } },
    { rule: 'a field nobody edited comes from the fallback', own: { tempo: '120' }, other: { tempo: '121' }, fallback: 'other', expected: { tempo: '121' } },
    { rule: 'two edits at one time: the fallback', own: { tags: ['a'], editedAt: { tags: 5 } }, other: { tags: ['b'], editedAt: { tags: 5 } }, fallback: 'own', expected: { tags: ['a'] } },
    { rule: 'custom values each by itself', own: { custom: { mood: 'dark', gear: 'old' }, editedAt: { 'custom.mood': 30, 'custom.gear': 1 } }, other: { custom: { mood: 'bright', gear: 'new' }, editedAt: { 'custom.mood': 20, 'custom.gear': 2 } }, fallback: 'own', expected: { custom: { mood: 'dark', gear: 'new' } } },
    { rule: 'a custom value cleared by the latest edit stays cleared', own: { custom: {}, editedAt: { 'custom.mood': 30 } }, other: { custom: { mood: 'dark' }, editedAt: { 'custom.mood': 20 } }, fallback: 'other', expected: { custom: {} } },
    { rule: 'the audio this computer found stays when nobody chose one', own: { file: here }, other: { file: uploaded }, fallback: 'other', expected: { file: here } },
    { rule: 'with no audio here, the fallback’s (the cloud copy this computer plays)', own: { file: null }, other: { file: uploaded }, fallback: 'other', expected: { file: uploaded } },
    { rule: 'audio the user chose on the other computer later comes from it', own: { file: here }, other: { file: uploaded, editedAt: { file: 9 } }, fallback: 'own', expected: { file: uploaded } },
    { rule: 'the session this computer found stays, the project being here', own: { projectPath: '/music/Tune', recordingSession: session }, other: { recordingSession: { ...session, value: '/Users/bo/Tune/Tune.als' } }, fallback: 'other', expected: { recordingSession: session } },
    {
      rule: 'paths and flags are this computer’s, whichever copy is newer',
      own: { projectPath: '/music/Tune', needsUploadRetry: false, isBeingProcessedByHandleNewProject: false },
      other: { projectPath: null, needsUploadRetry: true, isBeingProcessedByHandleNewProject: true, modifiedAt: 900 },
      fallback: 'other',
      expected: { projectPath: '/music/Tune', needsUploadRetry: false, isBeingProcessedByHandleNewProject: false },
    },
    { rule: 'what was read from the project is this computer’s when the project is here', own: { projectPath: '/music/Tune', meta: { daw: 'ableton' } }, other: { meta: { daw: 'logic' } }, fallback: 'other', expected: { meta: { daw: 'ableton' } } },
    { rule: 'else the fallback’s', own: { meta: { daw: 'ableton' } }, other: { meta: { daw: 'logic' } }, fallback: 'other', expected: { meta: { daw: 'logic' } } },
    { rule: 'each field’s latest edit time, and the first copy’s creation', own: { editedAt: { status: 3, notes: 9 }, createdAt: 50 }, other: { editedAt: { status: 7, 'custom.mood': 1 }, createdAt: 40 }, fallback: 'own', expected: { editedAt: { status: 7, notes: 9, 'custom.mood': 1 }, createdAt: 40 } },
  ];

  it.each(cases)('$rule', ({ own, other, fallback, expected }) => {
    const copies = { own: song(own), other: song(other) };
    expect(mergeSongCopies([copies.own, copies.other], { own: copies.own, fallback: copies[fallback] })).toMatchObject(expected);
  });

  it('is the same whichever order the copies come in', () => {
    const a = song({ id: 'a', status: 'Done', notes: 'x', editedAt: { status: 9 } });
    const b = song({ id: 'b', status: 'Mixing', notes: 'y', editedAt: { notes: 9 } });
    expect(mergeSongCopies([a, b], { own: a, fallback: a })).toEqual(mergeSongCopies([b, a], { own: a, fallback: a }));
  });
});
