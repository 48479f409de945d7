import { describe, expect, it } from 'vitest';
import { SONG_FIELDS, SONG_FIELD_NAMES } from '../../common/song-fields';
import { buildSong } from '../repositories/songs';
import { songs } from '../schema';
import type { Song } from '../../common/song';
import { songFromRow, songToColumns, type SongRow } from './song-row';

/** A song whose every field differs from its default, so a field dropped or mixed up on the way shows. */
const everyFieldSet: Song = {
  id: 'song-1',
  name: 'Night Drive',
  file: { value: '/Music/night.wav', localPath: '/Music/night.wav', fileName: 'night.wav', modifiedTime: 5 },
  priority: 'Urgent',
  tier: 'S',
  status: 'Mixing',
  tags: ['demo', 'EP 2'],
  notes: 'needs a bridge',
  tempo: '120',
  key: 'A minor',
  timeSignature: '7/8',
  recordingSession: { value: '/Music/night.als', fileName: 'night.als', sessionModifiedTime: 6, isPackage: true },
  projectPath: '/Music/Night Project',
  source: 'directory',
  hidden: true,
  needsUploadRetry: true,
  isBeingProcessedByHandleNewProject: true,
  custom: { mood: 'dark' },
  meta: { daw: 'ableton' },
  editedAt: { name: 3 },
  createdAt: 1,
  modifiedAt: 2,
  supabaseId: 'song-1',
};

function storedRow(song: Parameters<typeof songToColumns>[0], removedBySyncAt: number | null = null): SongRow {
  return { seq: 1, processingStartedAt: null, priorityRank: 0, tierRank: 0, statusRank: 0, daw: null, missing: 0, ...songToColumns(song), removedBySyncAt } as SongRow;
}

describe('a song row, from the field table', () => {
  it('reads back every field as it was written, in the same order', () => {
    expect(JSON.stringify(songFromRow(storedRow(everyFieldSet)))).toBe(JSON.stringify(everyFieldSet));
  });

  it('writes every stored column of songs (the generated ones and the processing clock are not the song)', () => {
    const generated = ['seq', 'processingStartedAt', 'priorityRank', 'tierRank', 'statusRank', 'daw', 'missing', 'audioBpm', 'audioKey', 'lufs', 'truePeak', 'durationS'];
    expect(Object.keys(songToColumns(everyFieldSet)).sort()).toEqual(Object.keys(songs).filter((column) => !generated.includes(column) && column !== 'enableRLS').sort());
  });

  it('keeps a pull-removed song waiting when read, and live again when written', () => {
    expect(songFromRow(storedRow(everyFieldSet, 7)).removedBySyncAt).toBe(7);
    expect(songToColumns({ ...everyFieldSet, removedBySyncAt: 7 }).removedBySyncAt).toBeNull();
  });

  it("gives a new song each field's default from the table", () => {
    const song = buildSong({ name: 'Night Drive' }, 9, 'song-2');
    for (const field of SONG_FIELD_NAMES) {
      const spec = SONG_FIELDS[field];
      if ('default' in spec) expect(song[field], field).toEqual(spec.default);
    }
  });
});
