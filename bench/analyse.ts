/**
 * `npm run --silent bench:analyse -- --json`: the audio analysis (issue 18) on the labelled synthetic corpus
 * (`fixtures/generators/audio-corpus.ts`: grooves at known tempos, progressions in all 24 keys, loudness
 * references; WAV, MP3, AIFF and FLAC), run in the worker pool as the app runs it, on one worker, twice per file:
 * with the app's decoders (WAV and AIFF in TypeScript, MP3 and FLAC in WebAssembly, loudness measured in
 * TypeScript) and with the native ffmpeg for every file (its `ebur128` for loudness), the two runs of a file one
 * after the other so that a busy machine weighs on both alike. Prints one line:
 *
 *   { seed, files, failed, failed_ffmpeg, tempo_acc1, tempo_acc2, tempo_exact, key_weighted, key_exact, lufs_error_db,
 *     realtime_factor, realtime_factor_ffmpeg, tempo_acc1_ffmpeg, key_weighted_ffmpeg, lufs_error_db_ffmpeg,
 *     lufs_vs_ffmpeg_db, lufs_vs_ffmpeg_max_db, true_peak_vs_ffmpeg_db, lra_vs_ffmpeg_lu, peak_rss_mb }
 *
 * tempo_acc1: share of grooves within 4% of the truth; tempo_acc2: also counting x2, x3, /2, /3; tempo_exact: within
 * 0.5 BPM; key_weighted: the MIREX score (same key 1, fifth 0.5, relative 0.3, parallel 0.2); lufs_error_db: mean
 * absolute error against the references' known loudness; realtime_factor: seconds of audio per second of wall time.
 * `_ffmpeg`: the same with ffmpeg decoding. `_vs_ffmpeg`: mean (or largest) absolute difference between the app's
 * integrated loudness, true peak and loudness range and ffmpeg's, over every file both measured.
 * failed: files whose analysis failed with the app's decoders (failed_ffmpeg: with ffmpeg's); each is named on stderr.
 * A failed file counts as a miss in the shares (it was not read right); a mean is over the files that have the figure.
 * A figure with nothing to compute it from (no file measured it) is left out of the line, never printed as 0 or null.
 * free_time_no_tempo: share of the free-time files (no steady pulse) given no tempo, printed where the corpus has some.
 * seed: the seed that made the corpus (each corpus's generator writes it in labels.json).
 * The worst files go to stderr. Options: `--size small|full` (default full), `--corpus <dir>` (kept and reused),
 * `--sampled`: the second corpus instead (`fixtures/generators/sampled-corpus.ts`: General MIDI songs rendered with
 * sampled instruments by fluidsynth, issue 31), `--seed N`: the corpus's seed (default 1, or 31 with `--sampled`).
 *
 * Neither corpus is held out: the analysis's constants were set on these seeds, so their scores are scores on the
 * tuning set. The synthetic corpus at seed 1: the key profile (`DEFAULT_KEY_PROFILE`) and the tempo octave's
 * backbeat and off-beat rules. The sampled corpus at seed 31: the backbeat's balance and fast floor, no tempo in free
 * time (`workers/analysis/tempo.ts`); at seeds 31 and 97: the key's confidence floor and overtone suppression
 * (`workers/analysis/key.ts`). Another seed draws other velocities, tempos and rubato, and turns which of the same
 * five chord instruments and three forms each key gets; it is the same generator's songs, not an independent set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AudioAnalysis } from '../common/audio/audio-analysis';
import { parseKey, type MusicalKey } from '../common/songs/music-keys';
import { AUDIO_CORPUS_SEED, generateAudioCorpus, readCorpusLabels, readCorpusSeed, type CorpusEntry } from '../fixtures/generators/audio-corpus';
import { generateSampledCorpus, hasSampledInstruments, SAMPLED_CORPUS_SEED, SOUNDFONT } from '../fixtures/generators/sampled-corpus';
import { WORKER_BUNDLE } from '../main/core';
import { createWorkerPool } from '../main/jobs/pool';
import { argValue, peakRssMb, round, seconds } from './measure';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const size = argValue(argv, '--size', 'full') === 'small' ? 'small' : 'full';
const corpusDir = argValue(argv, '--corpus', '');
const sampled = argv.includes('--sampled');
const seedArg = argValue(argv, '--seed', '');
if (seedArg !== '' && !/^\d+$/.test(seedArg)) {
  console.error(`--seed takes a whole number, not ${seedArg}`);
  process.exit(1);
}
const log = (message: string) => console.error(message);

const dir = corpusDir || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-corpus-'));
let entries: CorpusEntry[];
let seed = seedArg === '' ? (sampled ? SAMPLED_CORPUS_SEED : AUDIO_CORPUS_SEED) : Number(seedArg);
if (corpusDir && fs.existsSync(path.join(corpusDir, 'labels.json'))) {
  entries = readCorpusLabels(corpusDir);
  const made = readCorpusSeed(corpusDir);
  if (made === undefined || (seedArg !== '' && made !== seed)) {
    log(made === undefined ? `${corpusDir} does not say which seed made it: generate it again` : `${corpusDir} was made with seed ${made}, not ${seed}`);
    process.exit(1);
  }
  seed = made;
  log(`reusing the corpus in ${corpusDir} (${entries.length} files, seed ${seed})`);
} else {
  if (sampled && !hasSampledInstruments()) {
    log(`--sampled needs fluidsynth and ${SOUNDFONT} (Debian: apt-get install fluidsynth fluid-soundfont-gm).`);
    process.exit(1);
  }
  log(`generating the ${sampled ? 'sampled' : size} corpus (seed ${seed}) in ${dir}…`);
  const made = await seconds(() => (sampled ? generateSampledCorpus(dir, { seed }) : generateAudioCorpus(dir, { size, seed })));
  entries = made.value;
  log(`${entries.length} files in ${round(made.s, 1)} s`);
}

const bundleDir = path.dirname(fileURLToPath(import.meta.url));
const pool = createWorkerPool({ workerFile: path.join(bundleDir, '..', 'node', WORKER_BUNDLE), threads: 1 });
type Result = { entry: CorpusEntry; analysis: AudioAnalysis | null; reason?: string };
const results: Result[] = [];
const yardstick: Result[] = [];
const timed = { app: 0, ffmpeg: 0 };
async function analyse(entry: CorpusEntry, decoder?: 'ffmpeg'): Promise<{ result: Result; s: number }> {
  const { value: outcome, s } = await seconds(() => pool.run({ kind: 'analyse-audio', path: entry.path, ...(decoder ? { decoder } : {}) }));
  return { result: outcome.ok ? { entry, analysis: outcome.value.analysis } : { entry, analysis: null, reason: outcome.reason }, s };
}
for (const entry of entries) {
  const app = await analyse(entry);
  const native = await analyse(entry, 'ffmpeg');
  results.push(app.result);
  yardstick.push(native.result);
  timed.app += app.s;
  timed.ffmpeg += native.s;
}
await pool.destroy();
if (!corpusDir) fs.rmSync(dir, { recursive: true, force: true });

const failed = results.filter((result) => result.analysis === null);
for (const { entry, reason } of failed) log(`not analysed: ${path.basename(entry.path)}: ${reason}`);
const failedFfmpeg = yardstick.filter((result) => result.analysis === null);
for (const { entry, reason } of failedFfmpeg) log(`not analysed with ffmpeg: ${path.basename(entry.path)}: ${reason}`);
for (const [run, of] of [['', results], [' with ffmpeg', yardstick]] as const) {
  for (const { entry } of of.filter(({ entry, analysis }) => entry.lufs !== undefined && analysis !== null && analysis.lufs == null)) log(`no loudness measured${run}: ${path.basename(entry.path)}`);
}

const grooves = (of: Result[]) => of.filter((result) => result.entry.bpm !== undefined);
const progressions = (of: Result[]) => of.filter((result) => result.entry.key !== undefined);
const references = (of: Result[]) => of.filter((result) => result.entry.lufs !== undefined);
const freeTime = (of: Result[]) => of.filter((result) => result.entry.freeTime === true);
const tempoError = (truth: number, bpm: number | null) => (bpm === null ? Infinity : Math.abs(bpm - truth) / truth);
const within4 = (truth: number, bpm: number | null) => tempoError(truth, bpm) <= 0.04;
/** How far the measured loudness is from the reference's; none when the file has no loudness measured. */
const lufsError = ({ entry, analysis }: Result): number[] => (analysis?.lufs == null ? [] : [Math.abs(analysis.lufs - entry.lufs!)]);

/** The corpus's scores for one run. */
function score(of: Result[]) {
  const keyScores = progressions(of).map(({ entry, analysis }) => mirexKeyScore(entry.key!, analysis?.key ?? null));
  return {
    tempo_acc1: rounded(share(grooves(of), ({ entry, analysis }) => within4(entry.bpm!, analysis?.bpm ?? null))),
    tempo_acc2: rounded(share(grooves(of), ({ entry, analysis }) => [1, 2, 3, 1 / 2, 1 / 3].some((factor) => within4(entry.bpm! * factor, analysis?.bpm ?? null)))),
    tempo_exact: rounded(share(grooves(of), ({ entry, analysis }) => analysis?.bpm != null && Math.abs(analysis.bpm - entry.bpm!) <= 0.5)),
    key_weighted: rounded(meanOf(keyScores)),
    key_exact: rounded(meanOf(keyScores.map((value) => (value === 1 ? 1 : 0)))),
    lufs_error_db: rounded(meanOf(references(of).flatMap(lufsError))),
    free_time_no_tempo: rounded(share(freeTime(of), ({ analysis }) => analysis !== null && analysis.bpm === null)),
  };
}

/** Per file, how far the app's figure is from ffmpeg's, where both measured one. */
function againstFfmpeg(figure: (analysis: AudioAnalysis) => number | null): number[] {
  return results.flatMap((result, index) => {
    const [ours, theirs] = [result.analysis, yardstick[index]!.analysis].map((analysis) => (analysis ? figure(analysis) : null));
    return ours == null || theirs == null ? [] : [Math.abs(ours - theirs)];
  });
}

const audioSeconds = results.reduce((sum, { entry }) => sum + entry.durationS, 0);
const ours = score(results);
const theirs = score(yardstick);
const lufsGaps = againstFfmpeg((analysis) => analysis.lufs);

worst('tempo', grooves(results), ({ entry, analysis }) => tempoError(entry.bpm!, analysis?.bpm ?? null), ({ entry, analysis }) => `${analysis?.bpm ?? '—'} for ${entry.bpm}${entry.halfTime ? ' (half-time)' : ''}`);
worst('key', progressions(results), ({ entry, analysis }) => 1 - mirexKeyScore(entry.key!, analysis?.key ?? null), ({ entry, analysis }) => `${analysis?.key ?? '—'} for ${entry.key}`);
worst('lufs', references(results), (result) => lufsError(result)[0] ?? Infinity, ({ entry, analysis }) => `${analysis?.lufs ?? '—'} for ${entry.lufs}`);
worst('lufs against ffmpeg', results, (result) => {
  const theirs = yardstick[results.indexOf(result)]!.analysis?.lufs;
  return result.analysis?.lufs == null || theirs == null ? 0 : Math.abs(result.analysis.lufs - theirs);
}, (result) => `${result.analysis?.lufs ?? '—'} against ffmpeg's ${yardstick[results.indexOf(result)]!.analysis?.lufs ?? '—'}`);

const result = withoutMissing({
  seed,
  files: results.length,
  failed: failed.length,
  failed_ffmpeg: failedFfmpeg.length,
  ...ours,
  realtime_factor: results.length === 0 ? undefined : round(audioSeconds / timed.app, 1),
  realtime_factor_ffmpeg: results.length === 0 ? undefined : round(audioSeconds / timed.ffmpeg, 1),
  tempo_acc1_ffmpeg: theirs.tempo_acc1,
  key_weighted_ffmpeg: theirs.key_weighted,
  lufs_error_db_ffmpeg: theirs.lufs_error_db,
  free_time_no_tempo: ours.free_time_no_tempo,
  lufs_vs_ffmpeg_db: rounded(meanOf(lufsGaps)),
  lufs_vs_ffmpeg_max_db: lufsGaps.length === 0 ? undefined : round(Math.max(...lufsGaps)),
  true_peak_vs_ffmpeg_db: rounded(meanOf(againstFfmpeg((analysis) => analysis.truePeak))),
  lra_vs_ffmpeg_lu: rounded(meanOf(againstFfmpeg((analysis) => analysis.loudnessRange))),
  peak_rss_mb: peakRssMb(),
});
if (json) console.log(JSON.stringify(result));
else console.log(result);

/** The mean; undefined (the figure left out) when there is nothing to average. */
function meanOf(values: number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The share of `items` that pass; undefined (the figure left out) when there are none. */
function share(items: Result[], pass: (item: Result) => boolean): number | undefined {
  return items.length === 0 ? undefined : items.filter(pass).length / items.length;
}

function rounded(value: number | undefined): number | undefined {
  return value === undefined ? undefined : round(value);
}

/** The line without the figures that could not be computed (and a loud failure for one that came out NaN or infinite). */
function withoutMissing(line: Record<string, number | undefined>): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const [name, value] of Object.entries(line)) {
    if (value === undefined) continue;
    if (!Number.isFinite(value)) throw new Error(`${name} came out as ${value}`);
    kept[name] = value;
  }
  return kept;
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
