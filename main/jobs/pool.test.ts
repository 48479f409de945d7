// The worker pool's entry must load through plain `require()`: piscina tries `require()` first, and Node's
// `require(esm)` aborted whole test runs when a pool ended a worker that was still loading an ES module.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { TEST_WORKER_FILE } from '../test-support';
import { createWorkerPool } from './pool';
import { writeSlowSet } from '../../fixtures/slow-read';

describe('worker pool', () => {
  it('its entry loads with require() alone, with no ES module behind it', () => {
    const script = `const task = require(${JSON.stringify(TEST_WORKER_FILE)}).default; task({ kind: 'ping' }).then((answer) => process.stdout.write(answer));`;
    const answer = execFileSync(process.execPath, ['--no-experimental-require-module', '-e', script], { encoding: 'utf8' });
    expect(answer).toBe('pong');
  });

  it('a pool ended while its first worker is still loading ends cleanly, again and again', async () => {
    for (let round = 0; round < 8; round += 1) {
      const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
      await pool.destroy();
    }
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
    await expect(pool.run({ kind: 'ping' })).resolves.toBe('pong');
    await pool.destroy();
  });
});

describe('worker time limits', () => {
  // A limit far below what the slow set takes to read (over a second here), with nothing added per megabyte.
  const SHORT = { readBaseMs: 100, readMsPerMb: 0 };

  // How soon after the limit it answers depends on the machine: bench/time-limit.ts measures it.
  it('a read that outlasts its time limit is stopped, and its lane serves the next task', async () => {
    const slow = path.join(tempDir(), 'Slow.als');
    writeSlowSet(slow);
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
    const limited = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1, timeLimits: SHORT });
    try {
      // The same read with the usual limits finishes: only the short limit stops it.
      expect(await pool.run({ kind: 'read-project', path: slow, daw: 'ableton' })).toMatchObject({ ok: true });
      await limited.run({ kind: 'ping' }).catch(() => undefined);
      const outcome = await limited.run({ kind: 'read-project', path: slow, daw: 'ableton' });
      expect(outcome).toEqual({ ok: false, reason: 'took longer than 0.1 s to read, and was stopped' });
      await expect(pool.run({ kind: 'ping' })).resolves.toBe('pong');
    } finally {
      await pool.destroy();
      await limited.destroy();
    }
  }, 60_000);

  it('a cancelled read stops at once, and the caller hears the cancel', async () => {
    const slow = path.join(tempDir(), 'Slow.als');
    writeSlowSet(slow);
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
    try {
      await pool.run({ kind: 'ping' });
      const controller = new AbortController();
      const read = pool.run({ kind: 'read-project', path: slow, daw: 'ableton' }, controller.signal);
      // Cancelled while it reads: the read itself takes over a second.
      queueMicrotask(() => controller.abort());
      await expect(read).rejects.toThrow(/abort/i);
      await expect(pool.run({ kind: 'ping' })).resolves.toBe('pong');
    } finally {
      await pool.destroy();
    }
  }, 60_000);
});
