// A project's lists as a song keeps them: a set that names more tracks, samples and plug-ins than a song keeps is
// read by a real scan (the real worker reading a generated Live set), and every list of its `meta` is cut to its cap,
// with the full length kept beside it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAls, type AlsTrack } from '../../fixtures/generators/als';
import { MAX_META_PLUGINS, MAX_META_SAMPLES, MAX_META_TRACKS } from '../../common/projects/project-meta';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe('the lists a song keeps from its project', () => {
  it('are cut to their caps when the project names more, with how many it named', async () => {
    const root = tempDir('songshelf-library-');
    const folder = path.join(root, 'Huge Project');
    fs.mkdirSync(folder);
    const plugins = Array.from({ length: MAX_META_PLUGINS + 5 }, (_, index) => `Plug ${index}`);
    const tracks: AlsTrack[] = Array.from({ length: MAX_META_TRACKS + 3 }, (_, index) => ({ kind: 'audio', name: `Track ${index}`, ...(index === 0 ? { plugins } : {}) }));
    // None of them on disk: every sample is a missing one too.
    const samples = Array.from({ length: MAX_META_SAMPLES + 7 }, (_, index) => `Samples/Recorded/Take ${index}.wav`);
    writeAls(path.join(folder, 'Huge.als'), { tracks, samples, clipsPerTrack: 0 });

    const core = createTestCore();
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(root);
    await core.runner.whenIdle();

    const [song] = getSongs(core.db);
    const meta = song!.meta;
    expect(meta).toMatchObject({ daw: 'ableton', trackCount: MAX_META_TRACKS + 3 });
    expect(meta.tracks).toHaveLength(MAX_META_TRACKS);
    expect(meta.samples).toHaveLength(MAX_META_SAMPLES);
    expect(meta.missingSamples).toHaveLength(MAX_META_SAMPLES);
    expect(meta.plugins).toHaveLength(MAX_META_PLUGINS);
    // Only the first MAX_META_SAMPLES samples are looked up on disk (workers/readers/sample-paths.ts): those past it are
    // listed in the total, never called missing unlooked.
    expect(meta.listTotals).toEqual({ tracks: MAX_META_TRACKS + 3, samples: MAX_META_SAMPLES + 7, plugins: MAX_META_PLUGINS + 5 });
  });
});
