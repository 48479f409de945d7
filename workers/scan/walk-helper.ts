/**
 * A walk helper thread's entry (its own small bundle, `walk-helper.cjs`, beside the worker's): claims leaves from the
 * counter it shares with the walk that started it and posts each leaf whole (`parallel-walk.ts`), then ends.
 */
import { workerData } from 'node:worker_threads';
import { lowerThisThread } from '../thread-priority';
import type { LeafWalked, WalkHelperData } from './parallel-walk';
import { emptyWalk, walkSubtree } from './walk';

// Below the app's own threads, as the pool's are.
lowerThisThread();

const { leaves, claims: shared, port } = workerData as WalkHelperData;
const claims = new Int32Array(shared);
for (let leaf = Atomics.add(claims, 0, 1); leaf < leaves.length; leaf = Atomics.add(claims, 0, 1)) {
  const walk = emptyWalk();
  walkSubtree(walk, leaves[leaf]!);
  port.postMessage({ leaf, walk } satisfies LeafWalked);
}
