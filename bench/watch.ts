/**
 * `npm run bench:watch -- --files 200000 --json [--watcher parcel|chokidar] [--keep DIR]`: builds a library of
 * about N files (the scan benchmark's structure), then measures the watcher on it in this fresh process:
 *
 * - ready_s: from subscribing to the watcher being ready;
 * - rss_mb: the process's resident memory once ready;
 * - detect_ms: a new project folder on disk -> its song in the database, beyond the 5 s debounce (through the
 *   real core with @parcel/watcher; with `--watcher chokidar`, the time to chokidar's own event).
 *
 * Prints one JSON line; the open handles and inotify watches go to stderr for the comparison.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import watcher from '@parcel/watcher';
import { watch as chokidarWatch } from 'chokidar';
import { writeAls } from '../fixtures/generators/als';
import { writeLibrary } from '../fixtures/generators/library';
import { createBenchCore } from './bench-core';
import { WATCH_DEBOUNCE_MS } from '../common/constants';
import { argValue, commandSeconds, round, shellQuote } from './measure';

const argv = process.argv.slice(2);
const files = Number(argValue(argv, '--files', '200000'));
const which = argValue(argv, '--watcher', 'parcel');
const kept = argValue(argv, '--keep', '');
const json = argv.includes('--json');

const root = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-watch-'));
if (!fs.existsSync(path.join(root, '.bench-library.json'))) {
  process.stderr.write(`building about ${files} files in ${root}…\n`);
  const stats = await writeLibrary(root, { projects: Math.round(files / 10) });
  fs.writeFileSync(path.join(root, '.bench-library.json'), JSON.stringify({ ...stats, sessionSets: [] }));
}

// Warm the page cache the way the scan benchmark does, so every watcher starts from the same state.
commandSeconds(`find ${shellQuote(root)} > /dev/null`, 1);
const rssBefore = process.memoryUsage().rss;
const readyStart = performance.now();
const close = which === 'chokidar' ? await readyChokidar(root) : await readyParcel(root);
const ready_s = (performance.now() - readyStart) / 1000;
const rss_mb = Math.round(process.memoryUsage().rss / 2 ** 20);
process.stderr.write(
  `${which}: ready ${round(ready_s)} s, rss ${rss_mb} MB (+${Math.round((process.memoryUsage().rss - rssBefore) / 2 ** 20)} MB), ` +
    `open fds ${countOpenFds()}, inotify watches ${countInotifyWatches()}\n`,
);

const detect_ms = which === 'chokidar' ? await detectWithChokidar(root) : await detectThroughCore(root);
await close();
console.log(json ? JSON.stringify({ ready_s: round(ready_s), rss_mb, detect_ms }) : { ready_s, rss_mb, detect_ms });
if (!kept) fs.rmSync(root, { recursive: true, force: true });
process.exit(0);

async function readyParcel(folder: string): Promise<() => Promise<void>> {
  const subscription = await watcher.subscribe(folder, () => undefined);
  return () => subscription.unsubscribe();
}

async function readyChokidar(folder: string): Promise<() => Promise<void>> {
  const instance = chokidarWatch(folder, { ignoreInitial: true });
  await new Promise<void>((resolve, reject) => {
    instance.once('ready', () => resolve());
    // chokidar needs an inotify watch per file and per folder: a large tree exhausts the system's limit.
    instance.once('error', (error) => reject(new Error(`chokidar could not watch the tree: ${(error as Error).message}`)));
  });
  return () => instance.close();
}

/** A new project folder -> its song in the database, through the real core, minus the spec's debounce. */
async function detectThroughCore(folder: string): Promise<number> {
  const core = createBenchCore({ watch: true });
  await core.start();
  await core.library.watchDirectory(folder);
  await core.runner.whenIdle();
  const name = `Detect ${Date.now()}`;
  const start = performance.now();
  writeNewProject(folder, name);
  const count = core.db.sqlite.prepare('SELECT count(*) AS n FROM songs WHERE name = ?');
  while ((count.get(name) as { n: number }).n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = performance.now() - start - WATCH_DEBOUNCE_MS;
  await core.close();
  fs.rmSync(path.join(folder, `${name} Project`), { recursive: true, force: true });
  return Math.round(elapsed);
}

async function detectWithChokidar(folder: string): Promise<number> {
  const instance = chokidarWatch(folder, { ignoreInitial: true });
  await new Promise<void>((resolve) => instance.once('ready', () => resolve()));
  const name = `Detect ${Date.now()}`;
  const seen = new Promise<void>((resolve) => instance.on('add', (file) => file.endsWith('.als') && resolve()));
  const start = performance.now();
  writeNewProject(folder, name);
  await seen;
  const elapsed = performance.now() - start;
  await instance.close();
  fs.rmSync(path.join(folder, `${name} Project`), { recursive: true, force: true });
  return Math.round(elapsed);
}

function writeNewProject(folder: string, name: string): void {
  const project = path.join(folder, `${name} Project`);
  fs.mkdirSync(project);
  writeAls(path.join(project, `${name}.als`), { tempo: 123 });
}

function countOpenFds(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

function countInotifyWatches(): number {
  let watches = 0;
  for (const fd of fs.readdirSync('/proc/self/fdinfo')) {
    let info: string;
    try {
      info = fs.readFileSync(path.join('/proc/self/fdinfo', fd), 'utf8');
    } catch {
      // The listing's own descriptor is closed by the time it is read.
      continue;
    }
    watches += info.split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return watches;
}
