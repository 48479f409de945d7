/**
 * Starts the built browser host (`dist/node/host-main.mjs`) as `npm start` does, on a data folder and a free
 * port, and waits for its address (and, for its own local cloud, the cloud's address and key). global-setup
 * starts the tests' host this way; the sync tests start two more, as two computers on one cloud. `restart` starts
 * it again on the same data folder (bench:table: a cold core, and the same library offline).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localServiceKey } from '../cloud/local/config';
import type { CloudKeys } from './signed-in';

/** How long a host has to close its core and cloud on SIGTERM before it is killed. */
const STOP_GRACE_MS = 30_000;

export interface HostedCloudAddress {
  url: string;
  anonKey: string;
}

export interface StartedHost {
  url: string;
  dataDir: string;
  /** Set when the host runs its own local cloud (its service key read from the data folder, for its mail). */
  cloud: CloudKeys | null;
  /**
   * Stops this host (waiting for it to close) and starts a new one on the same data folder: the library, the kept
   * session and the local cloud's data as they were. `cloud`: the cloud the new one signs in to; without it, its own
   * local cloud again. This host's `url` no longer answers; use the one returned.
   */
  restart(options?: { cloud?: HostedCloudAddress }): Promise<StartedHost>;
  stop(): void;
}

/**
 * `cloud`: the cloud to sign in to (as a hosted project); without it the host starts its local one. `dataDir`: a
 * data folder prepared beforehand (a benchmark's library), else a fresh one; either is removed on stop.
 */
export async function startHost(options: { cloud?: HostedCloudAddress; dataDir?: string } = {}): Promise<StartedHost> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-'));
  const { child, url, cloud } = await launch(dataDir, options.cloud);
  return {
    url,
    cloud: cloud ? { ...cloud, serviceKey: localServiceKey(dataDir) } : null,
    dataDir,
    restart: async (again = {}) => {
      await stopped(child);
      return startHost({ dataDir, ...(again.cloud ? { cloud: again.cloud } : {}) });
    },
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function launch(dataDir: string, hosted: HostedCloudAddress | undefined): Promise<{ child: ChildProcess; url: string; cloud: HostedCloudAddress | null }> {
  const cloudEnv = hosted ? { SUPABASE_URL: hosted.url, SUPABASE_ANON_KEY: hosted.anonKey } : { SONGSHELF_CLOUD_PORT: '0' };
  const child = spawn(process.execPath, ['scripts/run-node.mjs', 'dist/node/host-main.mjs'], {
    env: { ...process.env, SONGSHELF_DATA_DIR: dataDir, SONGSHELF_PORT: '0', ...cloudEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The app's address comes first; the local cloud's, and its public key, a moment later.
  const started = await new Promise<{ url: string; cloud: HostedCloudAddress | null }>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The host and its cloud did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /open:\s+(\S+)/.exec(output)?.[1];
      const cloudUrl = /cloud:\s+(\S+)/.exec(output)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(output)?.[1];
      if (url && hosted) {
        clearTimeout(timer);
        resolve({ url, cloud: null });
      } else if (url && cloudUrl && anonKey) {
        clearTimeout(timer);
        resolve({ url, cloud: { url: cloudUrl, anonKey } });
      }
    });
    child.once('exit', (code) => reject(new Error(`The host exited (${code}):\n${output}`)));
  });
  return { child, ...started };
}

/** Sends SIGTERM and waits for the host to exit (killed after `STOP_GRACE_MS`). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
