// The worker pool's entry must load through plain `require()`: piscina tries `require()` first, and Node's
// `require(esm)` aborted whole test runs when a pool ended a worker that was still loading an ES module.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { TEST_WORKER_FILE } from '../test-support';
import { createWorkerPool } from './pool';
import { releaseReader } from '../../fixtures/stuck-read';

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
  const fifos: string[] = [];
  afterEach(() => {
    // A read stuck in open() holds one of the process's libuv threads until the FIFO gets a writer.
    for (const fifo of fifos.splice(0)) releaseReader(fifo);
  });

  // How soon after the limit it answers depends on the machine: bench/time-limit.ts measures it.
  it('a reader that never returns (a FIFO named like a project) is stopped at its time limit, and its lane serves the next task', async () => {
    const fifo = path.join(tempDir(), 'Stuck.als');
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1, timeLimits: { readBaseMs: 300 } });
    try {
      // Only the time limit answers this way: without it the read waits for a writer that never comes.
      const outcome = await pool.run({ kind: 'read-project', path: fifo, daw: 'ableton' });
      expect(outcome).toEqual({ ok: false, reason: 'took longer than 0.3 s to read, and was stopped' });
      // The reader really was stuck: it still waits in open() for a writer.
      expect(releaseReader(fifo)).toBe(true);
      await expect(pool.run({ kind: 'ping' })).resolves.toBe('pong');
    } finally {
      await pool.destroy();
    }
  });

  it('a cancelled read stops at once, and the caller hears the cancel', async () => {
    const fifo = path.join(tempDir(), 'Stuck.als');
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
    try {
      const controller = new AbortController();
      const read = pool.run({ kind: 'read-project', path: fifo, daw: 'ableton' }, controller.signal);
      setTimeout(() => controller.abort(), 200);
      await expect(read).rejects.toThrow(/abort/i);
      await expect(pool.run({ kind: 'ping' })).resolves.toBe('pong');
    } finally {
      await pool.destroy();
    }
  });
});
