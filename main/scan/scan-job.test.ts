// A scan walks a watched folder only as it really is now held to the folder rule: one later swapped for a link to the
// home folder would otherwise make songs of the user's home audio and call the folder's own songs missing. A real
// core on real temp folders and links; the home folder is a temp folder, given as HOME.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSummary } from '../../common/bridge/jobs';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { writeWav } from '../../fixtures/generators/wav';
import { createTestCore, type TestCore } from '../test-support';

let home: string;
let core: TestCore;

beforeEach(() => {
  home = tempDir('songshelf-home-');
  // os.homedir() reads HOME (USERPROFILE on Windows): the rule's home is this test's, with a project and a memo in it.
  vi.stubEnv('HOME', home);
  vi.stubEnv('USERPROFILE', home);
  writeAls(projectFile(home, 'Diary'), { tempo: 90 });
  writeWav(path.join(home, 'voice memo.wav'));
  // A retry a minute later at the earliest: the test sees the first attempt alone.
  core = createTestCore(undefined, { jobs: { backoff: { baseMs: 60_000 } } });
});

afterEach(async () => {
  await core.close();
  vi.unstubAllEnvs();
});

/** `<folder>/<name> Project/<name>.als`, its folders made. */
function projectFile(folder: string, name: string): string {
  const project = path.join(folder, `${name} Project`);
  fs.mkdirSync(project, { recursive: true });
  return path.join(project, `${name}.als`);
}

/** The first scan job the runner tells of as done, or as having failed an attempt. */
function scanSettled(): Promise<JobSummary> {
  return new Promise((resolve) => {
    const stop = core.events.on('jobs:changed', ({ jobs }) => {
      const scan = jobs.find((job) => job.kind === 'scan' && (job.state === 'succeeded' || job.lastError !== null));
      if (!scan) return;
      stop();
      resolve(scan);
    });
  });
}

describe('a watched folder later replaced by a link', () => {
  it('to the home folder is refused by the scan, which fails saying why, makes no song and marks none missing', async () => {
    const music = path.join(tempDir('songshelf-music-'), 'Music');
    writeAls(projectFile(music, 'Song'), { tempo: 120 });
    await core.start();
    const { directory } = await core.library.watchDirectory(music);
    await core.runner.whenIdle();
    const before = getSongs(core.db);
    expect(before.map((song) => song.name)).toEqual(['Song']);

    fs.rmSync(music, { recursive: true });
    fs.symlinkSync(home, music, 'junction');
    const settled = scanSettled();
    core.library.requestScan(directory.id);
    const scan = await settled;

    expect(scan.state).not.toBe('succeeded');
    expect(scan.lastError).toBe(`${music}: Songshelf cannot watch your whole home folder (${fs.realpathSync(home)}). Choose the folder that holds your projects, such as Music.`);
    const after = getSongs(core.db);
    expect(after.map((song) => song.id)).toEqual(before.map((song) => song.id));
    expect(after.filter((song) => song.meta.projectMissing === true)).toEqual([]);
  });
});
