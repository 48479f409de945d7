/**
 * `npm run bench:scan -- --projects N --json`: builds a synthetic library of N projects (the real structure of
 * each DAW, about 10 files each, Ableton sets of realistic size), then measures on the real core and pool:
 *
 * - scan_s: a cold scan, phase one (walk, files index, grouping, songs written), against `find` over the tree
 *   (scan_ratio) and against the stat floor, `find -printf '%s %T@ %p\n'`, which stats every file as the scan must
 *   (scan_stat_ratio, issue 45's goal); both best of three in this run, on the same warm cache;
 * - phases_s: where the cold scan's phase one went, as its job tells it (walk, plan, writes, index, files; `other` the
 *   rest of scan_s: the job's start, queueing phase two, the runner's bookkeeping);
 * - meta_s: phase two (every project and audio file read, as jobs), against `gzip -dc` of every set read (best of
 *   three, like `find`);
 * - rescan_s: an unchanged rescan;
 * - peak_rss_mb: the process's peak memory, worker threads included;
 * - workers: the threads of the core's pool (its default on this computer), which phase two's ratio depends on.
 *
 * `--scan-only`: phase one alone (the cold scan, its floors, phases and peak memory): no `gzip -dc` floor, no phase
 * two, no rescan (their fields null). At 20,000 projects on this shared machine a whole run takes 20 minutes or more,
 * most of it the metadata and its floor; phase one's comparisons with an earlier commit fit in minutes.
 * `--scan-only --rescan`: and phase two and the unchanged rescan after it, as in the whole run, without the `gzip -dc`
 * floor (best of three, most of a whole run's time): meta_s is printed, meta_ratio is null. `rescan_phases_s`: where the
 * rescan went.
 *
 * Prints one JSON line. `--keep DIR` builds (or reuses) the library in DIR instead of a temp folder. The library
 * is written by a child process (issue 20): the measured process, and its peak memory, is the core's alone.
 *
 * `--mixed`: a library of all twelve DAWs instead, with each format's read rate against its floor (mixed-scan.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWorkerThreads } from '../main/jobs/pool';
import { createBenchCore } from './bench-core';
import { MIN_SCAN_GAP_MS } from '../common/constants';
import { writeLibrary, type LibraryStats } from '../fixtures/generators/library';
import { argValue, commandSeconds, peakRssMb, round, seconds, shellQuote } from './measure';
import { mixedScanBench, writeMixedBenchLibrary } from './mixed-scan';
import { log, rssMb, scanFinished } from './scan-steps';

const argv = process.argv.slice(2);
const projects = Number(argValue(argv, '--projects', '1000'));
const kept = argValue(argv, '--keep', '');
const json = argv.includes('--json');
const scanOnly = argv.includes('--scan-only');
const rescanAfterPhaseOne = scanOnly && argv.includes('--rescan');

// The child: writes the library and its stats, then leaves; none of the generator's memory is the parent's.
const writeTo = argValue(argv, '--write', '');
if (argv.includes('--mixed')) {
  await (writeTo ? writeMixedBenchLibrary(argv, writeTo) : mixedScanBench(argv));
  // The mixed mode is the whole run: what follows is the classic mode's.
  process.exit(0);
}
if (writeTo) {
  const written = await writeLibrary(writeTo, { projects, setSizes: 'realistic' });
  fs.writeFileSync(path.join(writeTo, '.bench-library.json'), JSON.stringify(written));
  process.exit(0);
}

const root = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-library-'));
const statsFile = path.join(root, '.bench-library.json');
let library: LibraryStats;
if (fs.existsSync(statsFile)) {
  library = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as LibraryStats;
} else {
  log(`building ${projects} projects in ${root} (in a child process)…`);
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--write', root, '--projects', String(projects)], { stdio: 'inherit' });
  if (child.status !== 0) throw new Error('the library could not be written');
  library = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as LibraryStats;
}

// This machine keeps only a few GB of page cache: reading the sets evicts the tree's folders. Each scan is
// therefore timed right after a `find` of the tree, on the same warm cache as `find` itself, and both
// ratios use the faster of the two `find` timings.
const setList = path.join(os.tmpdir(), `songshelf-bench-sets-${process.pid}.txt`);
fs.writeFileSync(setList, library.sessionSets.join('\0'));
const gunzip_s = scanOnly ? null : commandSeconds(`xargs -0 gzip -dc < ${shellQuote(setList)} > /dev/null`);
const findTree = () => commandSeconds(`find ${shellQuote(root)} > /dev/null`);
const findBeforeScan = findTree();
// The stat floor: what the scan must learn of each file (size, time, path); its own best of three, right before the
// scan as `find` is.
const stat_s = commandSeconds(`find ${shellQuote(root)} -printf '%s %T@ %p\\n' > /dev/null`);

const core = createBenchCore({ watch: false });
await core.start();

const cold = await seconds(async () => {
  const { jobId } = await core.library.watchDirectory(root);
  await scanFinished(core, jobId);
});
log(`after phase one: rss ${rssMb()} MB, peak ${peakRssMb()} MB`);
const phases = scanPhases(core);
let meta: { s: number } | null = null;
let rescan: { s: number } | null = null;
let find_s = findBeforeScan;
if (!scanOnly || rescanAfterPhaseOne) {
  meta = await seconds(() => core.runner.whenIdle());
  log(`after phase two: rss ${rssMb()} MB, peak ${peakRssMb()} MB`);
  const directory = core.library.list()[0];
  if (!directory) throw new Error('the folder was not added');
  // The spec allows one scan per folder per 5 s: wait that out, so the rescan measures scanning, not waiting.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, (directory.lastScanAt ?? 0) + MIN_SCAN_GAP_MS - Date.now())));
  const findBeforeRescan = findTree();
  log(`find before the cold scan ${round(findBeforeScan)} s, before the rescan ${round(findBeforeRescan)} s`);
  find_s = Math.min(findBeforeScan, findBeforeRescan);
  rescan = await seconds(() => scanFinished(core, core.library.requestScan(directory.id)));
  log(`after the rescan: rss ${rssMb()} MB, peak ${peakRssMb()} MB`);
}
const songs = (core.db.sqlite.prepare('SELECT count(*) AS n FROM songs').get() as { n: number }).n;
const rescanPhases = rescan ? scanPhases(core, 'last') : null;
await core.close();
fs.rmSync(setList, { force: true });
if (!kept) fs.rmSync(root, { recursive: true, force: true });

const result = {
  projects: library.projects,
  files: library.files,
  songs,
  scan_s: round(cold.s),
  rescan_s: rescan ? round(rescan.s) : null,
  find_s: round(find_s),
  stat_s: round(stat_s),
  scan_ratio: round(cold.s / find_s, 2),
  scan_stat_ratio: round(cold.s / stat_s, 2),
  phases_s: phases ? { ...phases, other: round(cold.s - Object.values(phases).reduce((sum, value) => sum + value, 0)) } : null,
  rescan_ratio: rescan ? round(rescan.s / find_s, 2) : null,
  rescan_phases_s: rescanPhases,
  projects_per_s: Math.round(library.projects / cold.s),
  peak_rss_mb: peakRssMb(),
  meta_s: meta ? round(meta.s) : null,
  gunzip_s: gunzip_s === null ? null : round(gunzip_s),
  meta_ratio: meta && gunzip_s !== null ? round(meta.s / gunzip_s, 2) : null,
  workers: defaultWorkerThreads(),
};
console.log(json ? JSON.stringify(result) : result);

/**
 * The phases in seconds of the cold scan (the first) or the rescan (the last), from its job's summary (`phasesMs`);
 * null from a core that does not tell them.
 */
function scanPhases(target: typeof core, which: 'first' | 'last' = 'first'): Record<string, number> | null {
  const row = target.db.sqlite.prepare(`SELECT result FROM jobs WHERE kind = 'scan' AND state = 'succeeded' ORDER BY id ${which === 'first' ? 'ASC' : 'DESC'} LIMIT 1`).get() as { result: string | null } | undefined;
  const summary = row?.result ? (JSON.parse(row.result) as { phasesMs?: Record<string, number> }) : null;
  if (!summary?.phasesMs) return null;
  return Object.fromEntries(Object.entries(summary.phasesMs).map(([phase, ms]) => [phase, round(ms / 1000)]));
}
