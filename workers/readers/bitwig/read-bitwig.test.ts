import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CREDIT_CHARS, UnreadableFileError } from '../../../common/projects/project-meta';
import { bitwigProjectBytes, writeBitwigProject, type BitwigProjectOptions } from '../../synthetic/bitwig';
import { trackNames } from './bitwig-structure';
import { MAX_HEAD_BYTES, readBitwig } from './read-bitwig';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-bitwig-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function projectWith(options: BitwigProjectOptions, name = 'Night.bwproject') {
  const filePath = path.join(workDir, 'Night', name);
  await writeBitwigProject(filePath, options);
  return readBitwig(filePath);
}

async function writeBytes(bytes: Uint8Array, name = 'Hostile.bwproject'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function expectUnreadable(filePath: string, reason: string | RegExp): Promise<void> {
  const failure = await readBitwig(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).path).toBe(filePath);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
}

/** The offset of the first byte of `needle` in `haystack`, which must hold it. */
function offsetOf(haystack: Buffer, needle: string): number {
  const at = haystack.indexOf(needle);
  expect(at).toBeGreaterThan(-1);
  return at;
}

describe.each(['0003', '0001'] as const)('readBitwig on a generated project (container %s)', (container) => {
  it('reads the version, the heuristic tempo and the track list, not the effect tracks nor the master', async () => {
    expect(await projectWith({ container, version: '5.3.13', tempo: 97.5, tracks: ['Bass', 'Keys & Pads', 'Vox'], effectTracks: ['Reverb'] })).toEqual({
      daw: 'bitwig',
      dawVersion: 'Bitwig Studio 5.3.13',
      tempo: 97.5,
      heuristic: ['tempo'],
      tempoAutomated: false,
      timeSignature: null,
      key: null,
      sampleRate: null,
      trackCount: 3,
      tracks: ['Bass', 'Keys & Pads', 'Vox'],
      samples: [],
      missingSamples: [],
    });
  });

  it('reads a project without tracks as none, and one without a tempo field as an unknown tempo', async () => {
    const meta = await projectWith({ container, tracks: [], tempo: null });
    expect(meta).toMatchObject({ trackCount: 0, tracks: [], tempo: null });
    expect(meta.heuristic).toBeUndefined();
  });

  it('leaves a tempo outside Bitwig’s range unknown: the heuristic found something else', async () => {
    expect((await projectWith({ container, tempo: 1200 })).tempo).toBeNull();
  });
});

describe('readBitwig on what a project names and states', () => {
  it('keeps the title, artist and genre of the project’s info as its credits, trimmed, the empty ones left out', async () => {
    expect((await projectWith({ title: ' Night Drive ', artist: 'Ana & Bo', genre: 'Synthwave' })).credits).toEqual({ title: 'Night Drive', artist: 'Ana & Bo', genre: 'Synthwave' });
    expect((await projectWith({ artist: 'Ana' }, 'Artist.bwproject')).credits).toEqual({ artist: 'Ana' });
    expect(await projectWith({ title: '   ' }, 'Blank.bwproject')).not.toHaveProperty('credits');
  });

  it('cuts a title longer than a song keeps to MAX_CREDIT_CHARS', async () => {
    expect((await projectWith({ title: 'é'.repeat(100_000) })).credits).toEqual({ title: 'é'.repeat(MAX_CREDIT_CHARS) });
  });

  it('lists used files: absolute as written, relative from the project’s folder or home, network never looked up', async () => {
    const folder = path.join(workDir, 'Night');
    await fs.mkdir(path.join(folder, 'Samples'), { recursive: true });
    await fs.writeFile(path.join(folder, 'Samples', 'kick.wav'), 'RIFF');
    const meta = await projectWith({ usedFiles: ['Samples/kick.wav', '/Library/Lost/pad.wav', '//server/share/vox.wav', ''] });
    expect(meta.samples).toEqual([path.join(folder, 'Samples', 'kick.wav'), '/Library/Lost/pad.wav', '//server/share/vox.wav']);
    expect(meta.missingSamples).toEqual(['/Library/Lost/pad.wav', '//server/share/vox.wav']);

    const copy = await writeBytes(bitwigProjectBytes({ usedFiles: ['Samples/kick.wav'] }), 'copy.bwproject');
    expect((await readBitwig(copy, folder)).samples).toEqual([path.join(folder, 'Samples', 'kick.wav')]);
  });

  it('leaves the tracks unknown when the summary cannot be decoded, and still reads the rest', async () => {
    const bytes = bitwigProjectBytes({ tracks: ['Bass'] });
    // The first track's name field (0xad1, tag 08) given a tag no Bitwig document uses.
    bytes[offsetOf(bytes, 'Bass') - 5] = 0x7f;
    const meta = await readBitwig(await writeBytes(bytes));
    expect(meta).toMatchObject({ dawVersion: 'Bitwig Studio 3.2.7', tempo: 120, trackCount: null, tracks: [] });
  });

  it('decodes a summary only in its own container’s string form, else leaves it undecoded', () => {
    const summaryOf = (bytes: Buffer) => {
      const at = offsetOf(bytes, 'structure') + 'structure'.length + 1;
      return bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at));
    };
    const prefixed = summaryOf(bitwigProjectBytes({ container: '0003', tracks: ['Inst 1'] }));
    const terminated = summaryOf(bitwigProjectBytes({ container: '0001', tracks: ['Inst 1'] }));
    expect(trackNames(prefixed)).toEqual(['Inst 1']);
    expect(trackNames(terminated)).toEqual(['Inst 1']);
    // Length-prefixed strings under a 0001 header: NUL-terminated reading does not fit, so nothing is claimed.
    const mislabelled = Buffer.from(prefixed);
    mislabelled.write('0001', 4, 'latin1');
    expect(trackNames(mislabelled)).toBeNull();
  });

  it('reads the meta entries before one of an unknown tag, and stops there', async () => {
    const bytes = bitwigProjectBytes({ tracks: ['Bass'] });
    // "structure" comes after application_version_name: made an unknown tag, it and the rest go unread.
    bytes[offsetOf(bytes, 'structure') + 'structure'.length] = 0x42;
    expect(await readBitwig(await writeBytes(bytes))).toMatchObject({ dawVersion: 'Bitwig Studio 3.2.7', trackCount: null });
  });
});

describe('readBitwig refuses what is not a Bitwig project', () => {
  it('refuses a missing file, an empty one, a folder, a FIFO and a file without the BtWg header', async () => {
    await expectUnreadable(path.join(workDir, 'absent.bwproject'), 'is missing');
    await expectUnreadable(await writeBytes(Buffer.alloc(0)), 'is empty');
    const folder = path.join(workDir, 'Folder.bwproject');
    await fs.mkdir(folder);
    await expectUnreadable(folder, 'is a folder, not a file');
    if (process.platform !== 'win32') {
      const fifo = path.join(workDir, 'pipe.bwproject');
      execFileSync('mkfifo', [fifo]);
      await expectUnreadable(fifo, 'is a pipe (FIFO), not a file');
    }
    await expectUnreadable(await writeBytes(Buffer.from('PK\x03\x04 a zip, not a project'), 'Zip.bwproject'), 'is not a Bitwig document (no BtWg header)');
  });

  it('refuses another Bitwig document type (a clip saved as a project)', async () => {
    await expectUnreadable(await writeBytes(bitwigProjectBytes({ type: 'application/bitwig-note-clip' })), 'is not a Bitwig project (its type is application/bitwig-note-clip)');
  });

  it('refuses a project cut short in its header, its meta block, or before its body', async () => {
    const bytes = bitwigProjectBytes({ usedFiles: ['/a.wav'] });
    await expectUnreadable(await writeBytes(bytes.subarray(0, 20), 'Header.bwproject'), 'has a damaged BtWg header');
    await expectUnreadable(await writeBytes(bytes.subarray(0, offsetOf(bytes, 'structure') + 20), 'Meta.bwproject'), 'is cut short in its meta block');
    const bodyOffset = parseInt(bytes.toString('latin1', 16, 24), 16);
    await expectUnreadable(await writeBytes(bytes.subarray(0, bodyOffset - 10), 'Body.bwproject'), 'is cut short (its body starts past the end)');
  });

  it('refuses huge lengths in the meta block without allocating them', async () => {
    const keyLength = bitwigProjectBytes();
    keyLength.writeUInt32BE(0xffffffff, offsetOf(keyLength, 'album') - 4);
    await expectUnreadable(await writeBytes(keyLength, 'Key.bwproject'), 'has a meta key of 4294967295 bytes, more than 256');
    const textLength = bitwigProjectBytes();
    textLength.writeUInt32BE(0x7fffffff, offsetOf(textLength, 'application_version_name') + 'application_version_name'.length + 1);
    await expectUnreadable(await writeBytes(textLength, 'Text.bwproject'), 'is cut short in its meta block');
    const count = bitwigProjectBytes();
    count.writeUInt32BE(0x10000000, offsetOf(count, 'used_files') + 'used_files'.length + 1);
    await expectUnreadable(await writeBytes(count, 'Count.bwproject'), 'is cut short in its meta block');
  });

  it('refuses a header whose body offset points at no document', async () => {
    const bytes = bitwigProjectBytes();
    const bodyOffset = parseInt(bytes.toString('latin1', 16, 24), 16);
    bytes.write((bodyOffset + 3).toString(16).padStart(8, '0'), 16, 'latin1');
    await expectUnreadable(await writeBytes(bytes), 'has a damaged BtWg header (no document where its body should start)');
  });

  it('refuses a meta block running past the bytes it reads of a longer file', async () => {
    const bytes = bitwigProjectBytes({ usedFiles: ['x'.repeat(MAX_HEAD_BYTES)] });
    await expectUnreadable(await writeBytes(bytes), `has a meta block running past its first ${MAX_HEAD_BYTES} bytes (not read)`);
  });
});
