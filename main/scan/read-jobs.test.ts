import { afterEach, describe, expect, it } from 'vitest';
import type { AudioMeta } from '../../common/projects/project-meta';
import type { Song } from '../../common/songs/song';
import type { WorkerTask } from '../../common/bridge/worker-tasks';
import type { OpenedDatabase } from '../../db/connection';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong, getSong, updateSong } from '../../db/repositories/songs';
import { openTestDatabase } from '../../db/test-support';
import type { WorkerPool } from '../jobs/pool';
import type { JobContext } from '../jobs/runner';
import { runAudioReads } from './read-jobs';

const AUDIO: AudioMeta = { format: 'wav', durationSeconds: 1, sampleRate: 44_100, channels: 2, bitDepth: 16, bitrate: null };

const opened: OpenedDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function songWithAudio(db: OpenedDatabase, name: string): Song {
  const localPath = `/music/${name}.wav`;
  const song: Song = { ...buildSong({ name, source: 'directory', projectPath: localPath }, db.now()), file: { value: localPath, localPath, fileName: `${name}.wav`, modifiedTime: 1 } };
  inTransaction(db, () => insertSongs(db, [song]));
  return song;
}

/** A pool that reads every audio file as `AUDIO`, and lets the test act while each read runs. */
function poolReading(duringRead: (path: string) => void): WorkerPool {
  return {
    run: (task: WorkerTask) => {
      if (task.kind !== 'read-audio') throw new Error(`unexpected task ${task.kind}`);
      duringRead(task.path);
      return Promise.resolve({ ok: true, value: AUDIO }) as never;
    },
    walkInParts: () => Promise.reject(new Error('unexpected walk')),
    destroy: () => Promise.resolve(),
  };
}

function jobContext(controller = new AbortController()): JobContext {
  return { jobId: 1, signal: controller.signal, progress: () => undefined };
}

describe('a read job writes its reads together', () => {
  it('keeps an edit the user made while the job ran, and fills the read values beside it', async () => {
    const db = openTestDatabase();
    opened.push(db);
    const song = songWithAudio(db, 'Edited');
    const pool = poolReading(() => updateSong(db, song.id, { name: 'Renamed while reading', tempo: '99' }));
    await runAudioReads({ db, pool }, { reads: [{ songId: song.id, path: song.file!.localPath! }] }, jobContext());
    const after = getSong(db, song.id)!;
    expect(after.name).toBe('Renamed while reading');
    expect(after.tempo).toBe('99');
    expect(after.meta['audio']).toEqual(AUDIO);
  });

  it('keeps what it read before it was stopped', async () => {
    const db = openTestDatabase();
    opened.push(db);
    const first = songWithAudio(db, 'First');
    const second = songWithAudio(db, 'Second');
    const controller = new AbortController();
    const pool = poolReading(() => controller.abort(new Error('stopped')));
    const reads = [first, second].map((song) => ({ songId: song.id, path: song.file!.localPath! }));
    await expect(runAudioReads({ db, pool }, { reads }, jobContext(controller))).rejects.toThrow('stopped');
    expect(getSong(db, first.id)!.meta['audio']).toEqual(AUDIO);
    expect(getSong(db, second.id)!.meta['audio']).toBeUndefined();
  });
});
