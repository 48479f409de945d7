import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../common/projects/library';
import { MESSAGES, noSpaceLeftFor } from '../../common/messages';
import type { Song } from '../../common/songs/song';
import { setKv } from '../../db/repositories/account';
import { getSongs } from '../../db/repositories/songs';
import { openTestDatabase, realClock, tempDir } from '../../db/test-support';
import { writeAbletonHistory } from '../../fixtures/generators/project-versions';
import { writeSignalWav } from '../../fixtures/generators/wav';
import { EventBus } from '../events';
import { enqueue, getJob } from '../jobs/queue';
import { JobRunner, type TaskHandlers } from '../jobs/runner';
import { call, createTestCore, type TestCore } from '../test-support';
import { DiskFullWatch, fullDiskOf, isDiskFull } from './disk-full';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`Timed out waiting for ${what}`);
    await wait(20);
  }
}

function diskFullNotices(events: EventBus): AppNotification[] {
  const seen: AppNotification[] = [];
  events.on('notify', (notice) => {
    if (notice.title === MESSAGES.diskFull) seen.push(notice);
  });
  return seen;
}

describe('isDiskFull', () => {
  it.each([
    ['SQLite out of space', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), true],
    ['the OS out of space', Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }), true],
    ['a quota reached', Object.assign(new Error('quota'), { code: 'EDQUOT' }), true],
    ['a full disk behind another error', new Error('copy failed', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }), true],
    ['a missing file', Object.assign(new Error('nope'), { code: 'ENOENT' }), false],
    ['a busy database', Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }), false],
    ['not an error', 'SQLITE_FULL', false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isDiskFull(error)).toBe(expected);
  });
});

describe('fullDiskOf: whose disk a full-disk error is about', () => {
  const library = path.join(path.sep, 'home', 'me', 'Songshelf');
  const errno = (code: string, paths: { path?: string; dest?: string } = {}) => Object.assign(new Error(code), { code, ...paths });
  it.each([
    ['SQLite out of space is always the library', errno('SQLITE_FULL'), undefined, { where: 'library' }],
    ['no space for a file in the data folder', errno('ENOSPC', { path: path.join(library, 'waveforms', 'a.dat') }), undefined, { where: 'library' }],
    ['a quota reached in the data folder', errno('EDQUOT', { path: path.join(library, 'session.vault') }), undefined, { where: 'library' }],
    ['no space on a project drive', errno('ENOSPC', { path: '/Volumes/USB/Song/Song.als' }), undefined, { where: 'elsewhere', path: '/Volumes/USB/Song/Song.als' }],
    // A copy's error names its source as `path`: the disk that filled is the destination's.
    ['a copy from the data folder onto a full drive', errno('ENOSPC', { path: path.join(library, 'snapshots', 'x.als'), dest: '/Volumes/USB/Song (copy).als' }), undefined, { where: 'elsewhere', path: '/Volumes/USB/Song (copy).als' }],
    ['a folder beside the data folder that starts with its name', errno('ENOSPC', { path: `${library}-old/file` }), undefined, { where: 'elsewhere', path: `${library}-old/file` }],
    ['a write that names no file, with the path its caller gave', errno('ENOSPC'), path.join(library, 'files', 'x.part'), { where: 'library' }],
    ['a write that names no file and no path given', errno('ENOSPC'), undefined, { where: 'elsewhere', path: null }],
    ['a full disk behind an error of the caller', new Error('copy failed', { cause: errno('ENOSPC', { path: '/Volumes/USB/a' }) }), undefined, { where: 'elsewhere', path: '/Volumes/USB/a' }],
    ['a missing file', errno('ENOENT', { path: '/Volumes/USB/a' }), undefined, null],
  ])('%s', (_name, error, where, expected) => {
    expect(fullDiskOf(error, library, where)).toEqual(expected);
  });
});

describe('the job runner on a full disk (SQLite refusing to grow the database: a real SQLITE_FULL)', () => {
  it('gives the attempt back, pauses, tells the user once, and runs the job again by itself when there is space', async () => {
    const db = openTestDatabase(realClock());
    cleanups.push(() => db.close());
    const events = new EventBus();
    const notices = diskFullNotices(events);
    // With the database capped (max_page_count), a small write may still fit a page it has: the probe writes
    // as much as the job does, as any write would on a disk with no room at all.
    let probes = 0;
    const probe = () => {
      probes += 1;
      setKv(db, 'disk:probe', 'x'.repeat(400_000));
    };
    const disk = new DiskFullWatch({ dir: path.dirname(db.file), probe }, events, { probeEveryMs: 50 });
    cleanups.push(() => disk.stop());
    let runs = 0;
    const idle = { label: () => 'idle', run: async () => null };
    const handlers: TaskHandlers = {
      scan: idle,
      'parse-project': idle,
      'read-audio': idle,
      'analyse-audio': idle,
      upload: idle,
      sync: {
        label: () => 'writes a lot',
        run: async () => {
          runs += 1;
          db.sqlite.prepare('INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)').run(`big-${runs}`, 'x'.repeat(400_000));
          return runs;
        },
      },
    };
    const runner = new JobRunner(db, handlers, events, { disk, backoff: { baseMs: 5, capMs: 10 } });
    cleanups.push(() => runner.stop());
    const pages = db.sqlite.pragma('page_count', { simple: true }) as number;
    db.sqlite.pragma(`max_page_count = ${pages + 2}`);
    const { job } = enqueue(db, { kind: 'sync', payload: {} });
    runner.start();

    await until(() => disk.full, 'the disk to be reported full');
    // Two of the watch's probes later (due 50-100 ms on, after any retry the runner could make: its backoff is at
    // most 10 ms, and timers fire in the order they are due), the job still waits with its attempt given back, and
    // was not tried again: the runner claims nothing while the disk is full.
    const probed = probes;
    await until(() => probes >= probed + 2, 'two more probes of the full disk');
    expect(getJob(db, job.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(runs).toBe(1);
    expect(notices).toHaveLength(1);

    db.sqlite.pragma('max_page_count = 1073741823');
    await until(() => !disk.full, 'the probe to find space');
    await runner.whenIdle();
    expect(getJob(db, job.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(notices).toHaveLength(1);
  });
});

/** A small tmpfs of its own, where the tests run as root (CI does); elsewhere the test says why it skips. */
function tmpfsProblem(): string | null {
  if (process.platform !== 'linux') return 'a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = tempDir('songshelf-tmpfs-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return null;
  } catch {
    return 'this machine does not let the tests mount a tmpfs';
  }
}

const noTmpfs = tmpfsProblem();
if (noTmpfs) console.warn(`[disk-full.test] skipping the filled-disk test: ${noTmpfs}`);

/** Writes to `file` until the disk refuses even one more byte. */
function fillToTheLastByte(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf(noTmpfs !== null)(`a library on a disk filled to the last byte (tmpfs)${noTmpfs ? `: skipped, ${noTmpfs}` : ''}`, () => {
  it('answers every call (edits say the disk is full), keeps what it acknowledged, and carries on when space returns', async () => {
    const mountPoint = tempDir('songshelf-full-disk-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint]);
    cleanups.push(() => {
      execFileSync('umount', ['-l', mountPoint]);
    });
    const dataDir = path.join(mountPoint, 'data');
    fs.mkdirSync(dataDir);
    const core: TestCore = createTestCore(dataDir, { disk: { probeEveryMs: 50 } });
    cleanups.push(() => core.close());
    const notices = diskFullNotices(core.events);
    await core.start();

    const song = await call<Song>(core, 'db:add-song', { name: 'Night Drive' });
    await call(core, 'db:update-song', { id: song.id, patch: { notes: 'acknowledged before the disk filled' } });
    // The write-ahead log keeps its size after a checkpoint; truncated, every later write needs new space.
    core.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const sync = enqueue(core.db, { kind: 'sync', payload: {}, runAfter: Date.now() + 300 });
    core.runner.wake();
    const filler = path.join(mountPoint, 'filler');
    fillToTheLastByte(filler);

    const refused = await core.router.dispatch('db:update-song', { id: song.id, patch: { notes: 'x'.repeat(20_000) } });
    expect(refused).toEqual({ ok: false, error: { code: 'disk_full', message: MESSAGES.diskFull } });
    const read = await call<Song[]>(core, 'db:get-songs');
    expect(read.find((each) => each.id === song.id)?.notes).toBe('acknowledged before the disk filled');
    await wait(600);
    // The runner met the full disk at its next claim and paused: the job waits with its attempts untouched.
    expect(getJob(core.db, sync.job.id)).toMatchObject({ state: 'queued', attempts: 0 });
    const again = await core.router.dispatch('db:update-song', { id: song.id, patch: { status: 'Mixing' } });
    expect(again).toMatchObject({ ok: false, error: { code: 'disk_full' } });
    // A file written into the data folder (its error names no path): the library's disk too.
    const take = path.join(tempDir('songshelf-take-'), 'take.wav');
    writeSignalWav(take, new Float32Array(400_000), 44_100);
    const data = fs.readFileSync(take).subarray(0, 600_000).toString('base64');
    const saved = await core.router.dispatch('saveLocalFile', { fileName: 'take.wav', kind: 'audio', offset: 0, data, done: false });
    expect(saved).toEqual({ ok: false, error: { code: 'disk_full', message: MESSAGES.diskFull } });
    expect(notices).toHaveLength(1);

    fs.rmSync(filler);
    await until(() => !core.disk.full, 'the probe to find space');
    await core.runner.whenIdle();
    expect(getJob(core.db, sync.job.id)?.state).toBe('succeeded');
    const edited = await call<Song>(core, 'db:update-song', { id: song.id, patch: { status: 'Mixing' } });
    expect(edited).toMatchObject({ status: 'Mixing', notes: 'acknowledged before the disk filled' });
  });
});

describe.skipIf(noTmpfs !== null)(`a project drive filled to the last byte (tmpfs)${noTmpfs ? `: skipped, ${noTmpfs}` : ''}`, () => {
  it('answers a copy of a version with an I/O error naming the copy, and never says the library’s disk is full', async () => {
    const drive = tempDir('songshelf-project-drive-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', drive]);
    cleanups.push(() => {
      execFileSync('umount', ['-l', drive]);
    });
    const { project, saves } = writeAbletonHistory(drive, 'Night Drive', [
      { tempo: 100, tracks: ['Drums'], samples: [] },
      { tempo: 110, tracks: ['Drums'], samples: [] },
    ]);
    const core: TestCore = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cleanups.push(() => core.close());
    const notices = diskFullNotices(core.events);
    await core.start();
    await core.library.watchDirectory(drive);
    await core.runner.whenIdle();
    const song = getSongs(core.db).find((candidate) => candidate.name === 'Night Drive')!;
    fillToTheLastByte(path.join(drive, 'filler'));

    const answer = await core.router.dispatch('songs:open-version-copy', { id: song.id, path: saves[0]!.path });
    const copy = path.join(path.dirname(fs.realpathSync(project)), 'Night Drive (version 2024-03-01 2000).als');
    expect(answer).toEqual({ ok: false, error: { code: 'io_error', message: noSpaceLeftFor(copy) } });
    expect(core.disk.full).toBe(false);
    expect(notices).toEqual([]);
    expect(core.openedPaths).toEqual([]);
    // The library itself writes on.
    expect(await call<Song>(core, 'db:update-song', { id: song.id, patch: { status: 'Mixing' } })).toMatchObject({ status: 'Mixing' });
  });
});
