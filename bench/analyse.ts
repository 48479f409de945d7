/**
 * `npm run --silent bench:analyse -- --json`: the audio analysis (issue 18) on the labelled synthetic corpus
 * (`fixtures/generators/audio-corpus.ts`: grooves at known tempos, progressions in all 24 keys, loudness
 * references; WAV, MP3, AIFF and FLAC), run in the worker pool as the app runs it, on one worker. Prints one line:
 *
 *   { files, tempo_acc1, tempo_acc2, tempo_exact, key_weighted, key_exact, lufs_error_db, realtime_factor, peak_rss_mb }
 *
 * tempo_acc1: share of grooves within 4% of the truth; tempo_acc2: also counting x2, x3, /2, /3; tempo_exact: within
 * 0.5 BPM; key_weighted: the MIREX score (same key 1, fifth 0.5, relative 0.3, parallel 0.2); lufs_error_db: mean
 * absolute error against the references' known loudness; realtime_factor: seconds of audio per second of wall time.
 * The worst files go to stderr. Options: `--size small|full` (default full), `--corpus <dir>` (kept and reused).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AudioAnalysis } from '../common/audio-analysis';
import { parseKey, type MusicalKey } from '../common/music-keys';
import { generateAudioCorpus, readCorpusLabels, type CorpusEntry } from '../fixtures/generators/audio-corpus';
import { WORKER_BUNDLE } from '../main/core';
import { createWorkerPool } from '../main/jobs/pool';
import { argValue, peakRssMb, round, seconds } from './measure';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const size = argValue(argv, '--size', 'full') === 'small' ? 'small' : 'full';
const corpusDir = argValue(argv, '--corpus', '');
const log = (message: string) => console.error(message);

const dir = corpusDir || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-corpus-'));
let entries: CorpusEntry[];
if (corpusDir && fs.existsSync(path.join(corpusDir, 'labels.json'))) {
  entries = readCorpusLabels(corpusDir);
  log(`reusing the corpus in ${corpusDir} (${entries.length} files)`);
} else {
  log(`generating the ${size} corpus in ${dir}…`);
  const made = await seconds(() => generateAudioCorpus(dir, { size }));
  entries = made.value;
  log(`${entries.length} files in ${round(made.s, 1)} s`);
}

const bundleDir = path.dirname(fileURLToPath(import.meta.url));
const pool = createWorkerPool({ workerFile: path.join(bundleDir, '..', 'node', WORKER_BUNDLE), threads: 1 });
const results: { entry: CorpusEntry; analysis: AudioAnalysis | null; reason?: string }[] = [];
const run = await seconds(async () => {
  for (const entry of entries) {
    const outcome = await pool.run({ kind: 'analyse-audio', path: entry.path });
    results.push(outcome.ok ? { entry, analysis: outcome.value.analysis } : { entry, analysis: null, reason: outcome.reason });
  }
});
await pool.destroy();
if (!corpusDir) fs.rmSync(dir, { recursive: true, force: true });

const failed = results.filter((result) => result.analysis === null);
for (const { entry, reason } of failed) log(`not analysed: ${path.basename(entry.path)}: ${reason}`);

const grooves = results.filter((result) => result.entry.bpm !== undefined);
const tempoError = (truth: number, bpm: number | null) => (bpm === null ? Infinity : Math.abs(bpm - truth) / truth);
const within4 = (truth: number, bpm: number | null) => tempoError(truth, bpm) <= 0.04;
const tempo_acc1 = share(grooves, ({ entry, analysis }) => within4(entry.bpm!, analysis?.bpm ?? null));
const tempo_acc2 = share(grooves, ({ entry, analysis }) => [1, 2, 3, 1 / 2, 1 / 3].some((factor) => within4(entry.bpm! * factor, analysis?.bpm ?? null)));
const tempo_exact = share(grooves, ({ entry, analysis }) => analysis?.bpm != null && Math.abs(analysis.bpm - entry.bpm!) <= 0.5);

const progressions = results.filter((result) => result.entry.key !== undefined);
const keyScores = progressions.map(({ entry, analysis }) => mirexKeyScore(entry.key!, analysis?.key ?? null));
const key_weighted = keyScores.length === 0 ? 0 : keyScores.reduce((sum, score) => sum + score, 0) / keyScores.length;
const key_exact = keyScores.length === 0 ? 0 : keyScores.filter((score) => score === 1).length / keyScores.length;

const references = results.filter((result) => result.entry.lufs !== undefined);
const lufsErrors = references.map(({ entry, analysis }) => (analysis?.lufs == null ? Infinity : Math.abs(analysis.lufs - entry.lufs!)));
const lufs_error_db = lufsErrors.length === 0 ? 0 : lufsErrors.reduce((sum, error) => sum + error, 0) / lufsErrors.length;

const audioSeconds = results.reduce((sum, { entry }) => sum + entry.durationS, 0);

worst('tempo', grooves, ({ entry, analysis }) => tempoError(entry.bpm!, analysis?.bpm ?? null), ({ entry, analysis }) => `${analysis?.bpm ?? '—'} for ${entry.bpm}${entry.halfTime ? ' (half-time)' : ''}`);
worst('key', progressions, ({ entry, analysis }) => 1 - mirexKeyScore(entry.key!, analysis?.key ?? null), ({ entry, analysis }) => `${analysis?.key ?? '—'} for ${entry.key}`);
worst('lufs', references, ({ entry, analysis }) => (analysis?.lufs == null ? Infinity : Math.abs(analysis.lufs - entry.lufs!)), ({ entry, analysis }) => `${analysis?.lufs ?? '—'} for ${entry.lufs}`);

const result = {
  files: results.length,
  tempo_acc1: round(tempo_acc1),
  tempo_acc2: round(tempo_acc2),
  tempo_exact: round(tempo_exact),
  key_weighted: round(key_weighted),
  key_exact: round(key_exact),
  lufs_error_db: round(lufs_error_db),
  realtime_factor: round(audioSeconds / run.s, 1),
  peak_rss_mb: peakRssMb(),
};
if (json) console.log(JSON.stringify(result));
else console.log(result);

type Result = (typeof results)[number];

function share(items: Result[], pass: (item: Result) => boolean): number {
  return items.length === 0 ? 0 : items.filter(pass).length / items.length;
}

/** The MIREX key score: the same key 1, a fifth away (same mode) 0.5, the relative 0.3, the parallel 0.2, else 0. */
function mirexKeyScore(truthText: string, estimateText: string | null): number {
  const truth = parseKey(truthText);
  const estimate = estimateText === null ? null : parseKey(estimateText);
  if (!truth || !estimate) return 0;
  const interval = (estimate.pitchClass - truth.pitchClass + 12) % 12;
  if (estimate.mode === truth.mode) {
    if (interval === 0) return 1;
    if (interval === 7 || interval === 5) return 0.5;
    return 0;
  }
  if (interval === 0) return 0.2;
  return isRelative(truth, estimate, interval) ? 0.3 : 0;
}

function isRelative(truth: MusicalKey, estimate: MusicalKey, interval: number): boolean {
  // C major's relative is A minor (down a minor third, +9); A minor's is C major (+3).
  return truth.mode === 'major' ? interval === 9 : interval === 3;
}

function worst(what: string, items: Result[], error: (item: Result) => number, describe: (item: Result) => string): void {
  const sorted = [...items].sort((a, b) => error(b) - error(a)).filter((item) => error(item) > 0);
  for (const item of sorted.slice(0, 5)) log(`worst ${what}: ${path.basename(item.entry.path)}: ${describe(item)}`);
}
