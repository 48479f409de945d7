import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_META_SAMPLES } from '../../common/projects/project-meta';
import { resolveSamples, statedPath, type SampleRef } from './sample-paths';

const refs = (files: string[][]): SampleRef[] => files.map((candidates) => ({ candidates }));

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-samples-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('resolveSamples', () => {
  it('reports the first candidate that exists, else the first, once per file', async () => {
    const found = path.join(workDir, 'Media', 'vox.wav');
    await fs.mkdir(path.dirname(found), { recursive: true });
    await fs.writeFile(found, 'RIFF');
    const lost = path.join(workDir, 'lost.wav');
    expect(resolveSamples(refs([['/nowhere/vox.wav', found], [found], [lost], [lost]]))).toEqual({ samples: [found, lost], missingSamples: [lost] });
  });

  it('never looks up a network path, a path from another system or a folder', () => {
    const files = [['//server/share/a.wav'], ['\\\\server\\share\\b.wav'], ['C:/Users/me/c.wav'], [workDir]];
    expect(resolveSamples(refs(files))).toEqual({ samples: files.map(([file]) => file), missingSamples: files.map(([file]) => file) });
  });

  it('looks up only as many files as a song keeps, and lists the rest as written without calling them missing', () => {
    const files = Array.from({ length: MAX_META_SAMPLES + 2 }, (_, index) => [path.join(workDir, `s${index}.wav`)]);
    const { samples, missingSamples } = resolveSamples(refs(files));
    expect(samples).toHaveLength(MAX_META_SAMPLES + 2);
    expect(missingSamples).toHaveLength(MAX_META_SAMPLES);
  });
});

describe('resolveSamples on what a reader says', () => {
  it('lists a sample by what it is shown as when none of its candidates exists', () => {
    const lost = path.join(workDir, 'lost.wav');
    expect(resolveSamples([{ candidates: [lost], shown: 'Samples/lost.wav' }])).toEqual({ samples: ['Samples/lost.wav'], missingSamples: ['Samples/lost.wav'] });
  });

  it('never looks up nor calls missing a place only the DAW knows', () => {
    const factory = '%FLStudioFactoryData%\\Kick.wav';
    expect(resolveSamples([{ candidates: [], shown: factory, dawFolder: true }])).toEqual({ samples: [factory], missingSamples: [] });
  });

  it('looks up nothing when the read is already cancelled', () => {
    const controller = new AbortController();
    controller.abort();
    expect(() => resolveSamples(refs([[path.join(workDir, 'a.wav')]]), controller.signal)).toThrow(/aborted/);
  });
});

describe('statedPath', () => {
  it('resolves a relative path under home, either slash, normalizes an absolute one, and keeps foreign and network paths as written', () => {
    expect(statedPath('/songs/Night', 'Samples/kick.wav')).toBe(path.resolve('/songs/Night', 'Samples', 'kick.wav'));
    expect(statedPath('/songs/Night', 'Samples\\kick.wav')).toBe(path.resolve('/songs/Night', 'Samples', 'kick.wav'));
    expect(statedPath('/songs/Night', '/abs/kick.wav')).toBe('/abs/kick.wav');
    expect(statedPath('/songs/Night', 'D:\\kick.wav')).toBe('D:\\kick.wav');
    expect(statedPath('/songs/Night', '//server/share/kick.wav')).toBe('//server/share/kick.wav');
    expect(statedPath('/songs/Night', '/abs/../abs/kick.wav')).toBe(path.normalize('/abs/kick.wav'));
    expect(statedPath('/songs/Night', 'C:kick.wav')).toBe('C:kick.wav');
    expect(statedPath('/songs/Night', '\\Samples\\kick.wav')).toBe('\\Samples\\kick.wav');
  });
});
