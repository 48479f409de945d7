// A song's panel asks for its timeline (issue 19): the versions of its project, its bounce placed among them, and
// nothing at all for a path outside the library's folders (a row from the cloud may name any path).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SongTimeline } from '../../common/projects/project-versions';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong, getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { FIRST_SAVE, writeAbletonHistory } from '../../fixtures/generators/project-versions';
import { writeSignalWav } from '../../fixtures/generators/wav';
import { call, createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('songs:versions', () => {
  it('gives a scanned song its project’s versions and its bounce, older than the last save', async () => {
    const folder = tempDir('songshelf-versions-');
    const { project } = writeAbletonHistory(folder, 'Night Drive', [
      { tempo: 120, tracks: ['Drums'], samples: [] },
      { tempo: 128, tracks: ['Drums', 'Bass'], samples: [] },
    ]);
    const bounce = path.join(path.dirname(project), 'Night Drive.wav');
    writeSignalWav(bounce, new Float32Array(4410), 44_100);
    // Rendered half an hour after the first save, before the last one.
    fs.utimesSync(bounce, (FIRST_SAVE + 1_800_000) / 1000, (FIRST_SAVE + 1_800_000) / 1000);
    const core = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const song = getSongs(core.db).find((candidate) => candidate.name === 'Night Drive')!;
    expect(song.recordingSession?.value).toBe(project);
    // The scan's project read keeps the summary the Versions column shows.
    expect(song.meta.versions).toEqual({ count: 2, lastChange: 'Tempo: 120 BPM → 128 BPM; Tracks added: Bass; Clips: 0 → 2 clips; Length: empty → 8 bars' });

    const timeline = await call<SongTimeline>(core, 'songs:versions', { id: song.id });
    expect(timeline.project).toBe(fs.realpathSync(project));
    expect(timeline.versions.map((version) => [version.source, version.meta?.tempo])).toEqual([
      ['daw-backup', 120],
      ['save', 128],
    ]);
    expect(timeline.versions[1]!.changes.map((change) => change.kind)).toEqual(['tempo', 'tracks-added', 'clip-count', 'length']);
    expect(timeline.bounce).toEqual({ path: fs.realpathSync(bounce), time: FIRST_SAVE + 1_800_000, olderThanLastSave: true });
  });

  it('reads nothing for a song whose project lies outside the watched folders', async () => {
    const elsewhere = tempDir('songshelf-elsewhere-');
    const { project } = writeAbletonHistory(elsewhere, 'Private', [{ tempo: 99, tracks: ['Secret'], samples: [] }]);
    const core = createTestCore(tempDir());
    cores.push(core);
    await core.start();
    // As a song pulled from the cloud could be stored: it names a session this computer never watched.
    const pulled = { ...buildSong({ name: 'Pulled' }, Date.now()), recordingSession: { value: project, fileName: 'Private.als', sessionModifiedTime: null, isPackage: false } };
    inTransaction(core.db, () => insertSongs(core.db, [pulled]));

    const timeline = await call<SongTimeline>(core, 'songs:versions', { id: pulled.id });
    expect(timeline).toEqual({ project: null, versions: [], errors: [{ path: project, reason: 'The project is not in a watched folder on this computer.' }], bounce: null });
  });

  it('answers a song that does not exist with not found', async () => {
    const core = createTestCore(tempDir());
    cores.push(core);
    await core.start();
    const result = await core.router.dispatch('songs:versions', { id: '01a20d87-265f-73c1-bba7-d5b791c71525' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found', message: 'That song no longer exists.' } });
  });

  it('opens a copy of a version beside the project, never over the original or an earlier copy, and only a version the project has', async () => {
    const folder = tempDir('songshelf-versions-');
    const { project, saves } = writeAbletonHistory(folder, 'Copy Me', [
      { tempo: 100, tracks: ['Drums'], samples: [] },
      { tempo: 110, tracks: ['Drums'], samples: [] },
    ]);
    const core = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const song = getSongs(core.db).find((candidate) => candidate.name === 'Copy Me')!;
    const original = fs.readFileSync(saves[0]!.path);
    const current = fs.readFileSync(project);

    const first = await call<{ copy: string }>(core, 'songs:open-version-copy', { id: song.id, path: saves[0]!.path });
    const second = await call<{ copy: string }>(core, 'songs:open-version-copy', { id: song.id, path: saves[0]!.path });
    expect(path.basename(first.copy)).toBe('Copy Me (version 2024-03-01 2000).als');
    expect(path.basename(second.copy)).toBe('Copy Me (version 2024-03-01 2000) 2.als');
    expect(path.dirname(first.copy)).toBe(path.dirname(project));
    expect(fs.readFileSync(first.copy)).toEqual(original);
    expect(fs.readFileSync(saves[0]!.path)).toEqual(original);
    expect(fs.readFileSync(project)).toEqual(current);
    expect(core.openedPaths).toEqual([first.copy, second.copy]);

    // A path the page makes up is not a version of this project, even inside the library.
    const stranger = path.join(path.dirname(project), 'Stranger.txt');
    fs.writeFileSync(stranger, 'not a version');
    const refused = await core.router.dispatch('songs:open-version-copy', { id: song.id, path: stranger });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_found', message: 'That version is no longer in the project.' } });
    expect(core.openedPaths).toHaveLength(2);
  });

  it('keeps a snapshot of each save it sees after the first read, so the history outlives the DAW’s own backups', async () => {
    const folder = tempDir('songshelf-versions-');
    const { project } = writeAbletonHistory(folder, 'Kept', [
      { tempo: 120, tracks: ['Drums'], samples: [] },
      { tempo: 128, tracks: ['Drums'], samples: [] },
    ]);
    const core = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(core);
    await core.start();
    const { directory } = await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const song = getSongs(core.db).find((candidate) => candidate.name === 'Kept')!;
    // The first read copies nothing: the DAW's own versions are there to read.
    expect(fs.existsSync(path.join(core.dataDir, 'snapshots'))).toBe(false);

    const saveAt = async (tempo: number, hour: number) => {
      writeAls(project, { tempo, tracks: 1 });
      fs.utimesSync(project, (FIRST_SAVE + hour * 3_600_000) / 1000, (FIRST_SAVE + hour * 3_600_000) / 1000);
      core.library.requestScan(directory.id);
      await core.runner.whenIdle();
    };
    await saveAt(130, 2);
    await saveAt(140, 3);
    // Live keeps a few backups and drops the oldest: here, all of them.
    fs.rmSync(path.join(path.dirname(project), 'Backup'), { recursive: true });

    const timeline = await call<SongTimeline>(core, 'songs:versions', { id: song.id });
    expect(timeline.versions.map((version) => [version.source, version.meta?.tempo])).toEqual([
      ['snapshot', 130],
      ['save', 140],
    ]);
    expect(timeline.versions[1]!.changes).toEqual([{ kind: 'tempo', detail: '130 BPM → 140 BPM' }]);
    // A snapshot opens as a copy beside the project, like any version.
    const { copy } = await call<{ copy: string }>(core, 'songs:open-version-copy', { id: song.id, path: timeline.versions[0]!.path });
    expect(path.dirname(copy)).toBe(path.dirname(fs.realpathSync(project)));
    expect(fs.readFileSync(copy)).toEqual(fs.readFileSync(timeline.versions[0]!.path));
    // Counted at the last scan, when Live's backup was still there: it, the snapshot of 130 and the save.
    expect(getSongs(core.db).find((candidate) => candidate.id === song.id)?.meta.versions).toEqual({ count: 3, lastChange: 'Tempo: 130 BPM → 140 BPM' });
  });
});
