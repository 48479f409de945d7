import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assembleSession,
  encodeBlock,
  writeProToolsSession,
  type ProToolsSessionOptions,
  type SessionLayout,
} from '../../../fixtures/generators/protools';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { CONTENT_TYPE } from './content-types';
import { readProTools } from './read-protools';
import { MAX_SESSION_BYTES } from './session-file';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-protools-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function sessionWith(options: ProToolsSessionOptions, name = 'Song.ptx') {
  const filePath = path.join(workDir, 'Song', name);
  await writeProToolsSession(filePath, options);
  return readProTools(filePath);
}

async function writeBytes(bytes: Uint8Array, name = 'Hostile.ptx'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function expectUnreadable(filePath: string, reason: RegExp): Promise<void> {
  const failure = await readProTools(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
}

const LE_PTX: SessionLayout = { scheme: 5, seed: 0x3c, bigEndian: false };
const le = (value: number) => Buffer.from(Uint32Array.of(value).buffer);
const sampleRateBlock = encodeBlock(CONTENT_TYPE.sampleRate, Buffer.concat([Buffer.from([4, 24]), le(48_000)]), false);

describe.each([
  { format: 'ptx', bigEndian: false, seed: 0x3c, version: 'Pro Tools 2023.12.0 (ptx)' },
  { format: 'ptx', bigEndian: true, seed: 0xff, version: 'Pro Tools 2023.12.0 (ptx)' },
  { format: 'ptf', bigEndian: false, seed: 0x89, version: 'Pro Tools LE 8.0.0 (ptf)' },
  { format: 'ptf', bigEndian: true, seed: 0x00, version: 'Pro Tools LE 8.0.0 (ptf)' },
] as const)('readProTools on a generated $format session (big-endian: $bigEndian, seed $seed)', (variant) => {
  const { format, bigEndian, seed, version } = variant;

  it('reads the version, sample rate, tracks, tempo and meter', async () => {
    const tracks = ['Kick', 'Bass', 'MIDI 1'];
    const meta = await sessionWith({ format, bigEndian, seed, sampleRate: 96_000, tracks }, `Song.${format}`);
    expect(meta).toMatchObject({
      daw: 'protools',
      dawVersion: version,
      sampleRate: 96_000,
      tracks: ['Kick', 'Bass', 'MIDI 1'],
      trackCount: 3,
      tempo: 120,
      tempoAutomated: false,
      timeSignature: '4/4',
      key: null,
    });
  });

  it('resolves the audio files in Audio Files/ beside the session', async () => {
    const audioFiles = ['Kick_01.wav', 'Pad.L.aif'];
    const meta = await sessionWith({ format, bigEndian, seed, audioFiles, createAudioFiles: true }, `Song.${format}`);
    const audioFolder = path.join(workDir, 'Song', 'Audio Files');
    expect(meta.samples).toEqual([path.join(audioFolder, 'Kick_01.wav'), path.join(audioFolder, 'Pad.L.aif')]);
    expect(meta.missingSamples).toEqual([]);
  });
});

describe('readProTools on referenced audio files', () => {
  it('lists the audio files that are not on disk as missing', async () => {
    const meta = await sessionWith({ audioFiles: ['Gone.wav'] });
    expect(meta.missingSamples).toEqual([path.join(workDir, 'Song', 'Audio Files', 'Gone.wav')]);
  });

  it('lists a 300-character file name as missing instead of failing', async () => {
    const longName = `${'y'.repeat(296)}.wav`;
    const meta = await sessionWith({ audioFiles: [longName] });
    expect(meta.samples).toEqual([path.join(workDir, 'Song', 'Audio Files', longName)]);
    expect(meta.missingSamples).toEqual(meta.samples);
  });

  it('reports a name holding a path as stated and never looks it up', async () => {
    const meta = await sessionWith({ audioFiles: ['../../../etc/passwd.wav'] });
    expect(meta.samples).toEqual(['../../../etc/passwd.wav']);
    expect(meta.missingSamples).toEqual(['../../../etc/passwd.wav']);
  });

  it('reports a network path as stated and never looks it up', async () => {
    const named = ['\\\\server\\share\\Kick.wav', '//server/share/Kick.wav', '\\\\?\\C:\\Kick.wav'];
    const meta = await sessionWith({ audioFiles: named });
    expect(meta.samples).toEqual(named);
    expect(meta.missingSamples).toEqual(named);
  });
});

describe('readProTools on the tempo, meter and key rulers', () => {
  it.each<[string, readonly number[], number | null, boolean]>([
    ['one tempo', [87.5], 87.5, false],
    ['a tempo change', [90, 120], 90, true],
    ['the same tempo twice', [100, 100], 100, false],
    ['an empty tempo ruler', [], null, false],
    ['a tempo outside what Pro Tools allows', [2000], null, false],
  ])('reads %s', async (_name, tempos, tempo, tempoAutomated) => {
    expect(await sessionWith({ tempos })).toMatchObject({ tempo, tempoAutomated });
  });

  it.each<[string, readonly [number, number] | null, string | null]>([
    ['a 7/8 meter', [7, 8], '7/8'],
    ['an empty meter ruler', null, null],
    ['a denominator that is not a power of two', [4, 3], null],
  ])('reads %s', async (_name, meter, timeSignature) => {
    expect((await sessionWith({ meter })).timeSignature).toBe(timeSignature);
  });

  it.each<[string, { major: boolean; sharps: boolean; accidentals: number } | null, string | null]>([
    ['no key signature', null, null],
    ['three sharps, major', { major: true, sharps: true, accidentals: 3 }, 'A major'],
    ['three flats, minor', { major: false, sharps: false, accidentals: 3 }, 'C minor'],
    ['three sharps, minor', { major: false, sharps: true, accidentals: 3 }, 'F# minor'],
    ['seven flats, major', { major: true, sharps: false, accidentals: 7 }, 'B major'],
    ['three flats, major', { major: true, sharps: false, accidentals: 3 }, 'Eb major'],
    ['six sharps, minor', { major: false, sharps: true, accidentals: 6 }, 'Eb minor'],
    ['five sharps, major', { major: true, sharps: true, accidentals: 5 }, 'B major'],
    ['no accidentals, minor', { major: false, sharps: true, accidentals: 0 }, 'A minor'],
    ['nine accidentals', { major: true, sharps: true, accidentals: 9 }, null],
  ])('names the key for %s', async (_name, key, expected) => {
    expect((await sessionWith({ key })).key).toBe(expected);
  });
});

describe('readProTools on files that are not whole sessions', () => {
  it.each<[string, () => Uint8Array, RegExp]>([
    ['an empty file', () => new Uint8Array(0), /^empty file$/],
    ['a text file', () => Buffer.from('JUNK'), /not a Pro Tools session/],
    ['a gzip file', () => Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]), /not a Pro Tools session/],
    ['a cut-off header', () => Buffer.from('\u00030010111100', 'latin1'), /truncated/],
    ['a header with nothing after it', () => assembleSession([], LE_PTX), /truncated: nothing follows the header/],
    [
      'an unknown obfuscation scheme',
      () => Buffer.concat([assembleSession([], LE_PTX).subarray(0, 0x12), Buffer.from([9, 0])]),
      /unknown obfuscation scheme 9/,
    ],
    [
      'a session without a sample-rate block',
      () => assembleSession([encodeBlock(0x1234, Buffer.alloc(4), false)], LE_PTX),
      /no sample-rate block/,
    ],
    [
      'an impossible sample rate',
      () => assembleSession([encodeBlock(CONTENT_TYPE.sampleRate, Buffer.concat([Buffer.from([4, 24]), le(0)]), false)], LE_PTX),
      /impossible sample rate 0/,
    ],
  ])('refuses %s', async (_name, bytes, reason) => {
    await expectUnreadable(await writeBytes(bytes()), reason);
  });

  it('refuses a session cut in half', async () => {
    const whole = path.join(workDir, 'Whole.ptx');
    await writeProToolsSession(whole, { audioFiles: Array.from({ length: 50 }, (_, index) => `Take ${index}.wav`) });
    const bytes = await fs.readFile(whole);
    await expectUnreadable(await writeBytes(bytes.subarray(0, Math.floor(bytes.length / 2))), /truncated/);
  });

  it('refuses a session decoded with the wrong seed', async () => {
    const whole = path.join(workDir, 'Whole.ptf');
    await writeProToolsSession(whole, { format: 'ptf', seed: 0x89 });
    const bytes = await fs.readFile(whole);
    bytes[0x13] = 0x8a;
    await expectUnreadable(await writeBytes(bytes, 'WrongSeed.ptf'), /damaged|truncated/);
  });

  it('refuses a path that is a folder', async () => {
    const folder = path.join(workDir, 'Folder.ptx');
    await fs.mkdir(folder);
    await expectUnreadable(folder, /is a folder, not a file/);
  });

  it('refuses a file that does not exist', async () => {
    await expectUnreadable(path.join(workDir, 'Nowhere.ptx'), /is missing/);
  });

  it('refuses a file larger than any real session without reading it', async () => {
    const filePath = path.join(workDir, 'Huge.ptx');
    await writeProToolsSession(filePath);
    // A sparse file: its size is reported, its blocks are never written.
    await fs.truncate(filePath, MAX_SESSION_BYTES + 1);
    await expectUnreadable(filePath, /more than the \d+ a session may have/);
  });
});

describe('readProTools on hostile block sizes', () => {
  const audioList = (declared: number, namesBlock: Uint8Array) =>
    encodeBlock(CONTENT_TYPE.audioFileList, Buffer.concat([le(declared), namesBlock]), false);
  const namesBlock = (entries: Uint8Array) =>
    encodeBlock(CONTENT_TYPE.audioFileNames, Buffer.concat([Buffer.alloc(9), entries]), false);
  const entry = (name: string) =>
    Buffer.concat([le(Buffer.byteLength(name)), Buffer.from(name), Buffer.from('EVAW'), Buffer.alloc(5)]);
  /** A little-endian .ptx holding a valid sample-rate block and then `blocks`. */
  const sessionOf = (...blocks: Uint8Array[]) => writeBytes(assembleSession([sampleRateBlock, ...blocks], LE_PTX));

  it('refuses a top-level block that claims four gigabytes', async () => {
    const hostile = Buffer.concat([Buffer.from([0x5a, 1, 0]), le(0xfffffff0), Buffer.from([0x28, 0x10])]);
    await expectUnreadable(await sessionOf(hostile), /truncated: block at offset \d+ claims 4294967280 bytes/);
  });

  it('refuses an audio list whose names block claims more bytes than its parent holds', async () => {
    const names = namesBlock(entry('Kick.wav'));
    names.writeUInt32LE(0x7fffffff, 3);
    await expectUnreadable(await sessionOf(audioList(1, names)), /1 audio files declared but no names block/);
  });

  it('refuses a file name whose length runs past its block', async () => {
    const hostileEntry = Buffer.concat([le(0x7fffffff), Buffer.from('Kick.wav')]);
    await expectUnreadable(await sessionOf(audioList(1, namesBlock(hostileEntry))), /runs past the end of its block/);
  });

  it('reads the names a list holds when it declares four billion', async () => {
    const names = namesBlock(Buffer.concat([entry('A.wav'), entry('B.wav')]));
    const meta = await readProTools(await sessionOf(audioList(0xffffffff, names)));
    expect(meta.samples.map((sample) => path.basename(sample))).toEqual(['A.wav', 'B.wav']);
  });

  it('reads past blocks nested ten thousand deep without descending into them', async () => {
    let nested: Buffer = encodeBlock(0x0001, Buffer.alloc(2), false);
    for (let depth = 0; depth < 10_000; depth += 1) nested = encodeBlock(0x0001, nested, false);
    const meta = await readProTools(await writeBytes(assembleSession([nested, sampleRateBlock], LE_PTX)));
    expect(meta).toMatchObject({ sampleRate: 48_000, samples: [], trackCount: null, dawVersion: 'Pro Tools 10+ (ptx)' });
  });
});
