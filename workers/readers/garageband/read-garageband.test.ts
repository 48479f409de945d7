// No GarageBand project is among the shared fixtures (fixtures/daw2 has none): these tests read packages written by
// workers/synthetic/garageband.ts to the layout FORMATS-MORE.md gives, and no corpus test holds the reader to a real one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_META_SAMPLES, UnreadableFileError } from '../../../common/projects/project-meta';
import { MAX_PLIST_BYTES } from '../logic/plist-file';
import { encodeBinaryPlist, encodeXmlPlist } from '../../synthetic/logicx';
import { writeGarageBand } from '../../synthetic/garageband';
import { readGarageBand } from './read-garageband';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-garageband-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

const metaDataOf = (packagePath: string) => path.join(packagePath, 'Alternatives', '000', 'MetaData.plist');

async function expectUnreadable(packagePath: string, reason: RegExp): Promise<void> {
  const failure = await readGarageBand(packagePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
  expect((failure as UnreadableFileError).path).toBe(packagePath);
}

describe.each(['xml', 'binary'] as const)('readGarageBand on a generated package with %s plists (no GarageBand fixture exists)', (plistFormat) => {
  it('reads the version, tempo, key, signature, sample rate, track count and audio files', async () => {
    const packagePath = path.join(workDir, 'Demo.band');
    await writeGarageBand(packagePath, {
      plistFormat,
      tempo: 96,
      key: { tonic: 'A', mode: 'minor' },
      timeSignature: [3, 4],
      sampleRate: 48_000,
      trackCount: 7,
      audioFiles: ['Guitar#01.wav'],
      missingAudioFiles: ['Lost.aif'],
    });
    const audioFolder = path.join(packagePath, 'Media', 'Audio Files');
    expect(await readGarageBand(packagePath)).toEqual({
      daw: 'garageband',
      dawVersion: 'GarageBand 10.4.11 (5961)',
      tempo: 96,
      tempoAutomated: false,
      timeSignature: '3/4',
      key: 'A minor',
      sampleRate: 48_000,
      trackCount: 7,
      tracks: [],
      samples: [path.join(audioFolder, 'Guitar#01.wav'), path.join(audioFolder, 'Lost.aif')],
      missingSamples: [path.join(audioFolder, 'Lost.aif')],
    });
  });

  it('reads a tempo stored as a real and spells the key as the app does', async () => {
    const packagePath = path.join(workDir, 'Real.band');
    await writeGarageBand(packagePath, { plistFormat, tempo: 118.5, key: { tonic: 'D#', mode: 'major' } });
    expect(await readGarageBand(packagePath)).toMatchObject({ tempo: 118.5, key: 'Eb major' });
  });

  it('reads the package, not GarageBand’s autosave inside it', async () => {
    const packagePath = path.join(workDir, 'Open.band');
    await writeGarageBand(packagePath, { plistFormat, autosave: true, tempo: 101 });
    expect((await readGarageBand(packagePath)).tempo).toBe(101);
  });
});

describe('readGarageBand on values it cannot trust', () => {
  it('reads the lowest-numbered alternative when 000 is absent', async () => {
    const packagePath = path.join(workDir, 'Alt.band');
    await writeGarageBand(packagePath, { alternative: '002', tempo: 140 });
    await writeGarageBand(packagePath, { alternative: '001', tempo: 90 });
    expect((await readGarageBand(packagePath)).tempo).toBe(90);
  });

  it('gives null for fields of the wrong type, an unknown mode and a version that is no text', async () => {
    const packagePath = path.join(workDir, 'Typed.band');
    await writeGarageBand(packagePath);
    const metaData = new Map<string, string | number>([
      ['BeatsPerMinute', 'fast'],
      ['SongKey', 'D'],
      ['SongGenderKey', 'dorian'],
      ['SongSignatureNumerator', 4],
      ['SongSignatureDenominator', 5],
      ['SampleRate', 3],
      ['NumberOfTracks', 2.5],
    ]);
    await fs.writeFile(metaDataOf(packagePath), encodeXmlPlist(metaData));
    await fs.writeFile(path.join(packagePath, 'Resources', 'ProjectInformation.plist'), encodeXmlPlist(new Map([['LastSavedFrom', 42]])));
    expect(await readGarageBand(packagePath)).toMatchObject({ dawVersion: null, tempo: null, key: null, timeSignature: null, sampleRate: null, trackCount: null, samples: [] });
  });

  it('gives no version for a LastSavedFrom holding control characters', async () => {
    const packagePath = path.join(workDir, 'Control.band');
    await writeGarageBand(packagePath, { plistFormat: 'binary', savedBy: 'GarageBand\u0000 10' });
    expect((await readGarageBand(packagePath)).dawVersion).toBeNull();
  });

  it('reports a network path as written and missing, without looking it up', async () => {
    const packagePath = path.join(workDir, 'Shared.band');
    await writeGarageBand(packagePath, { audioFiles: [] });
    const listed = ['\\\\server\\share\\Vox.wav', 'smb://server/share/Vox.wav'];
    await fs.writeFile(metaDataOf(packagePath), encodeBinaryPlist(new Map([['AudioFiles', listed]])));
    expect(await readGarageBand(packagePath)).toMatchObject({ samples: listed, missingSamples: listed });
  });

  it(`looks up at most ${MAX_META_SAMPLES} audio files and says how many were listed`, async () => {
    const packagePath = path.join(workDir, 'Many.band');
    await writeGarageBand(packagePath, { audioFiles: [] });
    const listed = Array.from({ length: MAX_META_SAMPLES + 10 }, (_, index) => `Audio Files/Take ${index}.wav`);
    await fs.writeFile(metaDataOf(packagePath), encodeBinaryPlist(new Map([['AudioFiles', listed]])));
    const meta = await readGarageBand(packagePath);
    expect(meta.samples).toHaveLength(MAX_META_SAMPLES);
    expect(meta.listTotals).toEqual({ samples: MAX_META_SAMPLES + 10 });
  });
});

describe('readGarageBand on broken packages', () => {
  it('refuses a path that is a file, not a package folder', async () => {
    const filePath = path.join(workDir, 'Flat.band');
    await fs.writeFile(filePath, 'not a package');
    await expectUnreadable(filePath, /is not a folder \(a \.band project is a package folder\)/);
  });

  it('refuses an empty package folder', async () => {
    const packagePath = path.join(workDir, 'Empty.band');
    await fs.mkdir(packagePath);
    await expectUnreadable(packagePath, /Resources\/ProjectInformation\.plist is missing/);
  });

  it('refuses a package without alternatives, and one whose alternative has no MetaData.plist', async () => {
    const packagePath = path.join(workDir, 'NoAlt.band');
    await writeGarageBand(packagePath);
    await fs.rm(metaDataOf(packagePath));
    await expectUnreadable(packagePath, /has no Alternatives\/NNN\/MetaData\.plist/);
    await fs.rm(path.join(packagePath, 'Alternatives'), { recursive: true });
    await expectUnreadable(packagePath, /has no readable Alternatives folder/);
  });

  it.each<[string, () => Buffer, RegExp]>([
    ['an empty MetaData.plist', () => Buffer.alloc(0), /MetaData\.plist: plist is empty/],
    ['a truncated binary MetaData.plist', () => encodeBinaryPlist(new Map([['BeatsPerMinute', 120]])).subarray(0, 30), /MetaData\.plist: binary plist .*truncated/],
    ['a MetaData.plist that is text', () => Buffer.from('tempo=120'), /neither a binary nor an XML plist/],
    ['a MetaData.plist holding an array', () => encodeXmlPlist([1, 2]), /MetaData\.plist does not hold a dictionary/],
  ])('refuses %s', async (_name, contents, reason) => {
    const packagePath = path.join(workDir, 'Broken.band');
    await writeGarageBand(packagePath);
    await fs.writeFile(metaDataOf(packagePath), contents());
    await expectUnreadable(packagePath, reason);
  });

  it('refuses a ProjectInformation.plist larger than any real plist without reading it', async () => {
    const packagePath = path.join(workDir, 'Huge.band');
    await writeGarageBand(packagePath);
    // A sparse file: its size is reported, its blocks are never written.
    await fs.truncate(path.join(packagePath, 'Resources', 'ProjectInformation.plist'), MAX_PLIST_BYTES + 1);
    await expectUnreadable(packagePath, /ProjectInformation\.plist: \d+ bytes, more than the \d+ a plist may have/);
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO named like its MetaData.plist at once', async () => {
    const packagePath = path.join(workDir, 'Pipe.band');
    await writeGarageBand(packagePath);
    await fs.rm(metaDataOf(packagePath));
    execFileSync('mkfifo', [metaDataOf(packagePath)]);
    // A FIFO is no MetaData.plist file: the alternative is passed over, as one without the plist.
    await expectUnreadable(packagePath, /has no Alternatives\/NNN\/MetaData\.plist/);
  });
});
