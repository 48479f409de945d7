import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { setKv } from '../../db/repositories/account';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { call, createTestCore, type TestCore } from '../test-support';
import { readableSnapshot, snapshotBytes, snapshotSession, snapshotVersions } from './snapshots';

const SONG = '01a20d87-265f-73c1-bba7-d5b791c71525';

describe('snapshotSession', () => {
  it('keeps a Live set as it is (gzip already), once per content, stamped with the save’s time', async () => {
    const dataDir = tempDir();
    const set = path.join(tempDir(), 'Song.als');
    writeAls(set, { tempo: 120 });
    fs.utimesSync(set, 1_700_000_000, 1_700_000_000);
    const kept = await snapshotSession(dataDir, SONG, set);
    expect(kept).not.toBeNull();
    expect(fs.readFileSync(kept!)).toEqual(fs.readFileSync(set));
    expect(fs.statSync(kept!).mtimeMs).toBe(1_700_000_000_000);
    expect(await snapshotSession(dataDir, SONG, set)).toBeNull();
    const versions = await snapshotVersions(dataDir, SONG, set);
    expect(versions).toEqual([expect.objectContaining({ path: kept, source: 'snapshot', daw: 'ableton', time: 1_700_000_000_000 })]);
  });

  it('gzips a Pro Tools session, and gives it back readable in a temporary file that goes when read', async () => {
    const dataDir = tempDir();
    const session = path.join(tempDir(), 'Mix.ptx');
    fs.writeFileSync(session, Buffer.alloc(50_000, 7));
    const kept = (await snapshotSession(dataDir, SONG, session))!;
    expect(kept.endsWith('.ptx.gz')).toBe(true);
    expect(fs.statSync(kept).size).toBeLessThan(1000);
    expect(zlib.gunzipSync(fs.readFileSync(kept))).toEqual(fs.readFileSync(session));
    const readable = await readableSnapshot(kept);
    expect(fs.readFileSync(readable.path)).toEqual(fs.readFileSync(session));
    await readable.done();
    expect(fs.existsSync(readable.path)).toBe(false);
  });

  it('thins the oldest first to the song’s budget, by count and by bytes', async () => {
    const dataDir = tempDir();
    const set = path.join(tempDir(), 'Song.als');
    for (let save = 0; save < 5; save += 1) {
      writeAls(set, { tempo: 100 + save });
      fs.utimesSync(set, 1_700_000_000 + save * 60, 1_700_000_000 + save * 60);
      await snapshotSession(dataDir, SONG, set, { count: 3, megabytes: 1000 });
    }
    const times = (await snapshotVersions(dataDir, SONG, set)).map((version) => version.time).sort();
    expect(times).toEqual([2, 3, 4].map((save) => (1_700_000_000 + save * 60) * 1000));
  });

  it('thins the oldest first to the song’s budget in megabytes', async () => {
    const dataDir = tempDir();
    const set = path.join(tempDir(), 'Song.als');
    // Sets of about 1.2 MB each: three do not fit in 3 MB, two do.
    for (let save = 0; save < 3; save += 1) {
      writeAls(set, { tempo: 100 + save, targetCompressedBytes: 1_200_000, seed: save });
      fs.utimesSync(set, 1_700_000_000 + save * 60, 1_700_000_000 + save * 60);
      await snapshotSession(dataDir, SONG, set, { count: 50, megabytes: 3 });
    }
    const times = (await snapshotVersions(dataDir, SONG, set)).map((version) => version.time).sort();
    expect(times).toEqual([1, 2].map((save) => (1_700_000_000 + save * 60) * 1000));
    expect(await snapshotBytes(dataDir)).toBeLessThanOrEqual(3 * 1024 * 1024);
  });

  it('refuses a song id that is not one (no path outside the snapshots folder)', async () => {
    const set = path.join(tempDir(), 'Song.als');
    writeAls(set, {});
    await expect(snapshotSession(tempDir(), '../../etc', set)).rejects.toThrow('Not a song id.');
  });

  it('copies a session as a stream, and refuses one larger than the cap without reading it', async () => {
    const dataDir = tempDir();
    const session = path.join(tempDir(), 'Mix.ptx');
    // Sparse: 600 MB on paper, past the 512 MB a version may have.
    fs.writeFileSync(session, '');
    fs.truncateSync(session, 600 * 1024 * 1024);
    expect(await snapshotSession(dataDir, SONG, session)).toBeNull();
    expect(await snapshotBytes(dataDir)).toBe(0);
    // Under a cap of 1 MB, a 3 MB session is refused too; one within it is copied whole, its name the hash of its bytes.
    const random = randomBytes(3 * 1024 * 1024);
    fs.writeFileSync(session, random);
    expect(await snapshotSession(dataDir, SONG, session, undefined, 1024 * 1024)).toBeNull();
    const kept = (await snapshotSession(dataDir, SONG, session))!;
    expect(path.basename(kept)).toBe(`${createHash('sha256').update(random).digest('hex')}.ptx.gz`);
    expect(zlib.gunzipSync(fs.readFileSync(kept)).equals(random)).toBe(true);
    expect(fs.readdirSync(path.dirname(kept))).toEqual([path.basename(kept)]);
  });
});

describe('library:set-snapshot-budget', () => {
  const cores: TestCore[] = [];
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((core) => core.close()));
  });

  async function startedCore(dataDir: string): Promise<TestCore> {
    const core = createTestCore(dataDir, { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(core);
    await core.start();
    return core;
  }

  it('starts at 50 versions or 200 MB, keeps the user’s budget, and thins every song’s snapshots to it at once', async () => {
    const dataDir = tempDir();
    const core = await startedCore(dataDir);
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200, totalMegabytes: 5120 });
    const set = path.join(tempDir(), 'Song.als');
    for (let save = 0; save < 4; save += 1) {
      writeAls(set, { tempo: 100 + save });
      fs.utimesSync(set, 1_700_000_000 + save * 60, 1_700_000_000 + save * 60);
      await snapshotSession(dataDir, SONG, set);
    }

    expect(await call(core, 'library:set-snapshot-budget', { count: 2, megabytes: 50, totalMegabytes: 5120 })).toEqual({ count: 2, megabytes: 50, totalMegabytes: 5120 });
    const kept = (await snapshotVersions(dataDir, SONG, set)).map((version) => version.time).sort();
    expect(kept).toEqual([2, 3].map((save) => (1_700_000_000 + save * 60) * 1000));
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 2, megabytes: 50, totalMegabytes: 5120 });
  });

  it.each([
    ['no versions at all', { count: 0, megabytes: 200, totalMegabytes: 5120 }],
    ['too little room', { count: 50, megabytes: 5, totalMegabytes: 5120 }],
    ['too little room for the library', { count: 50, megabytes: 200, totalMegabytes: 5 }],
    ['no total for the library', { count: 50, megabytes: 200 }],
    ['a fraction', { count: 2.5, megabytes: 200, totalMegabytes: 5120 }],
    ['a string', { count: '50', megabytes: 200, totalMegabytes: 5120 }],
    ['another key', { count: 50, megabytes: 200, totalMegabytes: 5120, path: '/' }],
  ])('refuses %s and keeps the budget', async (_case, input) => {
    const core = await startedCore(tempDir());
    const result = await core.router.dispatch('library:set-snapshot-budget', input);
    expect(result.ok).toBe(false);
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200, totalMegabytes: 5120 });
  });

  it('falls back to the default when the stored budget is not one (a damaged or older library)', async () => {
    const core = await startedCore(tempDir());
    setKv(core.db, 'snapshot-budget', { count: -4, megabytes: 'lots' });
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200, totalMegabytes: 5120 });
  });

  it('keeps the per-song budget stored before the library had a total, with the default total', async () => {
    const core = await startedCore(tempDir());
    setKv(core.db, 'snapshot-budget', { count: 20, megabytes: 100 });
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 20, megabytes: 100, totalMegabytes: 5120 });
  });

  it('says how many snapshots and bytes a lower budget would remove, and removes nothing until it is saved', async () => {
    const dataDir = tempDir();
    const core = await startedCore(dataDir);
    const set = path.join(tempDir(), 'Song.als');
    const sizes: number[] = [];
    for (let save = 0; save < 4; save += 1) {
      writeAls(set, { tempo: 100 + save });
      fs.utimesSync(set, 1_700_000_000 + save * 60, 1_700_000_000 + save * 60);
      sizes.push(fs.statSync((await snapshotSession(dataDir, SONG, set))!).size);
    }
    const lower = { count: 2, megabytes: 200, totalMegabytes: 5120 };
    expect(await call(core, 'library:preview-snapshot-budget', lower)).toEqual({ snapshots: 2, bytes: sizes[0]! + sizes[1]! });
    expect(await call(core, 'library:preview-snapshot-budget', { ...lower, count: 50 })).toEqual({ snapshots: 0, bytes: 0 });
    expect(await snapshotVersions(dataDir, SONG, set)).toHaveLength(4);
    expect(await call(core, 'library:snapshot-usage')).toEqual({ bytes: sizes.reduce((a, b) => a + b), snapshots: 4, songs: 1, pausedForSpace: false });
    await call(core, 'library:set-snapshot-budget', lower);
    expect(await call(core, 'library:snapshot-usage')).toMatchObject({ bytes: sizes[2]! + sizes[3]!, snapshots: 2 });
  });
});
