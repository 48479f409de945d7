/**
 * The crash campaign (issue 16): the real browser host, started as `npm start` starts it, killed with SIGKILL at
 * random moments while it scans a library, saves the user's edits and syncs with a local cloud, then started again
 * on the same data folder. After the last start it is left to finish its work, and the library is checked: every
 * edit the app acknowledged is there, no project has two songs, every project has its song, no job is left behind,
 * and SQLite's integrity check passes. `bench/crash.ts` prints the report; a 5-kill campaign runs in `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { signedInClient, upgradeToPro } from '../cloud/local/cloud-users';
import { startLocalCloud, type LocalCloud } from '../cloud/local/server';
import type { Envelope } from '../common/ipc';
import type { JobSummary } from '../common/jobs';
import type { Song } from '../common/song';
import { DATABASE_FILE_NAME } from '../db/connection';
import { seededRandom, writeLibrary } from './generators/library';

export interface CrashReport {
  kills: number;
  edits_acknowledged: number;
  edits_lost: number;
  duplicate_songs: number;
  songs: number;
  expected_songs: number;
  jobs_left: number;
  integrity: string;
}

export interface CrashCampaignOptions {
  kills: number;
  /** Projects in the synthetic library. */
  projects: number;
  /** The bundled host entry to run (`dist/node/host-main.mjs`, or the tests' `dist/test/host-main.mjs`). */
  hostEntry: string;
  /** Where `cloud/migrations` is. */
  appRoot: string;
  /** Default 1. */
  seed?: number;
  /** Longest a host runs before it is killed. Default 2,000 ms. */
  maxLifeMs?: number;
  log?: (line: string) => void;
}

const PASSWORD = 'crash campaign password';
const NOTE = 'crash-edit-';

export async function runCrashCampaign(options: CrashCampaignOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed ?? 1);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-crash-'));
  const library = path.join(root, 'library');
  const dataDir = path.join(root, 'data');
  const stats = await writeLibrary(library, { projects: options.projects });
  const cloud = await startLocalCloud({ cloudFolder: path.join(options.appRoot, 'cloud'), jwtSecret: 'crash-campaign-secret-of-32-characters', siteUrl: 'http://127.0.0.1:9/app' });
  try {
    const email = 'crash.campaign@example.com';
    await upgradeToPro((await signedInClient(cloud, email, PASSWORD)).supabase);
    const acknowledged = new Map<string, number>();
    let edits = 0;
    let counter = 0;

    for (let kill = 0; kill <= options.kills; kill += 1) {
      const host = await startHost(options.hostEntry, dataDir, cloud);
      const bridge = await Bridge.open(host.url);
      if (kill === 0) {
        await bridge.call('account:sign-in', { email, password: PASSWORD });
        await bridge.call('watchDirectory', { path: library });
      }
      if (kill === options.kills) {
        // The last start: no kill. Let it finish, then look.
        const report = await settle(bridge, stats.expectedSongs, acknowledged, edits, options.kills, log);
        bridge.close();
        await stop(host.child);
        return { ...report, ...inspect(dataDir) };
      }
      const lifeMs = 100 + random() * ((options.maxLifeMs ?? 2000) - 100);
      const started = Date.now();
      while (Date.now() - started < lifeMs) {
        const page = await bridge.tryCall<{ rows: Song[] }>('songs:query', { offset: Math.floor(random() * 50), limit: 20 });
        const song = page?.rows[Math.floor(random() * page.rows.length)];
        if (song) {
          counter += 1;
          const mine = counter;
          // Not awaited: the kill may land between the write and its answer; only an answer counts as acknowledged.
          void bridge.tryCall('db:update-song', { id: song.id, patch: { notes: `${NOTE}${mine}` } }).then((saved) => {
            if (!saved) return;
            edits += 1;
            acknowledged.set(song.id, Math.max(acknowledged.get(song.id) ?? 0, mine));
          });
        }
        if (random() < 0.1) void bridge.tryCall('sync:run', undefined);
        await new Promise((resolve) => setTimeout(resolve, 5 + random() * 30));
      }
      host.child.kill('SIGKILL');
      await exited(host.child);
      bridge.close();
      log(`kill ${kill + 1}/${options.kills} after ${Math.round(lifeMs)} ms; ${edits} edits acknowledged`);
    }
    throw new Error('unreachable');
  } finally {
    await cloud.close();
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Waits until the library's jobs are done (a sync run included), then counts what a user would check. */
async function settle(bridge: Bridge, expectedSongs: number, acknowledged: Map<string, number>, edits: number, kills: number, log: (line: string) => void) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const busy = await bridge.call<JobSummary[]>('jobs:list', { states: ['queued', 'running'], limit: 1000 });
    if (busy.length === 0) break;
    if (Date.now() > deadline) throw new Error(`jobs never finished: ${busy.map((job) => `${job.kind} ${job.state}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await bridge.tryCall('sync:run', undefined);
  const songs = await bridge.call<Song[]>('db:get-songs', { includeHidden: true });
  const byId = new Map(songs.map((song) => [song.id, song]));
  let lost = 0;
  for (const [id, mine] of acknowledged) {
    const notes = byId.get(id)?.notes ?? '';
    const kept = notes.startsWith(NOTE) ? Number(notes.slice(NOTE.length)) : 0;
    if (kept < mine) lost += 1;
  }
  const perProject = new Map<string, number>();
  for (const song of songs) {
    const place = song.projectPath ?? song.file?.localPath;
    if (place) perProject.set(place, (perProject.get(place) ?? 0) + 1);
  }
  const duplicates = [...perProject.values()].reduce((sum, count) => sum + count - 1, 0);
  log(`settled: ${songs.length} songs, ${acknowledged.size} songs edited`);
  return { kills, edits_acknowledged: edits, edits_lost: lost, duplicate_songs: duplicates, songs: songs.length, expected_songs: expectedSongs };
}

/** After the host has stopped: SQLite's own check, and jobs left waiting or running. */
function inspect(dataDir: string): { jobs_left: number; integrity: string } {
  const db = new Database(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
    const { left } = db.prepare("SELECT count(*) AS left FROM jobs WHERE state IN ('queued', 'running')").get() as { left: number };
    return { jobs_left: left, integrity };
  } finally {
    db.close();
  }
}

interface RunningHost {
  child: ChildProcess;
  url: string;
}

/** The host as its own Node process (not through a launcher, so SIGKILL reaches the process that holds the library). */
function startHost(entry: string, dataDir: string, cloud: LocalCloud): Promise<RunningHost> {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entry], {
    env: { ...process.env, SONGSHELF_DATA_DIR: dataDir, SONGSHELF_PORT: '0', SUPABASE_URL: cloud.url, SUPABASE_ANON_KEY: cloud.anonKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the host did not start:\n${output}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /open:\s+(\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => reject(new Error(`the host exited (${code}):\n${output}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited(child);
  clearTimeout(timer);
}

/** The page's side of the bridge, in Node: calls by id over the WebSocket with the host's token and Origin. */
class Bridge {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: Envelope<unknown>) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; id: number | null; result: Envelope<unknown> };
      if (frame.type !== 'result' || frame.id === null) return;
      this.waiting.get(frame.id)?.(frame.result);
      this.waiting.delete(frame.id);
    });
    // A killed host drops its calls: they were never acknowledged.
    socket.on('close', () => {
      for (const answer of this.waiting.values()) answer({ ok: false, error: { code: 'disconnected', message: 'the host went away' } });
      this.waiting.clear();
    });
    socket.on('error', () => undefined);
  }

  static async open(address: string): Promise<Bridge> {
    const url = new URL(address);
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    const socket = new WebSocket(`ws://${url.host}/bridge?token=${encodeURIComponent(token)}`, { origin: url.origin });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Bridge(socket);
  }

  send(channel: string, input: unknown): Promise<Envelope<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.socket.readyState !== WebSocket.OPEN) return resolve({ ok: false, error: { code: 'disconnected', message: 'closed' } });
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ type: 'call', id, channel, input }));
    });
  }

  async call<T>(channel: string, input: unknown): Promise<T> {
    const result = await this.send(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.data as T;
  }

  async tryCall<T>(channel: string, input: unknown): Promise<T | null> {
    const result = await this.send(channel, input);
    return result.ok ? (result.data as T) : null;
  }

  close(): void {
    this.socket.terminate();
  }
}
