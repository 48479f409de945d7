import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CREDIT_CHARS, MAX_META_SAMPLES, MAX_META_TRACKS } from '../../../common/projects/project-meta';
import { writeFlStudioProject, type FlChannel, type FlStudioProjectOptions } from '../../synthetic/flstudio';
import { readFlStudio, readFlStudioFacts } from './read-flstudio';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-flstudio-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function projectWith(options: FlStudioProjectOptions, name = 'Song.flp'): Promise<string> {
  const filePath = path.join(workDir, 'Song', name);
  await writeFlStudioProject(filePath, options);
  return filePath;
}

const read = async (options: FlStudioProjectOptions) => readFlStudio(await projectWith(options));

describe('readFlStudio on a generated project', () => {
  it('reads every field of the default project', async () => {
    const meta = await read({});
    expect(meta).toEqual({
      daw: 'flstudio',
      dawVersion: 'FL Studio 20.0.5.91',
      tempo: 128,
      tempoAutomated: true,
      timeSignature: '4/4',
      key: null,
      sampleRate: null,
      trackCount: 4,
      tracks: ['Kick', 'Lead', 'Pad', 'Bass'],
      plugins: [
        { name: 'Vital', format: 'VST3', instances: 1 },
        { name: 'Synth1', format: 'VST2', instances: 1 },
        { name: 'Surge XT Effects', format: 'CLAP', instances: 1 },
      ],
      samples: ['%FLStudioFactoryData%/Data/Patches/Packs/Drums/Kicks/Kick.wav'],
      missingSamples: [],
    });
  });

  it.each([
    { version: '20.0.5.91', build: 91, expected: 'FL Studio 20.0.5.91' },
    { version: '20.0.5', build: 91, expected: 'FL Studio 20.0.5.91' },
    { version: '21.2.3.4004', build: 4010, expected: 'FL Studio 21.2.3.4004 (build 4010)' },
    { version: '12.5.1.165', build: null, expected: 'FL Studio 12.5.1.165' },
  ])('states the version $version with build $build as "$expected"', async ({ version, build, expected }) => {
    expect((await read({ version, build })).dawVersion).toBe(expected);
  });

  it.each([
    { options: { tempo: 156.188 }, expected: 156.188 },
    { options: { tempo: 93.5, legacyTempo: true, version: '9.0.3' }, expected: 93.5 },
    { options: { tempo: 5 }, expected: null },
    { options: { tempo: 4_000_000 }, expected: null },
  ])('reads the tempo of $options as $expected', async ({ options, expected }) => {
    expect((await read(options)).tempo).toBe(expected);
  });

  it.each([
    { timeSignature: [3, 4] as const, expected: '3/4' },
    { timeSignature: [6, 8] as const, expected: '6/8' },
    { timeSignature: [5, 3] as const, expected: null },
    { timeSignature: [0, 4] as const, expected: null },
    { timeSignature: null, expected: null },
  ])('reads the signature $timeSignature as $expected', async ({ timeSignature, expected }) => {
    expect((await read({ timeSignature })).timeSignature).toBe(expected);
  });

  describe('tempo automation', () => {
    const tempoClip = (clip: Partial<FlChannel>): FlChannel[] => [{ name: 'Kick', kind: 'sampler' }, { name: 'Tempo', kind: 'automation', ...clip }];

    it.each([
      { clip: {}, version: '20.0.5.91', expected: true, why: 'a tempo clip on the playlist' },
      { clip: {}, version: '24.1.1.4239', expected: true, why: 'the same in FL 21+ 60-byte playlist items' },
      { clip: { placed: false }, version: '20.0.5.91', expected: false, why: 'a tempo clip only in the rack' },
      { clip: { muted: true }, version: '20.0.5.91', expected: false, why: 'a muted tempo clip' },
      { clip: { target: 'master-volume' as const }, version: '20.0.5.91', expected: false, why: 'a placed clip on the master volume' },
    ])('is $expected for $why', async ({ clip, version, expected }) => {
      const meta = await read({ version, channels: tempoClip(clip) });
      expect(meta.tempoAutomated).toBe(expected);
      expect(meta.tracks).toEqual(['Kick']);
    });
  });

  describe('tracks', () => {
    it('counts every channel but automation clips, with names as the rack shows them', async () => {
      const meta = await read({
        channels: [
          { name: 'Kick ü 808', kind: 'sampler' },
          { name: 'Vocal Take 🎤', kind: 'audio', samplePath: '/nowhere/take.wav' },
          { name: 'Layer', kind: 'layer' },
          { name: 'Tempo', kind: 'automation' },
          { name: '', kind: 'audio', samplePath: 'C:\\Loops\\Break 01.wav' },
          { name: '', kind: 'generator', native: 'FLEX' },
        ],
      });
      expect(meta.tracks).toEqual(['Kick ü 808', 'Vocal Take 🎤', 'Layer', 'Break 01', 'FLEX']);
      expect(meta.trackCount).toBe(5);
    });

    it('reads the one-byte texts of projects before FL 11.5', async () => {
      const meta = await read({ version: '10.0.9', channels: [{ name: 'Kick', kind: 'sampler' }, { name: 'Bass', kind: 'generator', native: '3x Osc' }] });
      expect(meta.tracks).toEqual(['Kick', 'Bass']);
    });

    it('never takes a mixer slot label for a channel name', async () => {
      const meta = await read({ channels: [{ name: 'Kick', kind: 'sampler' }], mixerSlots: [{ hosted: { name: 'OTT', path: 'C:\\VST\\OTT_x64.dll' } }] });
      expect(meta.tracks).toEqual(['Kick']);
    });

    it('keeps the first MAX_META_TRACKS names and counts them all', async () => {
      const channels = Array.from({ length: MAX_META_TRACKS + 5 }, (_, index): FlChannel => ({ name: `Ch ${index}`, kind: 'sampler' }));
      const meta = await read({ channels, inserts: 0 });
      expect(meta.trackCount).toBe(MAX_META_TRACKS + 5);
      expect(meta.tracks).toHaveLength(MAX_META_TRACKS);
      expect(meta.tracks.at(-1)).toBe(`Ch ${MAX_META_TRACKS - 1}`);
    });
  });

  describe('plug-ins', () => {
    it('lists hosted plug-ins by their own name and format, counting instances, never FL’s own', async () => {
      const meta = await read({
        channels: [
          { name: 'my lead', kind: 'generator', hosted: { name: 'Serum', path: 'C:\\VSTPlugins\\Serum_x64.dll' } },
          { name: 'lead 2', kind: 'generator', hosted: { name: 'Serum', path: 'C:\\VSTPlugins\\Serum_x64.dll' } },
          { name: 'Keys', kind: 'generator', hosted: { name: 'Pianoteq 8', path: '/Library/Audio/Plug-Ins/VST/Pianoteq 8.vst' } },
          { name: 'Pad', kind: 'generator', hosted: { name: 'Diva', path: 'C:\\Program Files\\Common Files\\VST3\\Diva.vst3\\Contents\\x86_64-win\\Diva.vst3' } },
          { name: 'Bass', kind: 'generator', native: 'FLEX' },
          { name: 'Osc', kind: 'generator', native: '3x Osc' },
        ],
        mixerSlots: [{ native: 'Fruity Limiter' }, { hosted: { name: 'Pro-Q 3', path: 'C:\\Program Files\\Common Files\\VST3\\FabFilter Pro-Q 3.vst3' } }],
      });
      expect(meta.plugins).toEqual([
        { name: 'Serum', format: 'VST2', instances: 2 },
        { name: 'Pianoteq 8', format: 'VST2', instances: 1 },
        { name: 'Diva', format: 'VST3', instances: 1 },
        { name: 'Pro-Q 3', format: 'VST3', instances: 1 },
      ]);
    });

    it('takes the format from the plug-in id without a path, and the name from the path without a name record', async () => {
      const meta = await read({
        channels: [
          { name: 'A', kind: 'generator', hosted: { name: 'No Path Synth' } },
          { name: 'B', kind: 'generator', hosted: { name: '', path: '/Library/Audio/Plug-Ins/CLAP/Surge XT.clap' } },
        ],
        mixerSlots: [],
      });
      expect(meta.plugins).toEqual([
        { name: 'No Path Synth', format: 'VST2', instances: 1 },
        { name: 'Surge XT', format: 'CLAP', instances: 1 },
      ]);
    });

    it('lists none for a project of FL’s own plug-ins', async () => {
      const meta = await read({ channels: [{ name: 'Bass', kind: 'generator', native: 'FLEX' }], mixerSlots: [{ native: 'Fruity Limiter' }, { native: 'Fruity Compressor' }] });
      expect(meta.plugins).toEqual([]);
    });
  });

  describe('samples', () => {
    it('finds samples at their path, then beside the project, and keeps FL’s own folders as written', async () => {
      const elsewhere = path.join(workDir, 'Library', 'snare.wav');
      await fs.mkdir(path.dirname(elsewhere), { recursive: true });
      await fs.writeFile(elsewhere, 'RIFF');
      await fs.mkdir(path.join(workDir, 'Song'), { recursive: true });
      await fs.writeFile(path.join(workDir, 'Song', 'moved.wav'), 'RIFF');
      const gone = path.join(workDir, 'Gone', 'hat.wav');
      const meta = await read({
        channels: [
          { name: 'Snare', kind: 'sampler', samplePath: elsewhere },
          { name: 'Moved', kind: 'audio', samplePath: 'D:\\Old Drive\\Samples\\moved.wav' },
          { name: 'Hat', kind: 'sampler', samplePath: gone },
          { name: 'Factory', kind: 'sampler', samplePath: '%FLStudioFactoryData%\\Data\\Patches\\Kick.wav' },
          { name: 'User', kind: 'sampler', samplePath: '%FLStudioUserData%\\Projects\\loop.wav' },
          { name: 'Snare 2', kind: 'sampler', samplePath: elsewhere },
        ],
      });
      expect(meta.samples).toEqual([elsewhere, path.join(workDir, 'Song', 'moved.wav'), gone, '%FLStudioFactoryData%\\Data\\Patches\\Kick.wav', '%FLStudioUserData%\\Projects\\loop.wav']);
      expect(meta.missingSamples).toEqual([gone]);
    });

    it('never looks up a network path, even one this system would read as local', async () => {
      // `//tmp/…` is a local path on Linux and macOS but a server on Windows: a lookup would find this file.
      const local = path.join(workDir, 'share', 'a.wav');
      await fs.mkdir(path.dirname(local), { recursive: true });
      await fs.writeFile(local, 'RIFF');
      const network = `/${local}`;
      const unc = '\\\\studio-nas\\samples\\b.wav';
      const meta = await read({ channels: [{ name: 'A', kind: 'audio', samplePath: network }, { name: 'B', kind: 'audio', samplePath: unc }] });
      expect(meta.samples).toEqual([network, unc]);
      expect(meta.missingSamples).toEqual([network, unc]);
    });

    it('counts relative paths from `home` when given one', async () => {
      const home = path.join(workDir, 'Original');
      await fs.mkdir(path.join(home, 'Audio'), { recursive: true });
      await fs.writeFile(path.join(home, 'Audio', 'vox.wav'), 'RIFF');
      const filePath = await projectWith({ channels: [{ name: 'Vox', kind: 'audio', samplePath: 'Audio\\vox.wav' }] });
      const meta = await readFlStudio(filePath, home);
      expect(meta.samples).toEqual([path.join(home, 'Audio', 'vox.wav')]);
      expect(meta.missingSamples).toEqual([]);
    });

    it('looks up only the samples a song keeps, and says how many more there were', async () => {
      const channels = Array.from({ length: MAX_META_SAMPLES + 3 }, (_, index): FlChannel => ({ name: '', kind: 'audio', samplePath: `%FLStudioUserData%\\s${index}.wav`, placed: false }));
      const meta = await read({ channels, inserts: 0 });
      expect(meta.samples).toHaveLength(MAX_META_SAMPLES);
      expect(meta.listTotals).toEqual({ samples: MAX_META_SAMPLES + 3 });
    });
  });

  describe('song info (title 194, genre 206, artists 207)', () => {
    it('keeps what FL stores as the project’s credits', async () => {
      expect((await read({ title: 'Night Drive', artists: 'Ana & Bo', genre: 'Synthwave' })).credits).toEqual({ title: 'Night Drive', artist: 'Ana & Bo', genre: 'Synthwave' });
    });

    it('leaves out the texts FL stores empty, and the credits when all are', async () => {
      expect((await read({ artists: '  ', genre: 'Trap' })).credits).toEqual({ genre: 'Trap' });
      expect(await read({})).not.toHaveProperty('credits');
    });

    it('reads the one-byte texts FL wrote before 11.5', async () => {
      expect((await read({ version: '9.0.3', title: 'Old Beat', artists: 'DJ Ö' })).credits).toEqual({ title: 'Old Beat', artist: 'DJ Ö' });
    });

    it('cuts a title longer than a song keeps to MAX_CREDIT_CHARS', async () => {
      const meta = await read({ title: 'x'.repeat(30_000), artists: `a${'😀'.repeat(150)}` });
      expect(meta.credits?.title).toBe('x'.repeat(MAX_CREDIT_CHARS));
      // Never half a character: the 200th UTF-16 unit is the first half of an emoji, so it goes with its other half.
      expect(meta.credits?.artist).toBe(`a${'😀'.repeat(MAX_CREDIT_CHARS / 2 - 1)}`);
    });

    it('states the texts as FL wrote them in its facts, before the cap', async () => {
      const facts = await readFlStudioFacts(await projectWith({ title: 'Night Drive', artists: 'Ana & Bo', genre: 'Synthwave' }));
      expect(facts).toMatchObject({ title: 'Night Drive', artists: 'Ana & Bo', genre: 'Synthwave' });
      const empty = await readFlStudioFacts(await projectWith({}, 'Empty.flp'));
      expect(empty).toMatchObject({ title: null, artists: null, genre: null });
    });
  });
});
