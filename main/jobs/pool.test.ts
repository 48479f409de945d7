// The worker pool's entry must load through plain `require()`: piscina tries `require()` first, and Node's
// `require(esm)` aborted whole test runs when a pool ended a worker that was still loading an ES module.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TEST_WORKER_FILE } from '../test-support';
import { createWorkerPool } from './pool';

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
