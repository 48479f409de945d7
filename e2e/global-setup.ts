// Starts the real browser host, built by `npm run test:e2e`, on a fresh data folder and a free port, the way
// `npm start` does, with its local cloud; signs the tests' musician in there; builds and serves the website for
// that cloud; and hands both addresses (the host's with its token) to the tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSignedInState } from './signed-in';
import { startWebsite } from './website';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-'));
  const child = spawn(process.execPath, ['scripts/run-node.mjs', 'dist/node/host-main.mjs'], {
    env: { ...process.env, SONGSHELF_DATA_DIR: dataDir, SONGSHELF_PORT: '0', SONGSHELF_CLOUD_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The app's address comes first; the cloud's, and its public key, a moment later.
  const started = await new Promise<{ url: string; cloudUrl: string; anonKey: string }>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The host and its cloud did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /open:\s+(\S+)/.exec(output)?.[1];
      const cloudUrl = /cloud:\s+(\S+)/.exec(output)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(output)?.[1];
      if (url && cloudUrl && anonKey) {
        clearTimeout(timer);
        resolve({ url, cloudUrl, anonKey });
      }
    });
    child.once('exit', (code) => reject(new Error(`The host exited (${code}):\n${output}`)));
  });
  const url = started.url;
  await writeSignedInState(new URL(url).origin, started.cloudUrl, started.anonKey);
  process.env.SONGSHELF_E2E_URL = url;
  process.env.SONGSHELF_E2E_CLOUD_URL = started.cloudUrl;
  process.env.SONGSHELF_E2E_ANON_KEY = started.anonKey;
  const website = await startWebsite(started.cloudUrl, started.anonKey);
  process.env.SONGSHELF_E2E_WEB_URL = website.url;
  return async () => {
    website.stop();
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
