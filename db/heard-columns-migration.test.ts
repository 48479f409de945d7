import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { songQuerySchema } from '../common/views/query';
import { DATABASE_FILE_NAME, openDatabase } from './connection';
import { songToColumns } from './rows/song-row';
import { querySongs } from './song-query';
import { everyFieldSet } from '../common/songs/test-songs';
import { MIGRATIONS_FOLDER, olderDatabase, tempDir } from './test-support';

/** The migrations before 0014_heard_columns: a library as the version before it left it. */
const MIGRATIONS_BEFORE = 14;

const METAS: Record<string, string> = {
  heard: JSON.stringify({ daw: 'ableton', analysis: { bpm: 87.5, key: 'B minor', lufs: -9, truePeak: -0.4, durationS: 201, overview: [1, -1] } }),
  missing: JSON.stringify({ daw: 'logic', projectMissing: true }),
  hostile: JSON.stringify({ daw: 3, projectMissing: 'yes', analysis: { bpm: '120', key: 7, lufs: [], truePeak: {}, durationS: false } }),
  notAnObject: JSON.stringify({ analysis: [120] }),
  empty: '{}',
};

describe('migration 0014_heard_columns', () => {
  it("fills the DAW, missing and what was heard from an older library's meta as the row mapping writes them", () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, MIGRATIONS_BEFORE);
    const insert = old.prepare(`INSERT INTO songs (id, name, notes, meta, created_at, modified_at) VALUES (?, ?, ?, ?, 1, 1)`);
    for (const [id, meta] of Object.entries(METAS)) insert.run(id, `Song ${id}`, 'a night take', meta);
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const columns = 'daw, missing, audio_bpm AS audioBpm, audio_key AS audioKey, lufs, true_peak AS truePeak, duration_s AS durationS';
    const read = current.sqlite.prepare(`SELECT ${columns} FROM songs WHERE id = ?`);
    for (const [id, meta] of Object.entries(METAS)) {
      const { daw, missing, audioBpm, audioKey, lufs, truePeak, durationS } = songToColumns({ ...everyFieldSet, meta: JSON.parse(meta) });
      expect(read.get(id), id).toEqual({ daw, missing, audioBpm, audioKey, lufs, truePeak, durationS });
    }

    // The table was altered, not rebuilt: the full-text index and its triggers still answer, and so do the new indexes.
    const search = (text: string) => querySongs(current, songQuerySchema.parse({ search: text })).rows.map((song) => song.id).sort();
    expect(search('night')).toEqual(Object.keys(METAS).sort());
    expect(search('audiokey:Bm bpm:87.5 lufs:-10..-8')).toEqual(['heard']);
    expect(search('daw:logic missing:true')).toEqual(['missing']);
    current.close();
  });
});
