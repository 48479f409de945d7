/**
 * The cloud beside the app, for both shells (the browser host and Electron's main process): the hosted project
 * when `SUPABASE_URL` names one, otherwise the local cloud on the data folder. The local one listens at once, so
 * its address is known to the page's CSP from the first load, and opens its database behind; it never holds the
 * app back, and if it fails the library works on with accounts off.
 *
 * A packaged app (started from Finder or the Start menu, with no environment of the developer's) uses the hosted
 * project its release was built for (`npm run make` with `SUPABASE_URL` and `SUPABASE_ANON_KEY`, see
 * `releaseCloud`) and never starts the local cloud, which is a development tool: with no project it runs with
 * accounts off, and says so.
 */
import path from 'node:path';
import { resolveCloudConfig } from '../cloud/local/config';
import { listenLocalCloud, type ListeningCloud } from '../cloud/local/server';
import { NO_CLOUD, type CloudStatus } from '../common/bridge/ipc';

export interface CloudBeside {
  /** What the page is told (`cloud:config`), asked each time: the local cloud's state changes once. */
  status(): CloudStatus;
  /** Origins the page may connect to (its CSP's connect-src). */
  origins(): string[];
  close(): Promise<void>;
}

export interface HostedCloud {
  url: string;
  anonKey: string;
}

export interface CloudBesideOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  appRoot: string;
  /** An installed app rather than development (`npm start`, tests). Default: false. */
  packaged?: boolean;
  /** The hosted project built into a release. Default: none. */
  release?: HostedCloud | null;
  log?: (line: string) => void;
}

/**
 * The hosted project built into this bundle: `scripts/build-node.mjs` writes the values `SUPABASE_URL` and
 * `SUPABASE_ANON_KEY` had when the release was built into Electron's main bundle. Null when it was built without.
 */
export function releaseCloud(): HostedCloud | null {
  const url = process.env.SONGSHELF_RELEASE_SUPABASE_URL;
  const anonKey = process.env.SONGSHELF_RELEASE_SUPABASE_ANON_KEY;
  return url && anonKey ? { url, anonKey } : null;
}

export async function startCloudBeside(options: CloudBesideOptions): Promise<CloudBeside> {
  const log = options.log ?? ((line) => console.log(line));
  if (options.packaged && !options.env.SUPABASE_URL) {
    const release = options.release ?? null;
    if (!release) console.error('This build names no cloud (built without SUPABASE_URL), so accounts and sync are off.');
    const status: CloudStatus = release ? { endpoint: { ...release, local: false }, starting: false } : NO_CLOUD;
    if (release) log(`  cloud: ${release.url}`);
    return { status: () => status, origins: () => (status.endpoint ? [new URL(status.endpoint.url).origin] : []), close: async () => undefined };
  }
  const config = resolveCloudConfig(options.env, options.dataDir);
  let status: CloudStatus = NO_CLOUD;
  let local: ListeningCloud | null = null;
  if (config.kind === 'hosted') {
    status = { endpoint: { url: config.url, anonKey: config.anonKey, local: false }, starting: false };
    log(`  cloud: ${config.url}`);
  } else {
    try {
      local = await listenLocalCloud({
        cloudFolder: path.join(options.appRoot, 'cloud'),
        dataDir: config.dataDir,
        jwtSecret: config.jwtSecret,
        port: config.port,
        ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      });
      const endpoint = { url: local.url, anonKey: local.anonKey, local: true };
      status = { endpoint, starting: true };
      local.ready
        .then(() => {
          status = { endpoint, starting: false };
          log(`  cloud: ${endpoint.url} (local; mail at ${endpoint.url}/mail)`);
          // Public by design (every page carries it), as `supabase status` shows it: scripts sign in with it.
          log(`  anon key: ${endpoint.anonKey}`);
        })
        .catch((error: unknown) => {
          status = NO_CLOUD;
          console.error(`The local cloud did not start, so accounts and sync are off: ${error instanceof Error ? error.message : String(error)}`);
        });
    } catch (error) {
      console.error(`The local cloud could not listen, so accounts and sync are off: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    status: () => status,
    origins: () => (status.endpoint ? [new URL(status.endpoint.url).origin] : []),
    close: async () => {
      await local?.close();
    },
  };
}
