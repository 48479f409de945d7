/**
 * The website for the tests: `npm run build:web` built for the host's local cloud (as a release is built for the
 * hosted project), served by `npm run serve:web` on a free port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const VITE = 'node_modules/vite/bin/vite.js';
const CONFIG = 'renderer/vite.config.ts';

export async function startWebsite(cloudUrl: string, anonKey: string): Promise<{ url: string; stop: () => void }> {
  const env = { ...process.env, VITE_SUPABASE_URL: cloudUrl, VITE_SUPABASE_ANON_KEY: anonKey };
  const built = spawnSync(process.execPath, [VITE, 'build', '--config', CONFIG, '--mode', 'web', '--logLevel', 'error'], { env, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`build:web failed (${built.status})`);
  const child: ChildProcess = spawn(process.execPath, [VITE, 'preview', '--config', CONFIG, '--mode', 'web', '--host', '127.0.0.1', '--port', '0', '--strictPort'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The website did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      // Without the colours vite adds around the address.
      output += stripVTControlCharacters(chunk.toString());
      const match = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`The website exited (${code}):\n${output}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
