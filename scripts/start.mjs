// `npm start`: builds, then runs the Electron app where a runnable Electron is installed, and otherwise the
// browser host (the same app, served to a browser on 127.0.0.1), saying why.
// `npm start -- --host` chooses the browser host even where Electron runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { NODE_FLAGS } from './node-flags.mjs';

const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const built = spawnSync(npm, ['run', '--silent', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (built.status !== 0) process.exit(built.status ?? 1);

const electron = process.argv.includes('--host') ? { path: null, why: 'you asked for the browser host (--host)' } : findElectron();
if (electron.path) {
  const child = spawn(electron.path, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Electron cannot run here: ${electron.why}.`);
  console.log('Starting the browser host instead: open the address below in Chromium, Chrome, Edge or Safari.');
  // Its own process, with the app's V8 settings (node-flags.mjs).
  const host = spawn(process.execPath, [...NODE_FLAGS, 'dist/node/host-main.mjs'], { stdio: 'inherit' });
  host.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
}

/** The path of a runnable Electron binary, or why there is none. */
function findElectron() {
  let binary;
  try {
    // In plain Node, the `electron` package exports the path of its binary; it throws when the binary is
    // missing (installs that could not download it).
    binary = require('electron');
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { path: null, why: reason.includes('Cannot find module') ? 'the electron package is not installed' : reason };
  }
  if (typeof binary !== 'string' || !fs.existsSync(binary)) return { path: null, why: 'the Electron binary is missing' };
  return { path: binary, why: '' };
}
