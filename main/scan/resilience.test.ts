import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAls } from '../../fixtures/generators/als';
import { writeLibrary } from '../../fixtures/generators/library';
import type { Song } from '../../common/songs/song';
import { getSongs, updateSong } from '../../db/repositories/songs';
import { DATABASE_FILE_NAME } from '../../db/connection';
import { tempDir } from '../../db/test-support';
import { LOCK_FILE_NAME } from '../instance-lock';
import type { CliReport } from '../cli/scan-command';
import { createTestCore, type TestCore } from '../test-support';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test', 'cli.mjs');

/** Root reads every folder whatever its mode, so that test runs the CLI as nobody where the tests run as root. */
const NOBODY = process.getuid?.() === 0 ? { uid: 65_534, gid: 65_534 } : {};

/**
 * Why nobody cannot run the test CLI here, or null when it can: a checkout under a private folder (a home folder of
 * mode 0700, say) is out of nobody's reach, and that test then says so instead of failing. Without arguments the CLI
 * prints its usage and ends with 2, once everything it loads could be read.
 */
const nobodyCannotRunTheCli = ((): string | null => {
  if (!('uid' in NOBODY)) return null;
  const probe = spawnSync(process.execPath, [CLI], { encoding: 'utf8', ...NOBODY });
  if (probe.status === 2) return null;
  const reason = probe.error?.message ?? probe.stderr.split('\n').find((line) => /EACCES|denied/i.test(line)) ?? `exit ${String(probe.status)}`;
  return `the unprivileged user cannot run ${CLI} from this checkout (${reason.trim().slice(0, 160)}); a folder above it is private`;
})();
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

function countRows(file: string, sql: string): number {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('crash recovery', () => {
  it('a scan killed half-way finishes after a restart, with no song duplicated and no edit lost', async () => {
    const root = tempDir('songshelf-crash-');
    const library = await writeLibrary(root, { projects: 300 });
    const dataDir = tempDir('songshelf-crash-data-');
    const dbFile = path.join(dataDir, DATABASE_FILE_NAME);

    const child = spawn(process.execPath, [CLI, 'scan', root, '--data-dir', dataDir, '--json'], { stdio: 'ignore' });
    await expect
      .poll(() => (fs.existsSync(dbFile) ? countRows(dbFile, 'SELECT count(*) AS n FROM songs') : 0), { timeout: 20_000, interval: 5 })
      .toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const songsAtCrash = countRows(dbFile, 'SELECT count(*) AS n FROM songs');
    const unfinished = countRows(dbFile, `SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running')`);
    expect(unfinished).toBeGreaterThan(0);

    const core = createTestCore(dataDir);
    cores.push(core);
    const edited = getSongs(core.db)[0] as Song;
    updateSong(core.db, edited.id, { notes: 'written between the crash and the restart', tempo: '99' });
    await core.start();
    const directory = core.library.list()[0];
    if (directory) core.library.requestScan(directory.id);
    await core.runner.whenIdle();

    const songs = getSongs(core.db);
    expect(songsAtCrash).toBeLessThanOrEqual(library.expectedSongs);
    expect(songs).toHaveLength(library.expectedSongs);
    expect(new Set(songs.map((song) => song.projectPath)).size).toBe(songs.length);
    expect(songs.find((song) => song.id === edited.id)).toMatchObject({ notes: 'written between the crash and the restart', tempo: '99' });
    expect(countRows(dbFile, `SELECT count(*) AS n FROM jobs WHERE state NOT IN ('succeeded')`)).toBe(0);
    expect(songs.filter((song) => song.recordingSession && song.meta.daw === undefined)).toEqual([]);
  });

  it('refuses to open a library another live process holds, and takes over from a dead one', async () => {
    const dataDir = tempDir();
    const alive = spawn('sleep', ['30']);
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), String(alive.pid));
    expect(() => createTestCore(dataDir)).toThrow(/already running on this library/);
    alive.kill();
    await new Promise((resolve) => alive.once('exit', resolve));
    const core = createTestCore(dataDir);
    cores.push(core);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
  });

  it('refuses a second core on the same library in one process', () => {
    const dataDir = tempDir();
    cores.push(createTestCore(dataDir));
    expect(() => createTestCore(dataDir)).toThrow(/already has this library open/);
  });
});

describe('hostile trees and files', () => {
  it('records each unreadable project file with its reason and scans the rest', async () => {
    const root = tempDir('songshelf-hostile-');
    const project = (name: string) => {
      const folder = path.join(root, `${name} Project`);
      fs.mkdirSync(folder, { recursive: true });
      return path.join(folder, `${name}.als`);
    };
    writeAls(project('Good'), { tempo: 101 });
    fs.writeFileSync(project('Empty'), '');
    fs.writeFileSync(project('Junk'), 'JUNK');
    fs.writeFileSync(project('Truncated'), zlib.gzipSync(Buffer.from('<?xml version="1.0"?><Ableton Creator="Ableton Live 11.0"><LiveSet>')).subarray(0, 30));
    // A set that opens like a real one, then inflates 64 MiB of whitespace from about 64 KB: past the cap.
    const opening = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Ableton MajorVersion="5" Creator="Ableton Live 11.0"><LiveSet>');
    fs.writeFileSync(project('Bomb'), zlib.gzipSync(Buffer.concat([opening, Buffer.alloc(64 * 1024 * 1024, 0x20)]), { level: 9 }));
    writeAls(project('Entities'), { variant: 'doctype-entity' });
    fs.mkdirSync(path.join(root, 'Loop'));
    fs.symlinkSync(root, path.join(root, 'Loop', 'back to the top'), 'junction');
    const deep = path.join(root, 'a'.repeat(120), 'b'.repeat(120));
    fs.mkdirSync(deep, { recursive: true });
    writeAls(path.join(deep, `${'c'.repeat(100)}.als`), { tempo: 77 });
    fs.writeFileSync(Buffer.concat([Buffer.from(`${root}/`), Buffer.from([0x4e, 0xff, 0xfe, 0x2e, 0x77, 0x61, 0x76])]), 'not utf-8');

    const core = createTestCore();
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(root);
    await core.runner.whenIdle();

    const songs = new Map(getSongs(core.db).map((song) => [song.name, song]));
    expect(songs.get('Good')).toMatchObject({ tempo: '101' });
    expect(songs.get('b'.repeat(120))).toMatchObject({ tempo: '77' });
    const reasons = Object.fromEntries(['Empty', 'Junk', 'Truncated', 'Bomb', 'Entities'].map((name) => [name, songs.get(name)?.meta.readError]));
    expect(reasons).toEqual({
      Empty: expect.stringMatching(/empty/i),
      Junk: expect.stringMatching(/not gzip/i),
      Truncated: expect.stringMatching(/truncated/i),
      Bomb: expect.stringMatching(/cap|bomb/i),
      Entities: expect.stringMatching(/DOCTYPE|entit/i),
    });
    expect(songs.size).toBe(7);
    const scan = core.db.sqlite.prepare(`SELECT result FROM jobs WHERE kind = 'scan'`).get() as { result: string };
    expect(JSON.parse(scan.result).errors).toEqual([{ path: expect.stringContaining(`${root}/N`), reason: 'name is not valid UTF-8' }]);
  }, 60_000);

  it.skipIf(nobodyCannotRunTheCli !== null)(`reports a folder it may not read and scans the rest (run as an unprivileged user)${nobodyCannotRunTheCli ? `: skipped, ${nobodyCannotRunTheCli}` : ''}`, () => {
    const root = tempDir('songshelf-locked-');
    const dataDir = tempDir('songshelf-locked-data-');
    const open = path.join(root, 'Open Project');
    const locked = path.join(root, 'Locked');
    fs.mkdirSync(open);
    fs.mkdirSync(path.join(locked, 'Secret Project'), { recursive: true });
    writeAls(path.join(open, 'Open.als'), { tempo: 120 });
    writeAls(path.join(locked, 'Secret Project', 'Secret.als'), { tempo: 120 });
    fs.chmodSync(locked, 0o000);
    for (const folder of [root, dataDir, path.dirname(root)]) fs.chmodSync(folder, 0o777);
    const result = spawnSync(process.execPath, [CLI, 'scan', root, '--data-dir', dataDir, '--json'], { encoding: 'utf8', ...NOBODY });
    fs.chmodSync(locked, 0o755);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as CliReport;
    expect(report.songs.map((song) => song.name)).toEqual(['Open']);
    expect(report.errors).toEqual([{ path: locked, reason: 'folder not readable (EACCES)' }]);
  });
});
