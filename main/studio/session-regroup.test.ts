// Changing the session gap (issue 32) groups every song's saves again, from its project's files, resumably; a song
// whose project is not on this computer keeps its sessions, joined where a larger gap joins them.
import { afterEach, describe, expect, it } from 'vitest';
import type { Song } from '../../common/songs/song';
import { activityOf, storedActivity } from '../../common/studio/studio-time';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong, getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeAbletonHistory } from '../../fixtures/generators/project-versions';
import { call, createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

const at = (hour: number, minute = 0) => new Date(2026, 6, 4, hour, minute).getTime();
const state = (time: number) => ({ tempo: 120, tracks: ['Drums'], samples: [], time });

describe('the session gap, changed', () => {
  it('groups the saves again with the new gap, and on a restart goes on with what is left', async () => {
    const folder = tempDir('songshelf-gap-');
    // Saves 60 and 70 minutes apart: one session at 90 minutes, three at 45.
    const saves = [at(20), at(21), at(22, 10)];
    writeAbletonHistory(folder, 'Long Night', saves.map(state));
    const dataDir = tempDir();
    const core = createTestCore(dataDir, { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const scanned = () => getSongs(core.db).find((song) => song.name === 'Long Night')!;
    expect(activityOf(scanned().meta)).toMatchObject({ sessions: [[at(20), at(22, 10)]], gapMinutes: 90 });

    // Another computer's song (its project is not here): its kept sessions are all there is.
    const elsewhere: Song = { ...buildSong({ name: 'Elsewhere', source: 'directory', projectPath: '/Volumes/Other/Elsewhere Project' }, at(1), '00000000-0000-4000-8000-000000000e15'), recordingSession: { value: '/Volumes/Other/Elsewhere Project/Elsewhere.als', fileName: 'Elsewhere.als', sessionModifiedTime: at(1), isPackage: false }, meta: { activity: storedActivity([at(9), at(10), at(13)]) as never } };
    inTransaction(core.db, () => insertSongs(core.db, [elsewhere]));

    await call(core, 'studio:set-settings', { sessionGapMinutes: 45 });
    await core.sessions.poke();
    expect(activityOf(scanned().meta)).toMatchObject({ sessions: saves.map((time) => [time, time]), sessionCount: 3, hours: 0, gapMinutes: 45 });
    // A smaller gap cannot split sessions whose saves are not here: they stay.
    const other = () => activityOf(getSongs(core.db).find((song) => song.name === 'Elsewhere')!.meta);
    expect(other()).toMatchObject({ sessions: [[at(9), at(10)], [at(13), at(13)]], gapMinutes: 45 });

    await call(core, 'studio:set-settings', { sessionGapMinutes: 240 });
    await core.sessions.poke();
    expect(activityOf(scanned().meta)).toMatchObject({ sessions: [[at(20), at(22, 10)]], gapMinutes: 240 });
    // A larger gap joins them.
    expect(other()).toMatchObject({ sessions: [[at(9), at(13)]], hours: 4, gapMinutes: 240 });

    // Stopped before it began, the change waits for the next start.
    await call(core, 'studio:set-settings', { sessionGapMinutes: 30 });
    await core.close();
    const again = createTestCore(dataDir, { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
    cores.push(again);
    await again.start();
    await again.sessions.poke();
    expect(activityOf(getSongs(again.db).find((song) => song.name === 'Long Night')!.meta)).toMatchObject({ sessionCount: 3, gapMinutes: 30 });
    // Done, nothing is pending: the next start reads no song for it.
    expect(await again.sessions.poke()).toBe(0);
  });
});
