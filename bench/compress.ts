/**
 * `npm run bench:compress -- --json`: one WAV (default 60 s of 44.1 kHz stereo, 10.6 MB, so the spec's 192k plan)
 * compressed through the app (the `compressAudio` channel: validation, plan, worker pool, ffmpeg, verification)
 * and through the same ffmpeg command run raw, best of `--runs` each, in the same run.
 * Prints one JSON line: { app_s, ffmpeg_s, ratio }.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compressionPlan } from '../common/cloud/upload-rules';
import { ffmpegArgs, ffmpegPath } from '../workers/compress/compress-audio';
import { createBenchCore } from './bench-core';
import { writeWav } from '../fixtures/generators/wav';
import { argValue, round, seconds } from './measure';

const argv = process.argv.slice(2);
const audioSeconds = Number(argValue(argv, '--seconds', '60'));
const runs = Number(argValue(argv, '--runs', '3'));
const json = argv.includes('--json');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-compress-'));
const input = writeWav(path.join(folder, 'Bounce.wav'), audioSeconds, 44_100, 2);
const size = fs.statSync(input).size;
const plan = compressionPlan(path.basename(input), size);
if (!plan.compress) throw new Error(`A ${size}-byte WAV should be compressed; make --seconds larger.`);

const core = createBenchCore({ watch: false });
// Watched, so the file channels read it; the core is not started, so its scan never runs.
const watched = await core.router.dispatch('watchDirectory', { path: folder });
if (!watched.ok) throw new Error(watched.error.message);
// The pool's first thread starts with the core; one untimed run so neither side pays a cold cache.
await core.router.dispatch('compressAudio', { path: input });

let appBest = Number.POSITIVE_INFINITY;
let ffmpegBest = Number.POSITIVE_INFINITY;
const rawOutput = path.join(folder, 'raw.mp3');
for (let run = 0; run < runs; run += 1) {
  const app = await seconds(() => core.router.dispatch('compressAudio', { path: input }));
  if (!app.value.ok) throw new Error(app.value.error.message);
  appBest = Math.min(appBest, app.s);
  const raw = await seconds(() => spawnSync(ffmpegPath(), ffmpegArgs({ path: input, kind: 'wav' }, rawOutput, plan.bitrate, 'mp3'), { stdio: ['ignore', 'ignore', 'inherit'] }));
  if (raw.value.status !== 0) throw new Error(`ffmpeg exited with ${raw.value.status}`);
  ffmpegBest = Math.min(ffmpegBest, raw.s);
}
await core.close();
fs.rmSync(folder, { recursive: true, force: true });

const result = { app_s: round(appBest), ffmpeg_s: round(ffmpegBest), ratio: round(appBest / ffmpegBest) };
if (json) console.log(JSON.stringify(result));
else console.log(`${round(size / 1e6, 1)} MB WAV at ${plan.bitrate}: app ${result.app_s} s, raw ffmpeg ${result.ffmpeg_s} s, ratio ${result.ratio}`);
