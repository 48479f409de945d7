/**
 * Entry of the browser host (`npm start` where Electron cannot run): boots the core on the user's data
 * folder and serves the app on 127.0.0.1. `SONGSHELF_PORT` and `SONGSHELF_DATA_DIR` override the defaults.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_ONLY_BOX } from '../account/session-vault';
import { startCloudBeside } from '../cloud-beside';
import { createCore, WORKER_BUNDLE } from '../core';
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
  const cloud = await startCloudBeside({ env, dataDir, appRoot });
  const core = createCore({
    dataDir,
    migrationsFolder: path.join(appRoot, 'migrations'),
    workerFile: path.join(bundleDir, WORKER_BUNDLE),
    platform: { openExternal: openWithOperatingSystem, showItemInFolder, openPath },
    cloud: cloud.status,
    secretBox: FILE_ONLY_BOX,
    // Where a shared song's listening page is: the development website (`npm run web`) rather than the public one.
    ...(env.SONGSHELF_WEBSITE_URL ? { websiteOrigin: env.SONGSHELF_WEBSITE_URL } : {}),
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
    connectSources: cloud.origins,
  });
  console.log(`Songshelf is running in the browser host.`);
  console.log(`  data:  ${dataDir}`);
  console.log(`  open:  ${host.url}`);

  const stop = () => {
    void host
      .close()
      .then(() => cloud.close())
      .then(() => core.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
