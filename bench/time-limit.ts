/**
 * `npm run bench:time-limit -- --json`: how soon after its time limit the worker pool answers for a read that
 * outlasts it (fixtures/slow-read.ts: a set that takes over a second to read), best and worst of `--runs`, against a plain timer of
 * the same length in the same process (the baseline: how late this machine's timers fire anyway). The pool's own
 * test checks only what holds on any machine (the stop happened and the lane serves the next task); the time lives here.
 * Prints one JSON line: { limit_ms, stopped_ms_best, stopped_ms_worst, timer_ms, late_ms_worst, ratio }.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_BUNDLE, createWorkerPool } from '../main/jobs/pool';
import { argValue, round, seconds } from './measure';
import { writeSlowSet } from '../fixtures/slow-read';

const argv = process.argv.slice(2);
const limitMs = Number(argValue(argv, '--limit-ms', '300'));
const runs = Number(argValue(argv, '--runs', '5'));
const json = argv.includes('--json');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-time-limit-'));
const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node', WORKER_BUNDLE);
const pool = createWorkerPool({ workerFile, threads: 1, timeLimits: { readBaseMs: limitMs, readMsPerMb: 0 } });
const slow = path.join(folder, 'Slow.als');
writeSlowSet(slow);
const stopped: number[] = [];
const timers: number[] = [];
try {
  // One untimed run first: the first thread loads within it (a ping would be held to the same short limit).
  for (let run = -1; run < runs; run += 1) {
    const read = await seconds(() => pool.run({ kind: 'read-project', path: slow, daw: 'ableton' }));
    if (read.value.ok) throw new Error(`The slow set was read within ${limitMs} ms: the limit stopped nothing (lower --limit-ms).`);
    if (run < 0) continue;
    stopped.push(read.s * 1000);
    timers.push((await seconds(() => new Promise((resolve) => setTimeout(resolve, limitMs)))).s * 1000);
  }
} finally {
  await pool.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
}

const stoppedBest = Math.min(...stopped);
const stoppedWorst = Math.max(...stopped);
const timerMs = Math.min(...timers);
const result = {
  limit_ms: limitMs,
  stopped_ms_best: round(stoppedBest, 1),
  stopped_ms_worst: round(stoppedWorst, 1),
  timer_ms: round(timerMs, 1),
  late_ms_worst: round(stoppedWorst - limitMs, 1),
  ratio: round(stoppedBest / timerMs),
};
if (json) console.log(JSON.stringify(result));
else console.log(`A stuck read with a ${limitMs} ms limit answered after ${result.stopped_ms_best}-${result.stopped_ms_worst} ms (a plain timer: ${result.timer_ms} ms), ratio ${result.ratio}`);
