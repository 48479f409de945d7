// A project's timeline (issue 19): the versions each DAW keeps, read by the real readers in the worker pool, oldest
// first, with what changed; generated histories whose changes are known, and the real files in ../shared.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { FIRST_SAVE, writeAbletonHistory, writeLogicHistory, writeProToolsHistory, type SavedState } from '../../fixtures/generators/project-versions';
import { createWorkerPool, type WorkerPool } from '../jobs/pool';
import { TEST_WORKER_FILE } from '../test-support';
import { readProjectVersions } from './project-versions';
import { snapshotSession } from './snapshots';
import { liveBackupTime } from './version-files';
import { corpusTitle, hasSharedFixtures, SHARED_FIXTURES } from '../../fixtures/shared-fixtures';

const HOUR = 3_600_000;
const FIXTURES = SHARED_FIXTURES;

let pool: WorkerPool;
beforeAll(() => {
  pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
});
afterAll(() => pool.destroy());

/** Four saves: a tempo change, then a vocal track with its sample, then a save that moved nothing musical. */
const HISTORY: SavedState[] = [
  { tempo: 120, tracks: ['Drums', 'Bass'], samples: ['kick.wav'] },
  { tempo: 126, tracks: ['Drums', 'Bass'], samples: ['kick.wav'] },
  { tempo: 126, tracks: ['Drums', 'Bass', 'Vocals'], samples: ['kick.wav', 'vox.wav'] },
  { tempo: 126, tracks: ['Drums', 'Bass', 'Vocals'], samples: ['kick.wav', 'vox.wav'], seed: 7 },
];
const kinds = (changes: { kind: string }[]) => changes.map((change) => change.kind);

describe('readProjectVersions', () => {
  it('lists an Ableton set’s backups and itself, oldest first, with what each save changed', async () => {
    const samples = HISTORY.map((state) => ({ ...state, samples: state.samples.map((name) => `Samples/Imported/${name}`) }));
    const { project, saves } = writeAbletonHistory(tempDir(), 'Night Drive', samples);
    const { versions, errors } = await readProjectVersions(pool, project, 'ableton');

    expect(errors).toEqual([]);
    expect(versions.map((version) => [version.path, version.time, version.source])).toEqual(
      saves.map((save, i) => [save.path, save.time, i === saves.length - 1 ? 'save' : 'daw-backup']),
    );
    expect(versions[0]!.changes).toEqual([]);
    expect(versions[1]!.changes).toEqual([{ kind: 'tempo', detail: '120 BPM → 126 BPM' }]);
    expect(versions[2]!.changes).toEqual([
      { kind: 'tracks-added', detail: 'Vocals' },
      // The new audio track brings its two clips.
      { kind: 'clip-count', detail: '4 → 6 clips' },
      { kind: 'samples-added', detail: 'vox.wav' },
    ]);
    expect(kinds(versions[3]!.changes)).toEqual(['no-musical-change']);
    // A backup's samples count from the set's folder, as Live wrote them: the same samples, not new ones.
    expect(versions[0]!.meta?.samples).toEqual([path.join(path.dirname(project), 'Samples', 'Imported', 'kick.wav')]);
  });

  it('tells a Live track renamed by its id, devices and plug-ins added and removed, clips and the arrangement’s length', async () => {
    const states: SavedState[] = [
      { tempo: 120, tracks: ['Drums', 'Bass'], trackIds: [20, 21], plugins: ['Serum', 'OTT'], samples: ['Samples/kick.wav'] },
      { tempo: 120, tracks: ['Drums', 'Sub Bass'], trackIds: [20, 21], plugins: ['Serum', 'Pro-Q 3'], samples: ['Samples/kick.wav'], clipsPerTrack: 4 },
      { tempo: 120, tracks: ['Sub Bass', 'Drums'], trackIds: [21, 20], plugins: ['Serum', 'Pro-Q 3'], samples: ['Samples/kick.wav'], clipsPerTrack: 4 },
    ];
    const { project } = writeAbletonHistory(tempDir(), 'Renamed', states);
    const { versions, errors } = await readProjectVersions(pool, project, 'ableton');

    expect(errors).toEqual([]);
    expect(versions[0]!.meta).toMatchObject({ trackIds: ['20', '21'], clipCount: 4, arrangementBeats: 32 });
    expect(versions[0]!.meta?.devices).toEqual(expect.arrayContaining(['Serum', 'OTT', 'Simpler', 'Audio Effect Rack', 'Glue Compressor']));
    expect(versions[1]!.changes).toEqual([
      { kind: 'tracks-renamed', detail: 'Bass → Sub Bass' },
      { kind: 'devices-added', detail: 'Pro-Q 3' },
      { kind: 'devices-removed', detail: 'OTT' },
      { kind: 'clip-count', detail: '4 → 8 clips' },
      { kind: 'length', detail: '8 bars → 16 bars' },
    ]);
    // Reordered tracks keep their ids and names: nothing musical changed, though the plug-ins moved to another track.
    expect(versions[2]!.changes).toEqual([{ kind: 'no-musical-change', detail: 'no musical change' }]);
  });

  it('counts another set in the project folder as a Save As, and a backup equal to the set once', async () => {
    const { project, saves } = writeAbletonHistory(tempDir(), 'Song', HISTORY.slice(0, 2));
    const folder = path.dirname(project);
    // Live's newest backup is often the set as saved: same bytes, one version (the save).
    fs.copyFileSync(project, path.join(folder, 'Backup', 'Song [2024-03-01 213000].als'));
    const saveAs = path.join(folder, 'Song v2 (acoustic).als');
    writeAls(saveAs, { tempo: 90, tracks: 2 });
    fs.utimesSync(saveAs, (FIRST_SAVE + 3 * HOUR) / 1000, (FIRST_SAVE + 3 * HOUR) / 1000);

    const { versions } = await readProjectVersions(pool, project, 'ableton');
    expect(versions.map((version) => [path.basename(version.path), version.source])).toEqual([
      [path.basename(saves[0]!.path), 'daw-backup'],
      ['Song.als', 'save'],
      ['Song v2 (acoustic).als', 'save-as'],
    ]);
    expect(versions[2]!.changes[0]).toEqual({ kind: 'tempo', detail: '126 BPM → 90 BPM' });
  });

  it('lists a Pro Tools session’s Session File Backups with their tempo, tracks and audio files', async () => {
    const { project, saves } = await writeProToolsHistory(tempDir(), 'Mix Session', HISTORY.slice(0, 3));
    const { versions, errors } = await readProjectVersions(pool, project, 'protools');
    expect(errors).toEqual([]);
    expect(versions.map((version) => version.path)).toEqual(saves.map((save) => save.path));
    expect(versions.map((version) => version.source)).toEqual(['daw-backup', 'daw-backup', 'save']);
    expect(versions[1]!.changes).toEqual([{ kind: 'tempo', detail: '120 BPM → 126 BPM' }]);
    expect(kinds(versions[2]!.changes)).toEqual(['tracks-added', 'samples-added']);
    // Read from the session's folder: a backup's audio is the session's Audio Files/, not one beside the backup.
    expect(versions[0]!.meta?.samples).toEqual([path.join(path.dirname(project), 'Audio Files', 'kick.wav')]);
  });

  it('reads a Pro Tools snapshot (kept gzipped) in the pool, its worker unpacking it, as if beside its session', async () => {
    const { project, saves } = await writeProToolsHistory(tempDir(), 'Mix Session', HISTORY.slice(0, 2));
    const dataDir = tempDir();
    const songId = '01a20d87-265f-73c1-bba7-d5b791c71525';
    // The first save, as Songshelf kept it before Pro Tools rotated its backup away.
    const snapshot = (await snapshotSession(dataDir, songId, saves[0]!.path))!;
    fs.rmSync(saves[0]!.path);
    expect(snapshot.endsWith('.ptx.gz')).toBe(true);
    const { versions, errors } = await readProjectVersions(pool, project, 'protools', { snapshotsOf: { dataDir, songId } });
    expect(errors).toEqual([]);
    expect(versions.map((version) => [version.source, version.meta?.tempo])).toEqual([
      ['snapshot', 120],
      ['save', 126],
    ]);
    expect(versions[0]!.meta?.samples).toEqual([path.join(path.dirname(project), 'Audio Files', 'kick.wav')]);
  });

  it('lists a 1.5 GB file in Backup/ without hashing or reading it, and says why', async () => {
    const { project } = writeAbletonHistory(tempDir(), 'Huge', HISTORY.slice(0, 2));
    const huge = path.join(path.dirname(project), 'Backup', 'Huge [2024-03-01 203000].als');
    // Sparse: 1.5 GB on paper, nothing on the disk.
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 1.5 * 1024 * 1024 * 1024);
    // A snapshot of the save: every version is hashed to find copies of it, but not this one.
    const dataDir = tempDir();
    const songId = '01a20d87-265f-73c1-bba7-d5b791c71525';
    await snapshotSession(dataDir, songId, project);
    const { versions, errors } = await readProjectVersions(pool, project, 'ableton', { snapshotsOf: { dataDir, songId } });
    expect(versions.map((version) => path.basename(version.path))).toEqual(['Huge [2024-03-01 200000].als', 'Huge [2024-03-01 203000].als', 'Huge.als']);
    expect(versions[1]).toMatchObject({ meta: null, changes: [{ kind: 'unreadable', detail: 'Larger than 512 MB: listed, but not read or compared.' }] });
    expect(errors).toEqual([{ path: huge, reason: 'Larger than 512 MB: listed, but not read or compared.' }]);
    expect(versions[2]!.changes).toEqual([{ kind: 'tempo', detail: '120 BPM → 126 BPM' }]);
  });

  it('lists a Logic project’s Project File Backups slots and its alternative, by their times', async () => {
    const { project, saves } = await writeLogicHistory(tempDir(), 'Ballad', HISTORY.slice(0, 3));
    const { versions, errors } = await readProjectVersions(pool, project, 'logic');
    expect(errors).toEqual([]);
    expect(versions.map((version) => version.path)).toEqual(saves.map((save) => save.path));
    expect(versions.map((version) => version.source)).toEqual(['daw-backup', 'daw-backup', 'save']);
    expect(versions[1]!.changes).toEqual([{ kind: 'tempo', detail: '120 BPM → 126 BPM' }]);
    expect(versions[2]!.changes).toEqual([
      { kind: 'track-count', detail: '2 → 3 tracks' },
      { kind: 'samples-added', detail: 'vox.wav' },
    ]);
  });

  it('keeps a version that cannot be read on the timeline, saying why, and compares the next with the last readable one', async () => {
    const { project } = writeAbletonHistory(tempDir(), 'Broken', HISTORY.slice(0, 2));
    const broken = path.join(path.dirname(project), 'Backup', 'Broken [2024-03-01 203000].als');
    fs.writeFileSync(broken, 'not a set');
    const { versions, errors } = await readProjectVersions(pool, project, 'ableton');
    expect(versions.map((version) => path.basename(version.path))).toEqual(['Broken [2024-03-01 200000].als', 'Broken [2024-03-01 203000].als', 'Broken.als']);
    expect(versions[1]!.changes).toEqual([{ kind: 'unreadable', detail: 'not gzip (not an Ableton Live set)' }]);
    expect(versions[2]!.changes).toEqual([{ kind: 'tempo', detail: '120 BPM → 126 BPM' }]);
    expect(errors).toEqual([{ path: broken, reason: 'not gzip (not an Ableton Live set)' }]);
  });

  // Issue 43 (one song per song): `test_vocal_project.als` has another name than `test_project.als`, so it is a song of
  // its own and no longer one of this set's Save As versions; the backup names neither set and stays with the set
  // named after the folder.
  it.runIf(hasSharedFixtures)(corpusTitle('reads the real Live project’s backup, and its second set as a song of its own (shared fixtures)'), async () => {
    const folder = path.join(FIXTURES, 'ableton-project', 'test_project');
    const { versions, errors } = await readProjectVersions(pool, path.join(folder, 'test_project.als'), 'ableton');
    expect(errors).toEqual([]);
    const byName = new Map(versions.map((version) => [path.basename(version.path), version]));
    expect([...byName.keys()].sort()).toEqual(['helios [2021-08-10 232751].als', 'test_project.als']);
    expect(byName.get('helios [2021-08-10 232751].als')).toMatchObject({ source: 'daw-backup', time: new Date(2021, 7, 10, 23, 27, 51).getTime() });
    expect(byName.get('helios [2021-08-10 232751].als')?.meta).toMatchObject({ tempo: 160, trackCount: 15 });
    expect(byName.get('test_project.als')).toMatchObject({ source: 'save', meta: { tempo: 160, trackCount: 18 } });
    const vocal = await readProjectVersions(pool, path.join(folder, 'test_vocal_project.als'), 'ableton');
    expect(vocal.versions.map((version) => [path.basename(version.path), version.source, version.meta?.trackCount])).toEqual([['test_vocal_project.als', 'save', 4]]);
  });

  it.runIf(hasSharedFixtures)(corpusTitle('reads the real Logic project’s ten backup slots (shared fixtures)'), async () => {
    const project = path.join(FIXTURES, 'logicx', 'flying-nothing.logicx');
    const { versions, errors } = await readProjectVersions(pool, project, 'logic');
    expect(errors).toEqual([]);
    expect(versions.filter((version) => version.source === 'daw-backup')).toHaveLength(10);
    expect(versions.filter((version) => version.source === 'save')).toHaveLength(1);
    for (const version of versions) expect(version.meta).toMatchObject({ tempo: 75, key: 'C major', trackCount: 9, dawVersion: 'Logic Pro X 10.4.4' });
  });
});

describe('liveBackupTime', () => {
  it('reads the time Live puts in a backup’s name, and nothing from a name that is not a date', () => {
    expect(liveBackupTime('Song [2021-08-10 232751].als')).toBe(new Date(2021, 7, 10, 23, 27, 51).getTime());
    expect(liveBackupTime('Song [2021-02-31 120000].als')).toBeNull();
    expect(liveBackupTime('Song [2021-08-10 256000].als')).toBeNull();
    expect(liveBackupTime('Song v2.als')).toBeNull();
  });
});
