// A project folder of more files than a JavaScript call may take as arguments (a field recordist's takes, 125,000 of
// them beside one session): the first scan plans it as one part, which it once appended with push(...), and failed
// with "Maximum call stack size exceeded" on every attempt, leaving the folder without its song. A real core on a
// real temp folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../common/bridge/jobs';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { createTestCore, type TestCore } from '../test-support';

const TAKES = 125_000;

let core: TestCore | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
});

describe('a first scan of a very large project folder', () => {
  it('makes its song and indexes every file', async () => {
    const music = tempDir('songshelf-large-');
    const project = path.join(music, 'Field Project');
    fs.mkdirSync(path.join(project, 'Takes'), { recursive: true });
    writeAls(path.join(project, 'Field.als'), { tempo: 100 });
    for (let take = 0; take < TAKES; take += 1) fs.writeFileSync(path.join(project, 'Takes', `take ${take}.wav`), '');

    // A retry a minute later at the earliest: the test sees the first attempt alone.
    core = createTestCore(undefined, { jobs: { backoff: { baseMs: 60_000 } } });
    const started = core;
    const settled = new Promise<JobSummary>((resolve) => {
      const stop = started.events.on('jobs:changed', ({ jobs }) => {
        const scan = jobs.find((job) => job.kind === 'scan' && (job.state === 'succeeded' || job.lastError !== null));
        if (!scan) return;
        stop();
        resolve(scan);
      });
    });
    await core.start();
    await core.library.watchDirectory(music);
    const scan = await settled;

    expect({ state: scan.state, lastError: scan.lastError }).toEqual({ state: 'succeeded', lastError: null });
    expect(getSongs(core.db).map((song) => song.name)).toEqual(['Field']);
    expect(core.db.sqlite.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: TAKES + 1 });
  }, 120_000);
});
