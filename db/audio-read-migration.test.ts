// Migration 0027_songs_audio_read (issue 45): whether a song's audio was read moves from `meta` to a column, filled
// for an older library's songs by the same rule as the row mapping (`metaColumns`), and read so by a rescan.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everyFieldSet } from '../common/songs/test-songs';
import { DATABASE_FILE_NAME, openDatabase } from './connection';
import { scanStateOfDirectory } from './repositories/scanned-songs';
import { songToColumns } from './rows/song-row';
import { MIGRATIONS_FOLDER, olderDatabase, tempDir } from './test-support';

/** The migrations before 0027_songs_audio_read. */
const MIGRATIONS_BEFORE = 27;

const METAS: Record<string, string> = {
  read: JSON.stringify({ daw: 'ableton', audio: { durationS: 12, format: 'wav' } }),
  unreadable: JSON.stringify({ audio: { readError: 'not a WAV file' } }),
  nullAudio: JSON.stringify({ audio: null }),
  nested: JSON.stringify({ daw: 'logic', versions: { audio: 1 }, readError: 'truncated' }),
  empty: '{}',
};

describe('migration 0027_songs_audio_read', () => {
  it("fills audio_read from an older library's meta as the row mapping writes it, and a rescan reads it", () => {
    const root = tempDir();
    const file = path.join(root, DATABASE_FILE_NAME);
    const old = olderDatabase(file, MIGRATIONS_BEFORE);
    // As the version before wrote them: `meta`, and beside it the DAW and a vanished project (migration 0014).
    const insert = old.prepare(`INSERT INTO songs (id, name, source, project_path, meta, daw, missing, created_at, modified_at) VALUES (?, ?, 'directory', ?, ?, ?, ?, 1, 1)`);
    for (const [id, meta] of Object.entries(METAS)) {
      const { daw, missing } = songToColumns({ ...everyFieldSet, meta: JSON.parse(meta) });
      insert.run(id, `Song ${id}`, path.join(root, 'Music', id), meta, daw, missing);
    }
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const read = current.sqlite.prepare('SELECT audio_read AS audioRead FROM songs WHERE id = ?');
    for (const [id, meta] of Object.entries(METAS)) {
      const { audioRead } = songToColumns({ ...everyFieldSet, meta: JSON.parse(meta) });
      expect(read.get(id), id).toEqual({ audioRead });
    }
    expect(Object.keys(METAS).filter((id) => (read.get(id) as { audioRead: number }).audioRead === 1)).toEqual(['read', 'unreadable', 'nullAudio']);

    const state = scanStateOfDirectory(current, path.join(root, 'Music'));
    const flags = Object.fromEntries([...state.values()].map((song) => [song.id, [song.projectRead, song.audioRead]]));
    expect(flags).toEqual({ read: [true, true], unreadable: [false, true], nullAudio: [false, true], nested: [true, false], empty: [false, false] });
    current.close();
  });
});
