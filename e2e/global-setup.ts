// Starts the real browser host, built by `npm run test:e2e`, on a fresh data folder and a free port, the way
// `npm start` does, and hands its address (token included) to the tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-'));
  const child = spawn(process.execPath, ['scripts/run-node.mjs', 'dist/node/host-main.mjs'], {
    env: { ...process.env, SONGSHELF_DATA_DIR: dataDir, SONGSHELF_PORT: '0', SONGSHELF_CLOUD_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The host did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open:\s+(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`The host exited (${code}):\n${output}`)));
  });
  process.env.SONGSHELF_E2E_URL = url;
  return async () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
