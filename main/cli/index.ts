/**
 * The command line: the same core with no UI.
 *
 *   npm run cli -- scan <dir> [--data-dir <d>] [--json]
 *   npm run cli -- analyse <file-or-folder> [--json]
 *   npm run cli -- versions <project folder or session file> [--json]
 *   npm run cli -- activity <dir> [--data-dir <d>] [--json]
 *
 * `scan` scans the folder to the end (songs, then every project and audio read) and prints the songs and the files
 * that could not be read; without `--data-dir` it works in a fresh temporary library. `analyse` prints what the
 * audio analysis hears in each audio file (tempo, key, loudness, length), with no library at all. `versions` prints a
 * project's versions (saves, Save As, the DAW's backups), oldest first, with what changed from one to the next.
 * `activity` scans like `scan` and prints each song's work sessions, hours and last worked (issue 32).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeText } from '../../common/projects/version-changes';
import { createCore, WORKER_BUNDLE } from '../core';
import { appRootFrom } from '../paths';
import { createWorkerPool, type WorkerPool } from '../jobs/pool';
import { runActivityCommand } from './activity-command';
import { runAnalyseCommand } from './analyse-command';
import { runScanCommand } from './scan-command';
import { runVersionsCommand } from './versions-command';

const USAGE = [
  'Usage: npm run cli -- scan <dir> [--data-dir <d>] [--json]',
  '       npm run cli -- analyse <file-or-folder> [--json]',
  '       npm run cli -- versions <project folder or session file> [--json]',
  '       npm run cli -- activity <dir> [--data-dir <d>] [--json]',
].join('\n');

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'analyse') return analyse(rest);
  if (command === 'versions') return versions(rest);
  if (command !== 'scan' && command !== 'activity') {
    console.error(USAGE);
    return 2;
  }
  const { folder, dataDir, json } = parseScanArgs(rest);
  if (!folder) {
    console.error(USAGE);
    return 2;
  }
  const bundleDir = path.dirname(fileURLToPath(import.meta.url));
  const libraryDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-cli-'));
  const core = createCore({
    dataDir: libraryDir,
    migrationsFolder: path.join(appRootFrom(bundleDir), 'migrations'),
    workerFile: path.join(bundleDir, WORKER_BUNDLE),
    platform: { openExternal: async () => undefined, showItemInFolder: async () => undefined, openPath: async () => undefined },
    library: { watch: false, periodicRescan: false },
    // The scan's report lists each song's plug-ins, not whether they are installed: no look through the folders.
    plugins: { folders: [] },
  });
  try {
    await core.start();
    if (command === 'activity') {
      const report = await runActivityCommand(core, path.resolve(folder));
      console.log(json ? JSON.stringify(report) : report.songs.map((song) => `${song.name}: ${song.sessions.length} sessions, ${song.hours} h, last ${song.lastWorked ?? '—'}`).join('\n'));
      return 0;
    }
    const report = await runScanCommand(core, path.resolve(folder));
    console.log(json ? JSON.stringify(report) : `${report.songs.length} songs, ${report.errors.length} unreadable files`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await core.close();
    if (!dataDir) fs.rmSync(libraryDir, { recursive: true, force: true });
  }
}

/** A command that needs the worker pool and no library: its report as JSON, or readable lines and its errors. */
async function poolCommand<R extends { errors: { path: string; reason: string }[] }>(
  args: string[],
  run: (pool: WorkerPool, target: string) => Promise<R>,
  lines: (report: R) => string[],
): Promise<number> {
  const { folder: target, json } = parseScanArgs(args);
  if (!target) {
    console.error(USAGE);
    return 2;
  }
  const pool = createWorkerPool({ workerFile: path.join(path.dirname(fileURLToPath(import.meta.url)), WORKER_BUNDLE) });
  try {
    const report = await run(pool, path.resolve(target));
    if (json) console.log(JSON.stringify(report));
    else for (const line of lines(report)) console.log(line);
    for (const error of json ? [] : report.errors) console.error(`${error.path}: ${error.reason}`);
    return 0;
  } finally {
    await pool.destroy();
  }
}

function analyse(args: string[]): Promise<number> {
  return poolCommand(args, runAnalyseCommand, (report) => report.files.map((file) => `${file.path}: ${file.bpm ?? '—'} BPM, ${file.key ?? '—'}, ${file.lufs ?? '—'} LUFS, ${file.durationS} s`));
}

function versions(args: string[]): Promise<number> {
  return poolCommand(args, runVersionsCommand, (report) =>
    report.versions.map((version) => `${version.time} ${version.source} ${path.basename(version.path)}: ${version.changes.map(changeText).join('; ') || 'first version'}`),
  );
}

function parseScanArgs(args: string[]): { folder: string | null; dataDir: string | null; json: boolean } {
  let folder: string | null = null;
  let dataDir: string | null = null;
  let json = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--json') json = true;
    else if (arg === '--data-dir') dataDir = args[++i] ?? null;
    else if (arg && !arg.startsWith('--')) folder = arg;
  }
  return { folder, dataDir, json };
}

process.exitCode = await main(process.argv.slice(2));
