import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PLUGIN_INSTANCES } from '../../../common/projects/plugins';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { encodeCubaseProject, writeCubaseProject, type CubasePluginInstance } from '../../synthetic/cubase';
import { MAX_CUBASE_PROJECT_BYTES, readCubase, readCubaseBytes } from './read-cubase';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-cubase-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function writeBytes(bytes: Uint8Array, name = 'Hostile.cpr'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function expectUnreadable(filePath: string, reason: RegExp): Promise<void> {
  const failure = await readCubase(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
  expect((failure as UnreadableFileError).path).toBe(filePath);
}

/** The declared size rewritten to count what now follows `NUND` (after a test edits the bytes). */
function withSizeFixed(bytes: Buffer): Buffer {
  bytes.writeUInt32BE(bytes.length - 12, 4);
  return bytes;
}

/** Where `text` (latin1) first occurs in `bytes`, failing the test when it does not. */
function offsetOf(bytes: Buffer, text: string, from = 0): number {
  const at = bytes.indexOf(Buffer.from(text, 'latin1'), from);
  expect(at).toBeGreaterThanOrEqual(0);
  return at;
}

const STUDIO_EQ = '946051208E29496E804F64A825C8A047';
const SYLENTH = '56535473796C3173796C656E74683100';

describe('readCubase on a generated project', () => {
  it('reads the version and the plug-ins, and reports every other field as unknown', async () => {
    const filePath = path.join(workDir, 'Song', 'Song.cpr');
    await writeCubaseProject(filePath);
    expect(await readCubase(filePath)).toEqual({
      daw: 'cubase',
      dawVersion: 'Cubase 13.0.10 (Oct 10 2023)',
      tempo: null,
      tempoAutomated: false,
      timeSignature: null,
      key: null,
      sampleRate: null,
      trackCount: null,
      tracks: [],
      samples: [],
      missingSamples: [],
      plugins: [
        { name: 'StudioEQ', format: 'VST3', instances: 2 },
        { name: 'Sylenth1', format: 'VST2', instances: 1 },
        { name: 'Omnisphere', format: 'VST2', instances: 1 },
      ],
    });
  });

  it('names a renamed instrument track’s plug-in by its Original Plugin Name, never by the track’s title', async () => {
    const plugins = [{ guid: SYLENTH, name: 'Lead Synth', originalName: 'Sylenth1' }];
    const meta = readCubaseBytes(encodeCubaseProject({ plugins }), 'Renamed.cpr');
    expect(meta.plugins).toEqual([{ name: 'Sylenth1', format: 'VST2', instances: 1 }]);
  });

  it.each<[string, Parameters<typeof encodeCubaseProject>[0], string]>([
    ['a Nuendo project', { application: 'Nuendo', version: '12.0.70', buildDate: 'Aug 31 2023' }, 'Nuendo 12.0.70 (Aug 31 2023)'],
    ['a 32-bit save without an architecture', { version: '5.5.3', buildDate: 'Jan 13 2011', architecture: null }, 'Cubase 5.5.3 (Jan 13 2011)'],
    ['a RIF2 container', { container: 'RIF2' }, 'Cubase 13.0.10 (Oct 10 2023)'],
    ['a build date padded by the compiler', { version: '9.5.50', buildDate: 'Feb  2 2019' }, 'Cubase 9.5.50 (Feb  2 2019)'],
  ])('reads the version of %s', (_name, options, dawVersion) => {
    expect(readCubaseBytes(encodeCubaseProject(options), 'Song.npr').dawVersion).toBe(dawVersion);
  });

  it('reads the plug-ins of a save without the UTF-8 marker after its strings (before Cubase 5)', () => {
    const meta = readCubaseBytes(encodeCubaseProject({ version: '4.5.2', utf8Marker: false }), 'Old.cpr');
    expect(meta.plugins?.map((plugin) => plugin.name)).toEqual(['StudioEQ', 'Sylenth1', 'Omnisphere']);
  });

  it('leaves the plug-ins unknown for Cubase SX, which keeps no plug-in attributes', () => {
    const meta = readCubaseBytes(encodeCubaseProject({ application: 'Cubase SX', version: '3.1.1', buildDate: 'Oct 13 2005', architecture: null }), 'SX.cpr');
    expect(meta.dawVersion).toBe('Cubase SX 3.1.1 (Oct 13 2005)');
    expect(meta.plugins).toBeUndefined();
  });

  it('lists no plug-ins for a project that loads none', () => {
    expect(readCubaseBytes(encodeCubaseProject({ plugins: [] }), 'Empty.cpr').plugins).toEqual([]);
  });

  it('counts instances by class id and name: one id under two names is two plug-ins', () => {
    const plugins: CubasePluginInstance[] = [
      { guid: STUDIO_EQ, name: 'StudioEQ' },
      { guid: STUDIO_EQ.toLowerCase(), name: 'StudioEQ' },
      { guid: STUDIO_EQ, name: 'Channel EQ' },
      { guid: SYLENTH.toLowerCase(), name: 'Sylenth1' },
    ];
    expect(readCubaseBytes(encodeCubaseProject({ plugins }), 'Ids.cpr').plugins).toEqual([
      { name: 'StudioEQ', format: 'VST3', instances: 2 },
      { name: 'Channel EQ', format: 'VST3', instances: 1 },
      { name: 'Sylenth1', format: 'VST2', instances: 1 },
    ]);
  });

  it('finds plug-ins after a megabyte of other objects', () => {
    const meta = readCubaseBytes(encodeCubaseProject({ fillerBytes: 1024 * 1024 }), 'Large.cpr');
    expect(meta.plugins).toHaveLength(3);
  });
});

describe('readCubase on files that are not whole projects', () => {
  const project = () => encodeCubaseProject();

  it.each<[string, () => Buffer, RegExp]>([
    ['an empty file', () => Buffer.alloc(0), /^empty file$/],
    ['a text file', () => Buffer.from('tempo=120, Plugin UID, PAppVersion'), /not a Cubase or Nuendo project \(no RIFF header\)/],
    ['a WAV file named .cpr', () => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]), /RIFF file of another kind \("WAVE"\)/],
    ['a cut-off header', () => project().subarray(0, 10), /truncated: 10 bytes, less than the 16 of the header/],
    ['a first chunk that is not ROOT', () => Buffer.concat([project().subarray(0, 12), Buffer.from('ARCH'), project().subarray(16)]), /first chunk is "ARCH", not ROOT/],
    ['a size too small for the first chunk', () => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('NUNDROOT')]), /cannot hold its first chunk/],
    ['a project without a version record', () => withSizeFixed(Buffer.concat([Buffer.from('RIFF0000NUNDROOT'), Buffer.alloc(64)])), /has no version record \(PAppVersion\)/],
    ['a project cut inside its version record', () => project().subarray(0, offsetOf(project(), 'Version 13') + 6), /truncated inside its version record \(PAppVersion\)/],
    ['a project cut before its version record', () => project().subarray(0, offsetOf(project(), 'PAppVersion\0') - 2), /truncated before its version record/],
  ])('refuses %s', async (_name, bytes, reason) => {
    await expectUnreadable(await writeBytes(bytes()), reason);
  });

  it('reads only the bytes it is given, not the rest of the buffer they were cut from (found by the fuzz test)', () => {
    const view = encodeCubaseProject().subarray(0, 2);
    expect(() => readCubaseBytes(view, 'View.cpr')).toThrow(new UnreadableFileError('View.cpr', 'not a Cubase or Nuendo project (no RIFF header)'));
  });

  it('refuses a version record whose length runs past the data', async () => {
    const bytes = project();
    bytes.writeUInt32BE(0xfffffff0, offsetOf(bytes, 'PAppVersion\0') + 12 + 2);
    await expectUnreadable(await writeBytes(bytes), /version record \(PAppVersion\) runs past the end of its data/);
  });

  it('refuses a version string whose length runs past its record', async () => {
    const bytes = project();
    bytes.writeUInt32BE(0x7fffffff, offsetOf(bytes, 'Version 13') - 4);
    await expectUnreadable(await writeBytes(bytes), /version record \(PAppVersion\) runs past the end of its data/);
  });

  it('refuses a version record that names no version', async () => {
    const bytes = project();
    bytes.write('\u0001ersion', offsetOf(bytes, 'Version 13'), 'latin1');
    await expectUnreadable(await writeBytes(bytes), /names no application and version/);
  });

  it('reads the version of a project cut inside a plug-in name, and leaves its plug-ins unknown', async () => {
    const bytes = project();
    const meta = await readCubase(await writeBytes(bytes.subarray(0, offsetOf(bytes, 'Sylenth1') + 3)));
    expect(meta.dawVersion).toBe('Cubase 13.0.10 (Oct 10 2023)');
    expect(meta.plugins).toBeUndefined();
  });

  it('never reads past the size the header declares', () => {
    const declared = encodeCubaseProject({ plugins: [] });
    const trailing = encodeCubaseProject({ plugins: [{ guid: SYLENTH, name: 'Sylenth1' }] });
    expect(readCubaseBytes(Buffer.concat([declared, trailing]), 'Trailing.cpr').plugins).toEqual([]);
  });

  it('refuses a path that is a folder, one that does not exist, and one larger than any real project', async () => {
    const folder = path.join(workDir, 'Folder.cpr');
    await fs.mkdir(folder);
    await expectUnreadable(folder, /is a folder, not a file/);
    await expectUnreadable(path.join(workDir, 'Nowhere.cpr'), /is missing/);
    const huge = await writeBytes(encodeCubaseProject(), 'Huge.cpr');
    // A sparse file: its size is reported, its blocks are never written.
    await fs.truncate(huge, MAX_CUBASE_PROJECT_BYTES + 1);
    await expectUnreadable(huge, /more than the \d+ a Cubase project may have/);
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO named like a project at once', async () => {
    const fifo = path.join(workDir, 'Pipe.cpr');
    execFileSync('mkfifo', [fifo]);
    await expectUnreadable(fifo, /is a pipe \(FIFO\), not a file/);
  });
});

describe('readCubase on hostile plug-in records', () => {
  const two = [
    { guid: STUDIO_EQ, name: 'StudioEQ' },
    { guid: SYLENTH, name: 'Sylenth1' },
  ];
  const pluginsOf = (bytes: Buffer) => readCubaseBytes(bytes, 'Hostile.cpr').plugins?.map((plugin) => plugin.name);

  it.each<[string, (bytes: Buffer) => void]>([
    ['a GUID whose length claims four gigabytes', (bytes) => bytes.writeUInt32BE(0xffffffff, offsetOf(bytes, 'GUID\0') + 7)],
    ['a Plugin UID list claiming four billion attributes', (bytes) => bytes.writeUInt32BE(0xffffffff, offsetOf(bytes, 'Plugin UID\0') + 11 + 4)],
    ['a GUID that is not 32 hex digits', (bytes) => bytes.write('Z', offsetOf(bytes, STUDIO_EQ), 'latin1')],
    ['a name with a control character', (bytes) => bytes.writeUInt8(7, offsetOf(bytes, 'StudioEQ'))],
    ['a key other than Plugin Name after the GUID', (bytes) => bytes.write('Plugin Game', offsetOf(bytes, 'Plugin Name'), 'latin1')],
    ['a key length of zero', (bytes) => bytes.writeUInt32BE(0, offsetOf(bytes, 'Plugin Name') - 4)],
    ['an attribute of an unknown type', (bytes) => bytes.writeUInt16BE(0x7777, offsetOf(bytes, 'GUID\0') + 5)],
  ])('drops the record holding %s and reads the next', (_name, damage) => {
    const bytes = encodeCubaseProject({ plugins: two });
    damage(bytes);
    expect(pluginsOf(bytes)).toEqual(['Sylenth1']);
  });

  it('drops a record cut by the end of the data', () => {
    const bytes = encodeCubaseProject({ plugins: two });
    expect(pluginsOf(withSizeFixed(Buffer.from(bytes.subarray(0, offsetOf(bytes, 'Sylenth1\0') + 2))))).toEqual(['StudioEQ']);
  });

  it(`reads at most ${MAX_PLUGIN_INSTANCES} instances from a file made of plug-in records`, () => {
    const project = encodeCubaseProject({ plugins: [{ guid: STUDIO_EQ, name: 'EQ' }] });
    const recordAt = offsetOf(project, 'Plugin UID\0') - 4;
    const record = project.subarray(recordAt, offsetOf(project, 'Audio Input Count') - 4);
    const flood = withSizeFixed(Buffer.concat([project.subarray(0, recordAt), Buffer.concat(Array.from({ length: MAX_PLUGIN_INSTANCES + 5000 }, () => record))]));
    expect(readCubaseBytes(flood, 'Flood.cpr').plugins).toEqual([{ name: 'EQ', format: 'VST3', instances: MAX_PLUGIN_INSTANCES }]);
  });
});
