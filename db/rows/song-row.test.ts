import { describe, expect, it } from 'vitest';
import { SONG_FIELDS, SONG_FIELD_NAMES } from '../../common/songs/song-fields';
import { buildSong } from '../repositories/songs';
import { songs } from '../schema';
import { everyFieldSet } from '../../common/songs/test-songs';
import { songFromRow, songToColumns, type SongRow } from './song-row';


function storedRow(song: Parameters<typeof songToColumns>[0], removedBySyncAt: number | null = null): SongRow {
  return { seq: 1, processingStartedAt: null, priorityRank: 0, tierRank: 0, statusRank: 0, daw: null, missing: 0, ...songToColumns(song), removedBySyncAt } as SongRow;
}

describe('a song row, from the field table', () => {
  it('reads back every field as it was written, in the same order', () => {
    expect(JSON.stringify(songFromRow(storedRow(everyFieldSet)))).toBe(JSON.stringify(everyFieldSet));
  });

  it('writes every stored column of songs (the generated ones and the processing clock are not the song)', () => {
    const generated = ['seq', 'processingStartedAt', 'priorityRank', 'tierRank', 'statusRank'];
    expect(Object.keys(songToColumns(everyFieldSet)).sort()).toEqual(Object.keys(songs).filter((column) => !generated.includes(column) && column !== 'enableRLS').sort());
  });

  it('keeps a pull-removed song waiting when read, and live again when written', () => {
    expect(songFromRow(storedRow(everyFieldSet, 7)).removedBySyncAt).toBe(7);
    expect(songToColumns({ ...everyFieldSet, removedBySyncAt: 7 }).removedBySyncAt).toBeNull();
  });

  it('keeps what SQLite sorts and filters by from meta in columns beside it, numbers and text only', () => {
    const heard = { bpm: 174, key: 'F# minor', lufs: -9.5, truePeak: -0.3, durationS: 212.4, overview: [1, -1] };
    expect(songToColumns({ ...everyFieldSet, meta: { daw: 'Ableton Live', projectMissing: true, analysis: heard } })).toMatchObject({
      daw: 'Ableton Live', missing: 1, audioBpm: 174, audioKey: 'F# minor', lufs: -9.5, truePeak: -0.3, durationS: 212.4,
    });
    // meta from the cloud is anyone's: a figure that is not a number, or an analysis that is not an object, is none.
    const hostile = { daw: 7, projectMissing: 'yes', analysis: { bpm: '120', key: 5, lufs: null, truePeak: [], durationS: true } };
    expect(songToColumns({ ...everyFieldSet, meta: hostile })).toMatchObject({ daw: null, missing: 0, audioBpm: null, audioKey: null, lufs: null, truePeak: null, durationS: null });
    expect(songToColumns({ ...everyFieldSet, meta: { analysis: [120] } })).toMatchObject({ audioBpm: null });
  });

  it("gives a new song each field's default from the table", () => {
    const song = buildSong({ name: 'Night Drive' }, 9, 'song-2');
    for (const field of SONG_FIELD_NAMES) {
      const spec = SONG_FIELDS[field];
      if ('default' in spec) expect(song[field], field).toEqual(spec.default);
    }
  });
});
