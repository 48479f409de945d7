/**
 * `npm run bench:scan -- --mixed --projects N --json` (issue 43): the mixed library (mixed-library.ts, all twelve
 * DAWs), scanned by the real core as the classic mode does (phase one: songs visible; phase two: every project and
 * audio file read by the pool), then each format measured on its own:
 *
 * - projects_per_s, mb_per_s: every project of the format read through the pool's read task (a pool of the core's
 *   default size; `workers` says how many threads, so a rate per worker is mb_per_s / workers);
 * - floor_mb_per_s: the same bytes read, and inflated where the format is compressed, with node:zlib (format-floor.ts);
 * - ratio: the pool's seconds over the floor's. Each is the best of three runs, taken in turn on a warm cache.
 *
 * mixed_mb counts the bytes the readers read (sessions, and packages' plists and ProjectData); reads_s is the formats'
 * pool reads summed: the mixed library's metadata, every project read; floor_s is the formats' floors summed (the same
 * bytes read, and inflated); mixed_meta_ratio is reads_s / floor_s. meta_s is the scan's phase two (one run, as in the
 * classic mode), which besides the projects reads every bounce and sample and writes every song, so it is not held to
 * the floor of the projects' bytes: phase_two_ratio (meta_s / floor_s) is printed beside it for what it costs.
 * Goals (reported, not asserted): every format >= 20 MB/s per worker, mixed_meta_ratio <= 2.
 * `--copy ableton,logic` copies the shared real files for those DAWs instead of generating them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAWS, type Daw } from '../common/projects/project-meta';
import { WORKER_BUNDLE } from '../main/core';
import { createWorkerPool, defaultWorkerThreads, type WorkerPool } from '../main/jobs/pool';
import { createBenchCore } from './bench-core';
import { floorSeconds } from './format-floor';
import { argValue, round, seconds } from './measure';
import { writeMixedLibrary, type MixedLibraryStats, type MixedProject } from './mixed-library';
import { log, scanFinished } from './scan-steps';

const STATS_FILE = '.bench-mixed-library.json';
const MIB = 2 ** 20;
/** Issue 43's goals, printed beside the numbers. */
const GOAL_MB_PER_S_PER_WORKER = 20;
const GOAL_META_RATIO = 2;
const RUNS = 3;

interface FormatResult {
  projects: number;
  mb: number;
  projects_per_s: number;
  mb_per_s: number;
  floor_mb_per_s: number;
  ratio: number;
  /** Reads the pool answered with a reason instead of metadata (a reader not landed answers at once: not a rate). */
  failed: number;
  how: 'generated' | 'copied';
}

/** The child's side: writes the library and its stats, then the process leaves (its memory is never the core's). */
export async function writeMixedBenchLibrary(argv: string[], root: string): Promise<void> {
  const copy = argValue(argv, '--copy', '').split(',').filter((daw): daw is Daw => (DAWS as readonly string[]).includes(daw));
  const stats = await writeMixedLibrary(root, { projects: Number(argValue(argv, '--projects', '2400')), copy });
  fs.writeFileSync(path.join(root, STATS_FILE), JSON.stringify(stats));
}

export async function mixedScanBench(argv: string[]): Promise<void> {
  const kept = argValue(argv, '--keep', '');
  const root = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-mixed-'));
  const library = libraryIn(root, argv);
  const workers = defaultWorkerThreads();

  const core = createBenchCore({ watch: false });
  await core.start();
  const scan = await seconds(async () => scanFinished(core, (await core.library.watchDirectory(root)).jobId));
  const meta = await seconds(() => core.runner.whenIdle());
  const songs = (core.db.sqlite.prepare('SELECT count(*) AS n FROM songs').get() as { n: number }).n;
  const unread = core.db.sqlite.prepare("SELECT daw, count(*) AS n FROM songs WHERE json_extract(meta, '$.readError') IS NOT NULL GROUP BY daw").all();
  if (unread.length > 0) log(`songs the scan could not read, by DAW: ${JSON.stringify(unread)}`);
  await core.close();
  log(`scan: phase one ${round(scan.s)} s, phase two ${round(meta.s)} s, ${songs} songs`);

  // A pool like the core's, on its own: the core is closed, so nothing else competes for the threads.
  const pool = createWorkerPool({ workerFile: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node', WORKER_BUNDLE), threads: workers });
  await Promise.all(Array.from({ length: workers }, () => pool.run({ kind: 'ping' })));
  const formats: Partial<Record<Daw, FormatResult>> = {};
  let floorTotal = 0;
  let readsTotal = 0;
  for (const daw of DAWS) {
    const projects = library.list.filter((project) => project.daw === daw);
    if (projects.length === 0) continue;
    const measured = await measureFormat(pool, projects, workers);
    formats[daw] = { ...measured.result, how: library.copied.includes(daw) ? 'copied' : 'generated' };
    floorTotal += measured.floorS;
    readsTotal += measured.readS;
    log(`${daw}: ${JSON.stringify(formats[daw])}`);
  }
  await pool.destroy();
  if (!kept) fs.rmSync(root, { recursive: true, force: true });

  const mixedMb = Object.values(formats).reduce((sum, format) => sum + format.mb, 0);
  const result = {
    mixed_projects: library.projects,
    mixed_files: library.files,
    mixed_mb: round(mixedMb, 1),
    songs,
    scan_s: round(scan.s),
    meta_s: round(meta.s),
    floor_s: round(floorTotal),
    reads_s: round(readsTotal),
    mixed_meta_ratio: round(readsTotal / floorTotal, 2),
    phase_two_ratio: round(meta.s / floorTotal, 2),
    workers,
    generated: library.generated,
    copied: library.copied,
    missing: library.missing,
    formats,
  };
  if (argv.includes('--json')) console.log(JSON.stringify(result));
  else printTable(result, formats, workers);
}

/** The library in `root` (kept from an earlier run), else written there by a child process. */
function libraryIn(root: string, argv: string[]): MixedLibraryStats {
  const statsFile = path.join(root, STATS_FILE);
  if (!fs.existsSync(statsFile)) {
    log(`building a mixed library of ${argValue(argv, '--projects', '2400')} projects in ${root} (in a child process)…`);
    const passOn = ['--projects', argValue(argv, '--projects', '2400'), '--copy', argValue(argv, '--copy', '')];
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--mixed', '--write', root, ...passOn], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error('the mixed library could not be written');
  }
  return JSON.parse(fs.readFileSync(statsFile, 'utf8')) as MixedLibraryStats;
}

/**
 * The best of three runs each of the pool and of the floor, in turn, so neither gets a colder cache than the other,
 * and a moment when the computer's other work takes a core counts against neither.
 */
async function measureFormat(pool: WorkerPool, projects: MixedProject[], workers: number): Promise<{ result: Omit<FormatResult, 'how'>; floorS: number; readS: number }> {
  const files = projects.flatMap((project) => project.readFiles);
  const bytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  let floorS = Number.POSITIVE_INFINITY;
  let readS = Number.POSITIVE_INFINITY;
  let failed = 0;
  for (let run = 0; run < RUNS; run += 1) {
    floorS = Math.min(floorS, floorSeconds(files, workers));
    const read = await seconds(() => Promise.all(projects.map((project) => pool.run({ kind: 'read-project', path: project.session, daw: project.daw }))));
    readS = Math.min(readS, read.s);
    const failures = read.value.filter((outcome) => !outcome.ok);
    failed = failures.length;
    if (run === 0 && failures[0] && !failures[0].ok) log(`${projects[0]?.daw}: ${failed} reads failed, first: ${failures[0].reason}`);
  }
  const mb = bytes / MIB;
  return {
    floorS,
    readS,
    result: {
      projects: projects.length,
      mb: round(mb, 2),
      projects_per_s: Math.round(projects.length / readS),
      mb_per_s: round(mb / readS, 1),
      floor_mb_per_s: round(mb / floorS, 1),
      ratio: round(readS / floorS, 2),
      failed,
    },
  };
}

function printTable(result: { mixed_projects: number; mixed_mb: number; meta_s: number; reads_s: number; floor_s: number; mixed_meta_ratio: number; phase_two_ratio: number }, formats: Partial<Record<Daw, FormatResult>>, workers: number): void {
  const rows = Object.entries(formats).map(([daw, format]) => {
    const perWorker = format.mb_per_s / workers;
    const goal = format.failed > 0 ? 'not read' : perWorker >= GOAL_MB_PER_S_PER_WORKER ? 'yes' : 'no';
    return [daw, format.how, format.projects, format.mb, format.projects_per_s, format.mb_per_s, round(perWorker, 1), format.floor_mb_per_s, format.ratio, goal].map(String);
  });
  const header = ['format', 'how', 'projects', 'MB', 'projects/s', 'MB/s', 'MB/s/worker', 'floor MB/s', 'ratio', `>= ${GOAL_MB_PER_S_PER_WORKER}`];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padStart(widths[column] as number)).join('  '));
  const within = result.mixed_meta_ratio <= GOAL_META_RATIO ? 'within' : 'over';
  console.log(`\n${result.mixed_projects} projects, ${result.mixed_mb} MB read: metadata ${result.reads_s} s, floor ${result.floor_s} s, ratio ${result.mixed_meta_ratio} (${within} the goal of ${GOAL_META_RATIO}); ${workers} worker(s)`);
  console.log(`the scan's phase two (projects, bounces, samples, songs written): ${result.meta_s} s, ${result.phase_two_ratio} times the floor`);
}
