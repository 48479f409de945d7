import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { setKv } from '../../db/repositories/account';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { call, createTestCore, type TestCore } from '../test-support';
import { readableSnapshot, removeSnapshotsOfGoneSongs, snapshotBytes, snapshotSession, snapshotVersions } from './snapshots';

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

  it('forgets the snapshots of a song gone for good, and keeps those of songs still here', async () => {
    const dataDir = tempDir();
    const set = path.join(tempDir(), 'Song.als');
    writeAls(set, {});
    const other = '01a20d87-265f-73c1-bba7-d5b791c71526';
    await snapshotSession(dataDir, SONG, set);
    await snapshotSession(dataDir, other, set);
    expect(await removeSnapshotsOfGoneSongs(dataDir, (id) => id === SONG)).toBe(1);
    expect(await snapshotVersions(dataDir, SONG, set)).toHaveLength(1);
    expect(await snapshotVersions(dataDir, other, set)).toHaveLength(0);
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
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200 });
    const set = path.join(tempDir(), 'Song.als');
    for (let save = 0; save < 4; save += 1) {
      writeAls(set, { tempo: 100 + save });
      fs.utimesSync(set, 1_700_000_000 + save * 60, 1_700_000_000 + save * 60);
      await snapshotSession(dataDir, SONG, set);
    }

    expect(await call(core, 'library:set-snapshot-budget', { count: 2, megabytes: 50 })).toEqual({ count: 2, megabytes: 50 });
    const kept = (await snapshotVersions(dataDir, SONG, set)).map((version) => version.time).sort();
    expect(kept).toEqual([2, 3].map((save) => (1_700_000_000 + save * 60) * 1000));
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 2, megabytes: 50 });
  });

  it.each([
    ['no versions at all', { count: 0, megabytes: 200 }],
    ['too little room', { count: 50, megabytes: 5 }],
    ['a fraction', { count: 2.5, megabytes: 200 }],
    ['a string', { count: '50', megabytes: 200 }],
    ['another key', { count: 50, megabytes: 200, path: '/' }],
  ])('refuses %s and keeps the budget', async (_case, input) => {
    const core = await startedCore(tempDir());
    const result = await core.router.dispatch('library:set-snapshot-budget', input);
    expect(result.ok).toBe(false);
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200 });
  });

  it('falls back to the default when the stored budget is not one (a damaged or older library)', async () => {
    const core = await startedCore(tempDir());
    setKv(core.db, 'snapshot-budget', { count: -4, megabytes: 'lots' });
    expect(await call(core, 'library:snapshot-budget')).toEqual({ count: 50, megabytes: 200 });
  });
});
