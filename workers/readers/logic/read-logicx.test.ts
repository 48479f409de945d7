import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeBinaryPlist, encodeXmlPlist, writeLogicx } from '../../../fixtures/generators/logicx';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { MAX_PLIST_BYTES } from './plist-file';
import { readLogicx } from './read-logicx';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-logicx-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

function inPackage(packagePath: string, ...parts: string[]): string {
  return path.join(packagePath, ...parts);
}

async function expectUnreadable(packagePath: string, reason: RegExp): Promise<void> {
  const failure = await readLogicx(packagePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
  expect((failure as UnreadableFileError).path).toBe(packagePath);
}

describe.each(['xml', 'binary'] as const)('readLogicx on a generated package with %s plists', (plistFormat) => {
  it('reads the version, tempo, key, signature, sample rate and track count', async () => {
    const packagePath = path.join(workDir, 'Night.logicx');
    await writeLogicx(packagePath, {
      plistFormat,
      savedBy: 'Logic Pro 11.1.2 (6248)',
      tempo: 92,
      key: { tonic: 'F#', mode: 'minor' },
      timeSignature: [6, 8],
      sampleRate: 48_000,
      trackCount: 23,
    });
    expect(await readLogicx(packagePath)).toMatchObject({
      daw: 'logic',
      dawVersion: 'Logic Pro 11.1.2',
      tempo: 92,
      tempoAutomated: false,
      key: 'F# minor',
      timeSignature: '6/8',
      sampleRate: 48_000,
      trackCount: 23,
      tracks: [],
    });
  });

  it('reads a tempo stored as a real', async () => {
    const packagePath = path.join(workDir, 'Real.logicx');
    await writeLogicx(packagePath, { plistFormat, tempo: 119.25 });
    expect((await readLogicx(packagePath)).tempo).toBe(119.25);
  });

  it('resolves used and unused audio files inside the package and lists the lost ones as missing', async () => {
    const packagePath = path.join(workDir, 'Song.logicx');
    await writeLogicx(packagePath, {
      plistFormat,
      audioFiles: ['Bounce 1.wav'],
      unusedAudioFiles: ['Take#02.wav'],
      missingAudioFiles: ['Lost#07.aif'],
    });
    const audioFolder = inPackage(packagePath, 'Media', 'Audio Files');
    const meta = await readLogicx(packagePath);
    expect(meta.samples).toEqual([
      path.join(audioFolder, 'Bounce 1.wav'),
      path.join(audioFolder, 'Lost#07.aif'),
      path.join(audioFolder, 'Take#02.wav'),
    ]);
    expect(meta.missingSamples).toEqual([path.join(audioFolder, 'Lost#07.aif')]);
  });

  it('resolves audio files beside the package in a folder project', async () => {
    const packagePath = path.join(workDir, 'Project', 'Song.logicx');
    await writeLogicx(packagePath, { plistFormat, projectFolder: true, audioFiles: ['Vox.wav'] });
    const meta = await readLogicx(packagePath);
    expect(meta.samples).toEqual([path.join(workDir, 'Project', 'Audio Files', 'Vox.wav')]);
    expect(meta.missingSamples).toEqual([]);
  });

  it('records audio on a network path as missing, without looking it up', async () => {
    // On Linux and macOS `//host/...` names a local path: the file is there, so a lookup would find it.
    const packagePath = path.join(workDir, 'Shared.logicx');
    await writeLogicx(packagePath, { plistFormat, audioFiles: ['Vox.wav'] });
    const local = inPackage(packagePath, 'Media', 'Audio Files', 'Vox.wav');
    const listed = [`/${local}`, '\\\\server\\share\\Vox.wav', 'smb://server/share/Vox.wav', '\\\\?\\C:\\Vox.wav'];
    const encode = plistFormat === 'binary' ? encodeBinaryPlist : encodeXmlPlist;
    await fs.writeFile(inPackage(packagePath, 'Alternatives', '000', 'MetaData.plist'), encode(new Map([['AudioFiles', listed]])));
    const meta = await readLogicx(packagePath);
    expect(meta.samples).toEqual(listed);
    expect(meta.missingSamples).toEqual(listed);
  });

  it('lists a 300-character audio file name as missing instead of failing', async () => {
    const packagePath = path.join(workDir, 'Long.logicx');
    const longName = `${'x'.repeat(296)}.wav`;
    await writeLogicx(packagePath, { plistFormat, audioFiles: [], missingAudioFiles: [longName] });
    const meta = await readLogicx(packagePath);
    expect(meta.samples).toEqual([inPackage(packagePath, 'Media', 'Audio Files', longName)]);
    expect(meta.missingSamples).toEqual(meta.samples);
  });
});

describe('readLogicx choosing an alternative', () => {
  it('reads the lowest-numbered alternative when 000 is absent', async () => {
    const packagePath = path.join(workDir, 'Alt.logicx');
    await writeLogicx(packagePath, { alternative: '003', tempo: 140 });
    await writeLogicx(packagePath, { alternative: '001', tempo: 100 });
    expect((await readLogicx(packagePath)).tempo).toBe(100);
  });
});

describe('readLogicx on values it cannot trust', () => {
  it.each<[string, { tonic: string; mode: string }, string | null]>([
    ['a sharp written with the sharp sign', { tonic: 'C♯', mode: 'minor' }, 'C# minor'],
    ['a flat key', { tonic: 'Bb', mode: 'Major' }, 'Bb major'],
    ['E-flat written as D sharp', { tonic: 'D#', mode: 'major' }, 'Eb major'],
    ['F-sharp written as G flat', { tonic: 'G♭', mode: 'minor' }, 'F# minor'],
    ['an unknown mode', { tonic: 'D', mode: 'dorian' }, null],
    ['a mode named like an Object property', { tonic: 'D', mode: 'constructor' }, null],
    ['a tonic that is no note', { tonic: 'H', mode: 'major' }, null],
  ])('gives the key for %s', async (_name, key, expected) => {
    const packagePath = path.join(workDir, 'Key.logicx');
    await writeLogicx(packagePath, { key });
    expect((await readLogicx(packagePath)).key).toBe(expected);
  });

  it.each<[string, number, number | null]>([
    ["a tempo below Logic's range", 2, null],
    ["a tempo above Logic's range", 5000, null],
    ['the slowest tempo Logic allows', 5, 5],
  ])('reads %s', async (_name, tempo, expected) => {
    const packagePath = path.join(workDir, 'Tempo.logicx');
    await writeLogicx(packagePath, { tempo });
    expect((await readLogicx(packagePath)).tempo).toBe(expected);
  });

  it('gives null for fields of the wrong type', async () => {
    const packagePath = path.join(workDir, 'Typed.logicx');
    await writeLogicx(packagePath);
    const metaData = new Map<string, string | number>([
      ['BeatsPerMinute', 'fast'],
      ['SongKey', 3],
      ['SongGenderKey', 'major'],
      ['SongSignatureNumerator', 4],
      ['SongSignatureDenominator', 3],
      ['SampleRate', 12.5],
      ['NumberOfTracks', -1],
    ]);
    await fs.writeFile(inPackage(packagePath, 'Alternatives', '000', 'MetaData.plist'), encodeXmlPlist(metaData));
    expect(await readLogicx(packagePath)).toMatchObject({
      tempo: null,
      key: null,
      timeSignature: null,
      sampleRate: null,
      trackCount: null,
      samples: [],
    });
  });
});

describe('readLogicx on broken packages', () => {
  it('refuses a path that is a file, not a package folder', async () => {
    const filePath = path.join(workDir, 'Flat.logicx');
    await fs.writeFile(filePath, 'not a package');
    await expectUnreadable(filePath, /not a folder/);
  });

  it('refuses an empty package folder', async () => {
    const packagePath = path.join(workDir, 'Empty.logicx');
    await fs.mkdir(packagePath);
    await expectUnreadable(packagePath, /Resources\/ProjectInformation\.plist is missing/);
  });

  it('refuses a package without alternatives', async () => {
    const packagePath = path.join(workDir, 'NoAlt.logicx');
    await writeLogicx(packagePath);
    await fs.rm(inPackage(packagePath, 'Alternatives'), { recursive: true });
    await expectUnreadable(packagePath, /no readable Alternatives folder/);
  });

  it('refuses a package whose alternative has no MetaData.plist', async () => {
    const packagePath = path.join(workDir, 'NoMeta.logicx');
    await writeLogicx(packagePath);
    await fs.rm(inPackage(packagePath, 'Alternatives', '000', 'MetaData.plist'));
    await expectUnreadable(packagePath, /no Alternatives\/NNN\/MetaData\.plist/);
  });

  it.each<[string, () => Buffer, RegExp]>([
    ['an empty MetaData.plist', () => Buffer.alloc(0), /MetaData\.plist: plist is empty/],
    [
      'a truncated binary MetaData.plist',
      () => encodeBinaryPlist(new Map([['BeatsPerMinute', 120]])).subarray(0, 30),
      /MetaData\.plist: binary plist .*truncated/,
    ],
    ['a MetaData.plist that is text', () => Buffer.from('tempo=120'), /neither a binary nor an XML plist/],
    ['a MetaData.plist holding an array', () => encodeXmlPlist([1, 2]), /MetaData\.plist does not hold a dictionary/],
    [
      'a MetaData.plist with a DOCTYPE declaring entities',
      () =>
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY t "120">]>' +
            '<plist><dict><key>BeatsPerMinute</key><integer>&t;</integer></dict></plist>',
        ),
      /MetaData\.plist: XML plist has a DOCTYPE with declarations/,
    ],
  ])('refuses %s', async (_name, contents, reason) => {
    const packagePath = path.join(workDir, 'Broken.logicx');
    await writeLogicx(packagePath);
    await fs.writeFile(inPackage(packagePath, 'Alternatives', '000', 'MetaData.plist'), contents());
    await expectUnreadable(packagePath, reason);
  });

  it('refuses a ProjectInformation.plist larger than any real plist without reading it', async () => {
    const packagePath = path.join(workDir, 'Huge.logicx');
    await writeLogicx(packagePath);
    // A sparse file: its size is reported, its blocks are never written.
    await fs.truncate(inPackage(packagePath, 'Resources', 'ProjectInformation.plist'), MAX_PLIST_BYTES + 1);
    await expectUnreadable(packagePath, /ProjectInformation\.plist: \d+ bytes, more than the \d+ a plist may have/);
  });

  it('never opens ProjectData, so a package with only the plists still reads', async () => {
    const packagePath = path.join(workDir, 'Partial.logicx');
    await writeLogicx(packagePath, { tempo: 125 });
    await fs.rm(inPackage(packagePath, 'Alternatives', '000', 'ProjectData'));
    expect((await readLogicx(packagePath)).tempo).toBe(125);
  });
});
