/**
 * The worker pool's threads run below the app's own: the pool does the work nobody waits on frame by frame (walks,
 * reads, analysis), and on a computer with few cores it must not take the time the table and the player need.
 *
 * Node lowers only processes, but on Linux a thread is a task with its own id (`/proc/thread-self`), which
 * `setpriority` accepts. Elsewhere (macOS, Windows) there is no such handle from JavaScript, and the threads run
 * at the app's priority; the analysis's ffmpeg, a process of its own, is lowered everywhere (`ffmpeg.ts`).
 */
import fs from 'node:fs';
import os from 'node:os';

export function lowerThisThread(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false;
    os.setPriority(tid, os.constants.priority.PRIORITY_LOW);
    return true;
  } catch {
    return false;
  }
}
