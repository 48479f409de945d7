/**
 * A large walk shared among threads (issue 45: the unchanged rescan within `find`). A walk is nearly all system calls
 * (a `readdir` per folder, a `stat` per file), and one thread waits on them one at a time: the pool's walk of the
 * 20,000-project bench library (44,046 folders read, 68,400 entries) took 0.77 s on one thread and 0.56-0.59 s with
 * one helper, on 2 cores (`find` over the whole tree: 1.6 s).
 *
 * The thread the pool gave the walk reads the top folders itself, breadth first, down to a level of at least
 * `LEAVES_PER_THREAD` subtrees per thread that each group into songs on their own (`walk.ts`); they are the leaves.
 * It then walks leaves, claiming each from a counter shared with its helpers; once it has walked for
 * `spawnAfterMs` with leaves left, it starts the helpers (`walk-helper.ts`), which claim and walk the rest and post
 * each leaf whole. A walk that ends sooner (a small folder, a watcher's targeted scan) starts no thread.
 *
 * Nothing is lost or told twice: a leaf counts once, when its whole walk arrives; a helper that ends without posting
 * a leaf it claimed (a crash) leaves that leaf to this thread, which walks it after the helpers have stopped. With
 * `onPart`, each arriving leaf joins the next part, so a first scan writes songs from every thread as they come.
 */
import path from 'node:path';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort, type Transferable } from 'node:worker_threads';
import type { WalkEntry, WalkResult } from '../../common/bridge/worker-tasks';
import { emptyWalk, PART_ENTRIES, readFolder, walkSubtree, type Subtree } from './walk';

/** Subtrees per walking thread before the walk is shared: enough that one large leaf leaves the others work. */
const LEAVES_PER_THREAD = 16;

/** A walk that ends within this needs no helper: starting one costs tens of milliseconds. */
const SPAWN_AFTER_MS = 25;

/** The walk's threads share one disk and the kernel's folder locks: at most 4 in all (only 2 measured, on 2 cores). */
const MAX_WALK_HELPERS = 3;

/** The helper bundle's name beside the worker's (scripts/build-node.mjs). */
export const WALK_HELPER_BUNDLE = 'walk-helper.cjs';

/** What a helper thread is given: the leaves, the shared claim counter, and the port it posts each leaf on. */
export interface WalkHelperData {
  leaves: Subtree[];
  claims: SharedArrayBuffer;
  port: MessagePort;
}

/** A helper's message: one leaf, walked whole. */
export interface LeafWalked {
  leaf: number;
  walk: WalkResult;
}

export interface WalkHelpers {
  /** Threads to add to this one. 0: the walk stays on this thread. */
  count: number;
  /** Starts one helper thread (`walk-helper.ts`) with `data`, its port in `transferList`. */
  spawn(data: WalkHelperData, transferList: Transferable[]): Worker;
  /** Default: 25 ms. */
  spawnAfterMs?: number;
}

/**
 * The helpers a walk may start: one per core but its own, at most 3; one fewer when the core's thread writes songs as
 * the walk goes (a first scan), because its writes are then what the scan waits for. Measured on 2 cores at 20,000
 * projects: with the songs' state read on the core's thread meanwhile, an unchanged rescan took 1.38-1.66 s with a
 * helper and 1.74-1.81 s without; a first scan with a helper took 2.56-2.90 s against 2.46-2.58 s without one.
 */
export function walkHelperCount(cores: number, writesAlongside: boolean): number {
  return Math.max(0, Math.min(MAX_WALK_HELPERS, cores - 1 - (writesAlongside ? 1 : 0)));
}

/**
 * The helpers of a walk, run from the bundles in `bundleDir`. A helper is loaded with `require`, as piscina loads the
 * worker, so it loads from inside Electron's asar archive too.
 */
export function walkHelpers(bundleDir: string, count: number, spawnAfterMs = SPAWN_AFTER_MS): WalkHelpers {
  const file = path.join(bundleDir, WALK_HELPER_BUNDLE);
  return {
    count,
    spawnAfterMs,
    spawn: (data, transferList) => new Worker(`require(${JSON.stringify(file)})`, { eval: true, workerData: data, transferList }),
  };
}

export async function walkInParallel(root: string, helpers: WalkHelpers, onPart?: (entries: WalkEntry[]) => void, partEntries = PART_ENTRIES): Promise<WalkResult> {
  const walk = emptyWalk();
  const leaves = topLeaves(walk, root, LEAVES_PER_THREAD * (helpers.count + 1));
  const flush = (force: boolean) => {
    if (onPart && walk.entries.length > 0 && (force || walk.entries.length >= partEntries)) {
      onPart(walk.entries);
      walk.entries = [];
    }
  };
  flush(false);

  const claims = new Int32Array(new SharedArrayBuffer(4));
  const walked = { leaves: new Uint8Array(leaves.length), count: 0 };
  const take = (leaf: number, result: WalkResult) => {
    if (walked.leaves[leaf]) return;
    walked.leaves[leaf] = 1;
    walked.count += 1;
    // One by one: a leaf of a hundred thousand files is past what a spread into push() may pass.
    for (const entry of result.entries) walk.entries.push(entry);
    for (const error of result.errors) walk.errors.push(error);
    walk.folders += result.folders;
    flush(false);
  };

  const started: Array<{ worker: Worker; port: MessagePort }> = [];
  const start = performance.now();
  for (let leaf = Atomics.add(claims, 0, 1); leaf < leaves.length; leaf = Atomics.add(claims, 0, 1)) {
    walkSubtree(walk, leaves[leaf]!, onPart, partEntries);
    walked.leaves[leaf] = 1;
    walked.count += 1;
    for (const { port } of started) drainPort(port, take);
    flush(false);
    if (started.length === 0 && helpers.count > 0 && performance.now() - start >= (helpers.spawnAfterMs ?? SPAWN_AFTER_MS) && leaves.length - Atomics.load(claims, 0) >= 2) {
      for (let i = 0; i < helpers.count; i += 1) started.push(startHelper(helpers, { leaves, claims: claims.buffer as SharedArrayBuffer }));
    }
  }

  if (started.length > 0) {
    await untilWalkedOrStopped(started, () => walked.count === leaves.length, take);
    await Promise.all(started.map(({ worker }) => worker.terminate()));
    for (const { port } of started) port.close();
    // A helper that stopped without posting a leaf it claimed: this thread walks it.
    for (let leaf = 0; leaf < leaves.length; leaf += 1) if (!walked.leaves[leaf]) take(leaf, walkLeafAlone(leaves[leaf]!));
  }
  flush(true);
  return walk;
}

/**
 * Reads the plain folders at the top breadth first, into `walk`, until a level holds at least `wanted` subtrees (the
 * leaves, not yet read). A folder that is not plain is walked whole here: it and all below it group together.
 */
function topLeaves(walk: WalkResult, root: string, wanted: number): Subtree[] {
  let level: Subtree[] = [{ dir: root, depth: 0 }];
  while (level.length > 0 && level.length < wanted) {
    const next: Subtree[] = [];
    for (const subtree of level) {
      const listed = readFolder(walk, subtree.dir, subtree.depth);
      if (!listed) continue;
      const below = listed.folders.map((dir) => ({ dir, depth: subtree.depth + 1 }));
      if (listed.plain) next.push(...below);
      else for (const folder of below) walkSubtree(walk, folder);
    }
    level = next;
  }
  return level;
}

function walkLeafAlone(leaf: Subtree): WalkResult {
  const walk = emptyWalk();
  walkSubtree(walk, leaf);
  return walk;
}

function startHelper(helpers: WalkHelpers, data: Omit<WalkHelperData, 'port'>): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const worker = helpers.spawn({ ...data, port: port2 }, [port2]);
  // A helper's failure is told by its exit; without a listener its error would end this thread.
  worker.on('error', () => undefined);
  return { worker, port: port1 };
}

/** Takes the leaves a helper's port holds, without waiting (this thread may be walking). */
function drainPort(port: MessagePort, take: (leaf: number, walk: WalkResult) => void): void {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const message = received.message as LeafWalked;
    take(message.leaf, message.walk);
  }
}

/** Resolves once every leaf is walked, or every helper has stopped (the leaves they left are walked after). */
function untilWalkedOrStopped(started: Array<{ worker: Worker; port: MessagePort }>, allWalked: () => boolean, take: (leaf: number, walk: WalkResult) => void): Promise<void> {
  return new Promise((resolve) => {
    let stopped = 0;
    const check = () => {
      if (allWalked() || stopped === started.length) resolve();
    };
    for (const { worker, port } of started) {
      port.on('message', (message: LeafWalked) => {
        take(message.leaf, message.walk);
        check();
      });
      worker.once('exit', () => {
        // What it posted before it stopped is already queued on its port.
        drainPort(port, take);
        stopped += 1;
        check();
      });
    }
    check();
  });
}
