import { describe, expect, it } from 'vitest';
import { ffmpegOutputCapBytes, ffmpegTimeLimitMs, workerTimeLimitMs, type WorkerTask } from './worker-tasks';

const MB = 1024 * 1024;
const read: WorkerTask = { kind: 'read-project', path: '/music/Song.als', daw: 'ableton' };
const compress: WorkerTask = { kind: 'compress-audio', input: '/music/Song.wav', output: '/data/song.mp3', bitrate: '192k', format: 'mp3' };

describe('worker time limits', () => {
  it.each([
    ['a read of an empty file', read, 0, 30_000],
    ['a read of a 10 MB set', read, 10 * MB, 50_000],
    ['an audio read of a 1 GB WAV', { kind: 'read-audio', path: '/music/Take.wav' } as WorkerTask, 1024 * MB, 30_000 + 2048_000],
    ['a walk, whatever its folder holds', { kind: 'walk', root: '/music' } as WorkerTask, 0, 30 * 60_000],
    ['a compression of 50 MB: ffmpeg limit, then time for the worker to stop it and answer', compress, 50 * MB, 60_000 + 250_000 + 2_000 + 5_000],
  ])('%s', (_name, task, bytes, expected) => {
    expect(workerTimeLimitMs(task, bytes)).toBe(expected);
  });

  it('ffmpeg gets a minute, plus 5 s per MB of input', () => {
    expect(ffmpegTimeLimitMs(0)).toBe(60_000);
    expect(ffmpegTimeLimitMs(100 * MB)).toBe(560_000);
  });

  it.each([
    ['5 MB in: the 64 MB floor', 5 * MB, 64 * MB],
    ['100 MB in: 4 times the input', 100 * MB, 400 * MB],
    ['2 GB in: the 1 GB ceiling', 2048 * MB, 1024 * MB],
  ])('caps ffmpeg output, %s', (_name, bytes, expected) => {
    expect(ffmpegOutputCapBytes(bytes)).toBe(expected);
  });
});
