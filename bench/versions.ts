/**
 * `npm run --silent bench:versions -- --json`: project versions (issue 19) over a synthetic library of 2,000 projects
 * with 20 backups each (Live sets with Backup/, Pro Tools sessions with Session File Backups/, Logic packages with
 * Project File Backups, two thirds, a sixth and a sixth), each save changing tempo, tracks or samples. Prints one line:
 *
 *   { projects, songs, unreadable_songs, first_scan_s, versions, timelines_s, versions_per_s, snapshot_mb, peak_rss_mb }
 *
 * first_scan_s: the real core's first scan of the library, watched as a folder, until no job is left: the walk, the
 * files index and the songs written (phase one), then every project read in the worker pool with its versions found
 * and the one before its last save read and compared (the summary the table shows), the snapshots each song already
 * has looked up (none yet: a snapshot is taken when a session read before is saved again), all written to the
 * database. songs: the songs it made; unreadable_songs: those whose project could not be read.
 * versions, timelines_s, versions_per_s: every project's whole timeline read and compared in the pool (what opening
 * every song's Versions panel would read), 4 projects at a time; versions read per second of it.
 * snapshot_mb: Songshelf's snapshots after one more save of every Live and Pro Tools project (Logic keeps its own
 * backups inside the package and is not copied); peak_rss_mb: this process (the core's side and its worker
 * threads), the library being written by a child process beforehand.
 * Options: `--projects N` (default 2000), `--backups N` (default 20), `--keep <dir>` (written once, reused).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Daw } from '../common/projects/project-meta';
import { writeAbletonHistory, writeLogicHistory, writeProToolsHistory, type SavedState } from '../fixtures/generators/project-versions';
import { WORKER_BUNDLE } from '../main/core';
import { createWorkerPool } from '../main/jobs/pool';
import { readProjectVersions } from '../main/versions/project-versions';
import { snapshotBytes, snapshotSession } from '../main/versions/snapshots';
import { createBenchCore } from './bench-core';
import { argValue, peakRssMb, round, seconds } from './measure';

const argv = process.argv.slice(2);
const projects = Number(argValue(argv, '--projects', '2000'));
const backups = Number(argValue(argv, '--backups', '20'));
const log = (message: string) => console.error(message);

/** The saves of project `index`: every one changes something, as a musician's evening of work does. */
function history(index: number): SavedState[] {
  const instruments = ['Drums', 'Bass', 'Keys', 'Pad', 'Lead', 'Vocals', 'Strings', 'FX'];
  return Array.from({ length: backups + 1 }, (_, save) => {
    const tracks = instruments.slice(0, 2 + ((index + save) % 6));
    return { tempo: 90 + ((index * 7 + Math.floor(save / 3)) % 80), tracks, samples: tracks.slice(0, 2 + (save % 3)).map((name) => `${name}.wav`) };
  });
}

function dawOf(index: number): Daw {
  return index % 6 === 4 ? 'protools' : index % 6 === 5 ? 'logic' : 'ableton';
}

async function writeLibrary(root: string): Promise<{ project: string; daw: Daw }[]> {
  const written: { project: string; daw: Daw }[] = [];
  for (let index = 0; index < projects; index += 1) {
    const daw = dawOf(index);
    const folder = path.join(root, String(Math.floor(index / 100)));
    const name = `Song ${index}`;
    const states = history(index);
    const { project } = daw === 'ableton' ? writeAbletonHistory(folder, name, states) : daw === 'protools' ? await writeProToolsHistory(folder, name, states) : await writeLogicHistory(folder, name, states);
    written.push({ project, daw });
  }
  return written;
}

// The child: writes the library and its list of projects, so the measured process holds none of it.
const writeTo = argValue(argv, '--write', '');
if (writeTo) {
  const written = await writeLibrary(writeTo);
  fs.writeFileSync(path.join(writeTo, 'projects.json'), JSON.stringify(written));
  process.exit(0);
}

const keep = argValue(argv, '--keep', '');
const root = keep || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-versions-'));
const list = path.join(root, 'projects.json');
if (!fs.existsSync(list)) {
  log(`writing ${projects} projects with ${backups} backups each in ${root}…`);
  const written = await seconds(() => spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--write', root, '--projects', String(projects), '--backups', String(backups)], { stdio: 'inherit' }));
  if (written.value.status !== 0) throw new Error('the library could not be written');
  log(`written in ${round(written.s, 1)} s`);
}
const library = JSON.parse(fs.readFileSync(list, 'utf8')) as { project: string; daw: Daw }[];

// The first scan, by the real core: the folder watched as a musician adds it, timed until every job is done.
const core = createBenchCore({ watch: false });
await core.start();
const firstScan = await seconds(async () => {
  await core.library.watchDirectory(root);
  await core.runner.whenIdle();
});
const scanned = core.db.sqlite
  .prepare(`SELECT count(*) AS songs, sum(json_extract(meta, '$.readError') IS NOT NULL) AS unreadable, sum(json_type(meta, '$.versions') = 'object') AS summarised FROM songs`)
  .get() as { songs: number; unreadable: number | null; summarised: number | null };
const failedJobs = (core.db.sqlite.prepare(`SELECT count(*) AS n FROM jobs WHERE state = 'failed'`).get() as { n: number }).n;
await core.close();
if (failedJobs > 0) throw new Error(`${failedJobs} jobs of the first scan failed`);
if (scanned.songs < library.length) throw new Error(`the first scan made ${scanned.songs} songs of ${library.length} projects`);
// Each song read has its versions' summary: the scan timed did the versions' work.
if ((scanned.summarised ?? 0) + (scanned.unreadable ?? 0) < library.length) throw new Error(`only ${scanned.summarised ?? 0} songs have their versions read`);
log(`first scan: ${round(firstScan.s, 1)} s, ${scanned.songs} songs (${scanned.unreadable ?? 0} unreadable)`);

const pool = createWorkerPool({ workerFile: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node', WORKER_BUNDLE) });
let versions = 0;
let unreadable = 0;
const timelines = await seconds(async () => {
  // A few projects at a time: each project's reads already fill the pool's threads.
  let next = 0;
  const lane = async () => {
    while (next < library.length) {
      const { project, daw } = library[next++]!;
      const timeline = await readProjectVersions(pool, project, daw);
      versions += timeline.versions.length;
      unreadable += timeline.errors.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
});
await pool.destroy();

// One snapshot of every Live and Pro Tools project as saved now: what one more save of each costs in the data folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-snapshots-'));
for (const [index, { project, daw }] of library.entries()) {
  if (daw !== 'logic') await snapshotSession(dataDir, `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`, project);
}
const snapshotMb = (await snapshotBytes(dataDir)) / 1024 / 1024;
fs.rmSync(dataDir, { recursive: true, force: true });
if (!keep) fs.rmSync(root, { recursive: true, force: true });
if (unreadable > 0) log(`${unreadable} versions could not be read`);

const result = {
  projects: library.length,
  songs: scanned.songs,
  unreadable_songs: scanned.unreadable ?? 0,
  first_scan_s: round(firstScan.s, 2),
  versions,
  timelines_s: round(timelines.s, 2),
  versions_per_s: round(versions / timelines.s, 1),
  snapshot_mb: round(snapshotMb, 1),
  peak_rss_mb: peakRssMb(),
};
console.log(argv.includes('--json') ? JSON.stringify(result) : result);
