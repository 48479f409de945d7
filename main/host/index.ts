/**
 * Entry of the browser host (`npm start` where Electron cannot run): boots the core on the user's data
 * folder and serves the app on 127.0.0.1. `SONGSHELF_PORT` and `SONGSHELF_DATA_DIR` override the defaults.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveCloudConfig } from '../../cloud/local/config';
import { listenLocalCloud, type ListeningCloud } from '../../cloud/local/server';
import type { CloudStatus } from '../../common/ipc';
import { createCore } from '../core';
import { appRootFrom, defaultDataDir } from '../paths';
import { openWithOperatingSystem } from './open-external';
import { openPath, showItemInFolder } from './open-path';
import { startHost } from './server';

/** A fixed default keeps the address stable between starts; the token still changes every time. */
const DEFAULT_PORT = 47_600;

export async function runHost(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const bundleDir = path.dirname(fileURLToPath(import.meta.url));
  const appRoot = appRootFrom(bundleDir);
  const dataDir = defaultDataDir(env);
  const cloudConfig = resolveCloudConfig(env, dataDir);
  // The local cloud listens at once (so the page's CSP names it from the start) and opens its database behind.
  let cloud: ListeningCloud | null = null;
  let cloudStatus: CloudStatus = { endpoint: null, starting: false };
  if (cloudConfig.kind === 'hosted') cloudStatus = { endpoint: { url: cloudConfig.url, anonKey: cloudConfig.anonKey, local: false }, starting: false };
  else {
    try {
      cloud = await listenLocalCloud({ cloudFolder: path.join(appRoot, 'cloud'), dataDir: cloudConfig.dataDir, jwtSecret: cloudConfig.jwtSecret, port: cloudConfig.port });
      cloudStatus = { endpoint: { url: cloud.url, anonKey: cloud.anonKey, local: true }, starting: true };
    } catch (error) {
      console.error(`The local cloud could not listen, so accounts and sync are off: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const core = createCore({
    dataDir,
    migrationsFolder: path.join(appRoot, 'migrations'),
    workerFile: path.join(bundleDir, 'worker.mjs'),
    platform: { openExternal: openWithOperatingSystem, showItemInFolder, openPath },
    cloud: () => cloudStatus,
  });
  await core.start();
  const port = env.SONGSHELF_PORT ? Number(env.SONGSHELF_PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`SONGSHELF_PORT must be a port number, not ${JSON.stringify(env.SONGSHELF_PORT)}.`);
  }
  const host = await startHost({
    core,
    rendererDir: path.join(appRoot, 'dist', 'renderer'),
    port,
    // The page signs in and syncs straight with the cloud (supabase-js), so its CSP must let it.
    connectSources: () => (cloudStatus.endpoint ? [new URL(cloudStatus.endpoint.url).origin] : []),
  });
  console.log(`Songshelf is running in the browser host.`);
  console.log(`  data:  ${dataDir}`);
  console.log(`  open:  ${host.url}`);

  // The cloud's database comes up beside the app and never holds it back: the library works without it.
  if (cloudConfig.kind === 'hosted') console.log(`  cloud: ${cloudConfig.url}`);
  else if (cloud) {
    const listening = cloud;
    listening.ready
      .then(() => {
        cloudStatus = { endpoint: { url: listening.url, anonKey: listening.anonKey, local: true }, starting: false };
        console.log(`  cloud: ${listening.url} (local; mail at ${listening.url}/mail)`);
        // Public by design (every page carries it), as `supabase status` shows it: scripts sign in with it.
        console.log(`  anon key: ${listening.anonKey}`);
      })
      .catch((error: unknown) => {
        cloudStatus = { endpoint: null, starting: false };
        console.error(`The local cloud did not start, so accounts and sync are off: ${error instanceof Error ? error.message : String(error)}`);
      });
  }

  const stop = () => {
    void host
      .close()
      .then(() => cloud?.close())
      .then(() => core.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
