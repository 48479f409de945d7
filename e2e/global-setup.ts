// Starts the real browser host, built by `npm run test:e2e`, on a fresh data folder and a free port, the way
// `npm start` does, with its local cloud; signs the tests' musician in there; builds and serves the website for
// that cloud; and hands both addresses (the host's with its token) to the tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHost } from '../harness/host';
import { createConfirmedUser, MUSICIAN } from '../harness/signed-in';
import { startWebsite } from './website';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Every temporary folder of the run (the host's data, the tests' music folders) under one, removed at the end.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-run-'));
  for (const name of ['TMPDIR', 'TEMP', 'TMP']) process.env[name] = root;
  // A home folder of the run's own, as a musician's (this machine's is /root, a system folder to the folder rules):
  // the folder browser lists it and the demo library is written in its Music folder.
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  for (const name of ['HOME', 'USERPROFILE']) process.env[name] = home;
  // The programs the host runs to reveal and open files and links (main/host/open-path.ts, open-external.ts) are
  // replaced by one that writes down what it was asked (e2e/platform-calls.ts): a test can read that the core asked
  // the platform, and no file manager or browser opens on the machine running the tests.
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  const platformLog = path.join(root, 'platform-calls.log');
  const recorder = `#!/bin/sh\n{ printf '%s' "$(basename "$0")"; for arg in "$@"; do printf '\\t%s' "$arg"; done; printf '\\n'; } >> '${platformLog}'\n`;
  for (const program of ['xdg-open', 'open']) fs.writeFileSync(path.join(bin, program), recorder, { mode: 0o755 });
  process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  process.env.SONGSHELF_E2E_PLATFORM_LOG = platformLog;
  // A stand-in Mac's plug-in folders (main/plugins/installed-plugins.ts), which the host looks through and watches:
  // a test installs a plug-in by writing its bundle there.
  const plugins = path.join(root, 'plugin-system');
  for (const folder of ['Components', 'VST', 'VST3']) fs.mkdirSync(path.join(plugins, 'Library', 'Audio', 'Plug-Ins', folder), { recursive: true });
  process.env.SONGSHELF_PLUGIN_SYSTEM = 'darwin';
  process.env.SONGSHELF_PLUGIN_ROOT = plugins;
  const host = await startHost();
  const cloud = host.cloud!;
  // The musician exists and has confirmed; each test signs the app in (e2e/fixtures.ts).
  await createConfirmedUser(cloud, MUSICIAN, `${new URL(host.url).origin}/login`);
  process.env.SONGSHELF_E2E_URL = host.url;
  process.env.SONGSHELF_E2E_CLOUD_URL = cloud.url;
  process.env.SONGSHELF_E2E_ANON_KEY = cloud.anonKey;
  process.env.SONGSHELF_E2E_SERVICE_KEY = cloud.serviceKey;
  const website = await startWebsite(cloud.url, cloud.anonKey);
  process.env.SONGSHELF_E2E_WEB_URL = website.url;
  return async () => {
    website.stop();
    host.stop();
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
