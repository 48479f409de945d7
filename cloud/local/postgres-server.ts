/**
 * A throwaway PostgreSQL server for the tests of the cloud's `DATABASE_URL` mode: the one
 * `SONGSHELF_TEST_DATABASE_URL` names, or else one started here from the installed PostgreSQL programs
 * (`initdb`, `pg_ctl`: on PATH, or Debian's /usr/lib/postgresql/<version>/bin) in a temp folder, on a free port.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  /** A superuser's address on the server's `postgres` database. */
  url: string;
  stop(): void;
}

function findProgramFolder(): string | null {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) if (folder && fs.existsSync(path.join(folder, 'pg_ctl'))) return folder;
  const debian = '/usr/lib/postgresql';
  if (!fs.existsSync(debian)) return null;
  const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (fs.existsSync(path.join(debian, version, 'bin', 'pg_ctl'))) return path.join(debian, version, 'bin');
  return null;
}

/** True when a server is named or can be started here. */
export function postgresAvailable(): boolean {
  return Boolean(process.env.SONGSHELF_TEST_DATABASE_URL) || findProgramFolder() !== null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const named = process.env.SONGSHELF_TEST_DATABASE_URL;
  if (named) return { url: named, stop: () => undefined };
  const programs = findProgramFolder();
  if (!programs) throw new Error('No PostgreSQL here: install it, or set SONGSHELF_TEST_DATABASE_URL.');
  const root = process.getuid?.() === 0;
  // As root the server runs as `postgres`, who must reach its folder: the test run's own temp folder (TMPDIR,
  // vitest.global-setup.ts) is root's alone, so the server's goes in the system's; `stop` removes it.
  const folder = fs.mkdtempSync(path.join(root ? '/tmp' : os.tmpdir(), 'songshelf-pg-'));
  if (root) execFileSync('chown', ['postgres', folder]);
  const run = (program: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(programs, program), ...args], { stdio: 'pipe' }) : execFileSync(path.join(programs, program), args, { stdio: 'pipe' });
  const data = path.join(folder, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`, '-l', path.join(folder, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
