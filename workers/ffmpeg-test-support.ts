/** For tests: the ffmpeg processes still running on a given file, found by their command line (`ps`). */
import { execFileSync } from 'node:child_process';
import { ffmpegPath } from './ffmpeg';

/** Pids of the ffmpeg processes whose command line mentions `marker` (a file only one test uses). */
export function ffmpegProcesses(marker: string): number[] {
  const listing = execFileSync('ps', ['-A', '-ww', '-o', 'pid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.includes(ffmpegPath()) && line.includes(marker))
    .map((line) => Number.parseInt(line.trim(), 10));
}

/** Resolves with the pids once an ffmpeg on `marker` runs. */
export async function ffmpegStarted(marker: string, waitMs = 10_000): Promise<number[]> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const pids = ffmpegProcesses(marker);
    if (pids.length > 0) return pids;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No ffmpeg started on ${marker} within ${waitMs} ms`);
}
