// A large walk shared among threads (issue 45): real helper threads (the bundle vitest's global setup builds) on real
// trees in temp folders, held to the walk on one thread: the same entries, errors and folders, every entry once, and
// parts that group into the same songs. A helper that ends without posting what it claimed loses nothing.
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { WalkEntry, WalkResult } from '../../common/bridge/worker-tasks';
import { tempDir } from '../../db/test-support';
import { groupIntoProjects } from './project-structure';
import { walkHelperCount, walkHelpers, walkInParallel, type LeafWalked, type WalkHelperData, type WalkHelpers } from '../../workers/scan/parallel-walk';
import { walkLibrary } from '../../workers/scan/walk';

const BUNDLES = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test');

function touch(root: string, file: string): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, 'x'.repeat(file.length));
}

/** Years of projects in every shape a folder ties together, and a folder nobody may read. */
function writeLibrary(root: string): void {
  for (let year = 2018; year < 2024; year += 1) {
    for (let i = 0; i < 12; i += 1) {
      touch(root, `${year}/Ableton/Song ${i} Project/Song ${i}.als`);
      touch(root, `${year}/Ableton/Song ${i} Project/Song ${i} 2.als`);
      touch(root, `${year}/Ableton/Song ${i} Project/Backup/Song ${i} [2020-01-01].als`);
      touch(root, `${year}/Ableton/Song ${i} Project/Bounces/Song ${i}.wav`);
      touch(root, `${year}/Ableton/Song ${i} Project/Samples/Recorded/take.wav`);
    }
    touch(root, `${year}/Bitwig/Beat/auto-backups/Beat/Beat-1.bwproject`);
    touch(root, `${year}/Bitwig/Beat/Beat.bwproject`);
    fs.mkdirSync(path.join(root, `${year}/Logic/Ballad/Ballad.logicx`), { recursive: true });
    touch(root, `${year}/Logic/Ballad/Bounces/Ballad.wav`);
    touch(root, `${year}/Memos/idea ${year}.wav`);
  }
  touch(root, 'Band/Live Set.als');
  touch(root, 'Band/Take 2/Take 2.wav');
  touch(root, 'loose.wav');
  const locked = path.join(root, '2020', 'Locked');
  fs.mkdirSync(locked);
  fs.chmodSync(locked, 0o000);
}

function sorted(walk: WalkResult): WalkResult {
  return {
    entries: [...walk.entries].sort((a, b) => a.path.localeCompare(b.path)),
    errors: [...walk.errors].sort((a, b) => a.path.localeCompare(b.path)),
    folders: walk.folders,
  };
}

function songsOf(entries: WalkEntry[], root: string): string[] {
  return groupIntoProjects(entries, root)
    .map((group) => JSON.stringify([group.projectPath, group.name, group.session?.path ?? null, group.audio?.path ?? null, group.sessions.map((entry) => entry.path).sort()]))
    .sort();
}

/** Real helpers from the test bundle, started at once, counting how many were started. */
function countedHelpers(count: number, spawn?: WalkHelpers['spawn']): WalkHelpers & { started: number } {
  const real = walkHelpers(BUNDLES, count, 0);
  const helpers = {
    ...real,
    started: 0,
    spawn: (data: WalkHelperData, transferList: Parameters<WalkHelpers['spawn']>[1]) => {
      helpers.started += 1;
      return (spawn ?? real.spawn)(data, transferList);
    },
  };
  return helpers;
}

const asRoot = process.getuid?.() === 0;

describe('a walk shared among threads', () => {
  it('finds what the walk on one thread finds, every entry once, with helpers started', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    const alone = sorted(walkLibrary(root));
    const helpers = countedHelpers(2);
    const shared = await walkInParallel(root, helpers);

    expect(helpers.started).toBe(2);
    expect(new Set(shared.entries.map((entry) => entry.path)).size).toBe(shared.entries.length);
    expect(sorted(shared)).toEqual(alone);
    // Root reads a folder it may not read anyway; everyone else is told.
    if (!asRoot) expect(alone.errors.map((error) => path.relative(root, error.path))).toEqual([path.join('2020', 'Locked')]);
  });

  it('hands over parts that group into the same songs as the whole walk', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    const whole = walkLibrary(root);
    const parts: WalkEntry[][] = [];
    const rest = await walkInParallel(root, countedHelpers(1), (entries) => parts.push(entries), 1);
    parts.push(rest.entries);

    expect(parts.length).toBeGreaterThan(10);
    expect(parts.flat().map((entry) => entry.path).sort()).toEqual(whole.entries.map((entry) => entry.path).sort());
    expect(parts.flatMap((part) => songsOf(part, root)).sort()).toEqual(songsOf(whole.entries, root));
  });

  it('takes each leaf a helper posts, once', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    // A helper that has claimed and posted three leaves (one of them twice) by the time it starts, then ends.
    const posting: WalkHelpers['spawn'] = (data, transferList) => {
      for (let i = 0; i < 3; i += 1) {
        const leaf = Atomics.add(new Int32Array(data.claims), 0, 1);
        const walk = walkLibrary(data.leaves[leaf]!.dir);
        data.port.postMessage({ leaf, walk });
        if (i === 0) data.port.postMessage({ leaf, walk });
      }
      return new Worker('', { eval: true, transferList });
    };
    const helpers = countedHelpers(1, posting);
    const shared = await walkInParallel(root, helpers);

    expect(helpers.started).toBe(1);
    expect(sorted(shared)).toEqual(sorted(walkLibrary(root)));
  });

  it('takes a leaf of more entries than a call may pass as arguments', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    // A helper that posts one leaf of 150,000 files (a recordings folder), as a real one would after walking it.
    const huge = Array.from({ length: 150_000 }, (_, i): WalkEntry => ({ path: path.join(root, 'Field', `take ${i}.wav`), kind: 'audio', size: 1, mtimeMs: 1, ino: i }));
    let posted = '';
    const posting: WalkHelpers['spawn'] = (data, transferList) => {
      const leaf = Atomics.add(new Int32Array(data.claims), 0, 1);
      posted = data.leaves[leaf]!.dir;
      data.port.postMessage({ leaf, walk: { entries: huge, errors: [], folders: 1 } });
      return new Worker('', { eval: true, transferList });
    };
    const shared = await walkInParallel(root, countedHelpers(1, posting));

    const others = walkLibrary(root).entries.filter((entry) => !entry.path.startsWith(posted + path.sep));
    expect(shared.entries.length).toBe(others.length + huge.length);
  });

  it('walks itself what a helper claimed and never posted', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    // A helper that claims two leaves and ends without a word, as one that crashed would.
    const crashing: WalkHelpers['spawn'] = (data, transferList) => {
      Atomics.add(new Int32Array(data.claims), 0, 2);
      return new Worker('process.exit(1)', { eval: true, transferList });
    };
    const helpers = countedHelpers(1, crashing);
    const shared = await walkInParallel(root, helpers);

    expect(helpers.started).toBe(1);
    expect(sorted(shared)).toEqual(sorted(walkLibrary(root)));
  });

  it('a helper thread posts every leaf it claims, whole, and ends', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    writeLibrary(root);
    const leaves = ['2018', '2019', '2021', 'Band'].map((dir) => ({ dir: path.join(root, dir), depth: 1 }));
    const claims = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    const posted: LeafWalked[] = [];
    port1.on('message', (message: LeafWalked) => posted.push(message));
    const helper = walkHelpers(BUNDLES, 1).spawn({ leaves, claims, port: port2 }, [port2]);
    const code = await new Promise((resolve) => helper.once('exit', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    port1.close();

    expect(code).toBe(0);
    expect(posted.map((message) => message.leaf).sort()).toEqual([0, 1, 2, 3]);
    for (const { leaf, walk } of posted) expect(sorted(walk)).toEqual(sorted(walkLibrary(leaves[leaf]!.dir)));
  });

  it('starts no thread for a folder that is one project', async () => {
    const root = tempDir('songshelf-parallel-walk-');
    touch(root, 'Live Set.als');
    for (let i = 0; i < 40; i += 1) touch(root, `Take ${i}/Take ${i}.wav`);
    const helpers = countedHelpers(2);
    const shared = await walkInParallel(root, helpers);

    expect(helpers.started).toBe(0);
    expect(sorted(shared)).toEqual(sorted(walkLibrary(root)));
  });

  it('adds a thread per other core, one fewer beside a first scan\'s writes, at most three', () => {
    expect([1, 2, 4, 8, 16].map((cores) => walkHelperCount(cores, false))).toEqual([0, 1, 3, 3, 3]);
    expect([1, 2, 3, 8].map((cores) => walkHelperCount(cores, true))).toEqual([0, 0, 1, 3]);
  });
});
