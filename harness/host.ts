/**
 * Starts the built browser host (`dist/node/host-main.mjs`) as `npm start` does, on a data folder and a free
 * port, and waits for its address (and, for its own local cloud, the cloud's address and key). global-setup
 * starts the tests' host this way; the sync tests start two more, as two computers on one cloud.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localServiceKey } from '../cloud/local/config';
import type { CloudKeys } from './signed-in';

export interface StartedHost {
  url: string;
  dataDir: string;
  /** Set when the host runs its own local cloud (its service key read from the data folder, for its mail). */
  cloud: CloudKeys | null;
  stop(): void;
}

/**
 * `cloud`: the cloud to sign in to (as a hosted project); without it the host starts its local one. `dataDir`: a
 * data folder prepared beforehand (a benchmark's library), else a fresh one; either is removed on stop.
 */
export async function startHost(options: { cloud?: { url: string; anonKey: string }; dataDir?: string } = {}): Promise<StartedHost> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-'));
  const cloudEnv = options.cloud ? { SUPABASE_URL: options.cloud.url, SUPABASE_ANON_KEY: options.cloud.anonKey } : { SONGSHELF_CLOUD_PORT: '0' };
  const child = spawn(process.execPath, ['scripts/run-node.mjs', 'dist/node/host-main.mjs'], {
    env: { ...process.env, SONGSHELF_DATA_DIR: dataDir, SONGSHELF_PORT: '0', ...cloudEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The app's address comes first; the local cloud's, and its public key, a moment later.
  const started = await new Promise<{ url: string; cloud: { url: string; anonKey: string } | null }>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The host and its cloud did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /open:\s+(\S+)/.exec(output)?.[1];
      const cloudUrl = /cloud:\s+(\S+)/.exec(output)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(output)?.[1];
      if (url && options.cloud) {
        clearTimeout(timer);
        resolve({ url, cloud: null });
      } else if (url && cloudUrl && anonKey) {
        clearTimeout(timer);
        resolve({ url, cloud: { url: cloudUrl, anonKey } });
      }
    });
    child.once('exit', (code) => reject(new Error(`The host exited (${code}):\n${output}`)));
  });
  return {
    url: started.url,
    cloud: started.cloud ? { ...started.cloud, serviceKey: localServiceKey(dataDir) } : null,
    dataDir,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
