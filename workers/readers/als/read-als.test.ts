import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { alsGzip, buildAlsXml, defaultAlsTracks, ORIGINAL_SET_FOLDER, writeAls, type AlsOptions, type AlsStyle } from '../../../fixtures/generators/als';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { readAls } from './read-als';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-als-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let files = 0;
/** A fresh folder holding one file; returns the file's path. */
function place(name: string, content: Buffer | string): string {
  const folder = path.join(root, `case-${files++}`);
  fs.mkdirSync(folder);
  const filePath = path.join(folder, name);
  fs.writeFileSync(filePath, content);
  return filePath;
}

function setFile(options: AlsOptions, name = 'Song.als'): string {
  return place(name, alsGzip(options));
}

function gzipOfXml(xml: string): Buffer {
  return zlib.gzipSync(Buffer.from(xml, 'utf8'));
}

async function rejectionOf(filePath: string): Promise<UnreadableFileError> {
  const error: unknown = await readAls(filePath).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return error as UnreadableFileError;
}

const TRACKS = [
  { kind: 'audio', name: 'Kick & "Snare" <1>' },
  { kind: 'midi', name: 'Vöcal chops ✓' },
  { kind: 'group', name: 'Drums' },
  { kind: 'audio', name: 'Bass' },
  { kind: 'return', name: 'A-Reverb' },
] as const;

describe('readAls on generated sets', () => {
  it.each([
    ['live8', 'Ableton Live 8.1.4', '97.5', 302, '6/8'],
    ['live10', 'Ableton Live 10.1.7', '119.999992', 201, '4/4'],
    ['live11', 'Ableton Live 11.3.21', '127.5', 302, '6/8'],
    ['live12', 'Ableton Live 12.1.5', '87', 200, '3/4'],
  ] as const)('reads the version, tempo, signature and tracks of a %s set exactly', async (style, version, tempo, signature, expected) => {
    const meta = await readAls(setFile({ style, tempo, timeSignature: signature, tracks: TRACKS, seed: 5 }));

    expect(meta).toEqual({
      daw: 'ableton',
      dawVersion: version,
      tempo: Number(tempo),
      tempoAutomated: false,
      timeSignature: expected,
      key: null,
      sampleRate: null,
      trackCount: TRACKS.length,
      tracks: TRACKS.map((track) => track.name),
      trackIds: ['10', '11', '12', '13', '14'],
      // The main track's rack and the compressor inside it.
      devices: ['Audio Effect Rack', 'Glue Compressor'],
      plugins: [],
      // Without samples only the MIDI track has clips: two of 16 beats, one after the other.
      clipCount: 2,
      arrangementBeats: 32,
      samples: [],
      missingSamples: [],
    });
  });

  it.each<AlsStyle>(['live8', 'live10', 'live11', 'live12'])('reports an automated tempo in a %s set when the tempo changes', async (style) => {
    expect((await readAls(setFile({ style, tempo: 120, tempoAutomation: [120, 140, 96] }))).tempoAutomated).toBe(true);
  });

  it('reads a Live 8 set’s tempo from the song-start event of MasterChain, not from a later change', async () => {
    const meta = await readAls(setFile({ style: 'live8', tempo: '87.0000076', tempoAutomation: [87, 174], timeSignature: 200 }));
    expect([meta.dawVersion, meta.tempo, meta.tempoAutomated, meta.timeSignature]).toEqual(['Ableton Live 8.1.4', 87.0000076, true, '3/4']);
  });

  it.each<AlsStyle>(['live8', 'live10', 'live11', 'live12'])('lists the plug-ins of a %s set by name and format, with their instances', async (style) => {
    const tracks = [
      { kind: 'audio', name: 'Bass', plugins: ['Serum', { name: 'FF Pro-Q 3', format: 'VST3' }, { name: 'FF Pro-Q 3', format: 'AU' }] },
      { kind: 'midi', name: 'Lead', plugins: ['Serum', { name: 'Decapitator & Co <2>', format: 'AU' }] },
      { kind: 'audio', name: 'Vox', plugins: [{ name: 'FF Pro-Q 3', format: 'VST3' }, 'Serum'] },
    ] as const;
    const meta = await readAls(setFile({ style, tracks }));

    expect(meta.plugins).toEqual([
      { name: 'Serum', format: 'VST2', instances: 3 },
      { name: 'FF Pro-Q 3', format: 'VST3', instances: 2 },
      { name: 'FF Pro-Q 3', format: 'AU', instances: 1 },
      { name: 'Decapitator & Co <2>', format: 'AU', instances: 1 },
    ]);
    // The devices list keeps every instance, among Live's own devices.
    expect(meta.devices?.filter((device) => device === 'Serum')).toHaveLength(3);
  });

  it('does not call a tempo automated when its envelope never changes value', async () => {
    expect((await readAls(setFile({ tempo: 120, tempoAutomation: [120, 120] }))).tempoAutomated).toBe(false);
  });

  it.each([
    [{ root: 9, name: 1, inKey: true }, 'A minor'],
    [{ root: 0, name: 0, inKey: true }, 'C major'],
    [{ root: 2, name: 2, inKey: true }, 'D Dorian'],
    [{ root: 6, name: 'Major', inKey: true }, 'F# major'],
    [{ root: 3, name: 0, inKey: true }, 'Eb major'],
    [{ root: 10, name: 1, inKey: true }, 'Bb minor'],
    [{ root: 8, name: 2, inKey: true }, 'Ab Dorian'],
    [{ root: 9, name: 1, inKey: false }, null],
    [{ root: 9, name: 33, inKey: true }, null],
  ])('reads the key of a Live 12 set with scale %o as %s', async (scale, key) => {
    expect((await readAls(setFile({ style: 'live12', scale }))).key).toBe(key);
  });

  it('leaves the key empty before Live 12, where an unset scale reads as C major', async () => {
    expect((await readAls(setFile({ style: 'live11', scale: { root: 9, name: 'Minor', inKey: true } }))).key).toBeNull();
  });

  it('counts the default tracks: audio, MIDI, group and return', async () => {
    const meta = await readAls(setFile({ tracks: 12 }));
    expect(meta.trackCount).toBe(12);
    expect(meta.tracks).toEqual(defaultAlsTracks(12).map((track) => track.name));
  });

  it('reads a set larger than 1 MB compressed', async () => {
    const filePath = setFile({ style: 'live11', targetCompressedBytes: 1_200_000, tempo: '143.999985', tracks: 20, seed: 9 });
    expect(fs.statSync(filePath).size).toBeGreaterThan(1_000_000);

    const meta = await readAls(filePath);
    expect(meta.tempo).toBe(143.999985);
    expect(meta.trackCount).toBe(20);
  });
});

describe('readAls resolving samples', () => {
  const SAMPLES = ['Samples/Imported/kick.wav', 'Samples/Recorded/gone.wav', '../Shared/loop.wav', '../Shared/lost.wav'];

  /** `workspace/Song Project/Song.als`, with kick.wav in the project and loop.wav in `workspace/Shared`. */
  function projectWithSamples(options: AlsOptions): { setPath: string; projectFolder: string; workspace: string } {
    const workspace = path.join(root, `workspace-${files++}`);
    const projectFolder = path.join(workspace, 'Song Project');
    fs.mkdirSync(path.join(projectFolder, 'Samples/Imported'), { recursive: true });
    fs.mkdirSync(path.join(workspace, 'Shared'));
    fs.writeFileSync(path.join(projectFolder, 'Samples/Imported/kick.wav'), 'RIFF');
    fs.writeFileSync(path.join(workspace, 'Shared/loop.wav'), 'RIFF');
    const setPath = path.join(projectFolder, 'Song.als');
    writeAls(setPath, options);
    return { setPath, projectFolder, workspace };
  }

  it.each<AlsStyle>(['live10', 'live11', 'live12'])('resolves each sample of a %s set once, and tells the missing ones', async (style) => {
    const { setPath, projectFolder, workspace } = projectWithSamples({ style, samples: SAMPLES, clipsPerTrack: 3 });
    const meta = await readAls(setPath);

    const lostWhereItWas = path.posix.join(ORIGINAL_SET_FOLDER, '../Shared/lost.wav');
    expect([...meta.samples].sort()).toEqual(
      [path.join(projectFolder, 'Samples/Imported/kick.wav'), path.join(projectFolder, 'Samples/Recorded/gone.wav'), path.join(workspace, 'Shared/loop.wav'), lostWhereItWas].sort(),
    );
    expect([...meta.missingSamples].sort()).toEqual([path.join(projectFolder, 'Samples/Recorded/gone.wav'), lostWhereItWas].sort());
  });

  it('finds a sample at its absolute path when the project folder lacks it', async () => {
    const elsewhere = path.join(root, `elsewhere-${files++}`);
    fs.mkdirSync(path.join(elsewhere, 'Samples/Imported'), { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'Samples/Imported/kick.wav'), 'RIFF');
    const xml = buildAlsXml({ style: 'live11', samples: ['Samples/Imported/kick.wav'] }).replaceAll(ORIGINAL_SET_FOLDER, elsewhere);

    const meta = await readAls(place('Moved.als', gzipOfXml(xml)));
    expect(meta.samples).toEqual([path.join(elsewhere, 'Samples/Imported/kick.wav')]);
    expect(meta.missingSamples).toEqual([]);
  });

  it('records a sample on a network path as missing, without looking it up', async () => {
    // On Linux and macOS `//host/...` names a local path: the file is there, so a lookup would find it.
    const elsewhere = path.join(root, `network-${files++}`);
    fs.mkdirSync(path.join(elsewhere, 'Samples/Imported'), { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'Samples/Imported/kick.wav'), 'RIFF');
    const network = `/${elsewhere}`;
    const xml = buildAlsXml({ style: 'live11', samples: ['Samples/Imported/kick.wav'] })
      .replaceAll(ORIGINAL_SET_FOLDER, network)
      .replaceAll(/<RelativePath Value="[^"]*"/g, '<RelativePath Value=""');

    const meta = await readAls(place('Shared.als', gzipOfXml(xml)));
    expect(meta.samples).toEqual([`${network}/Samples/Imported/kick.wav`]);
    expect(meta.missingSamples).toEqual(meta.samples);
  });

  it.each([
    ['a UNC path', '\\\\server\\share\\Samples\\kick.wav'],
    ['a device path', '\\\\?\\UNC\\server\\share\\kick.wav'],
    ['an SMB address', 'smb://server/share/kick.wav'],
    ['a file address with a host', 'file://server/share/kick.wav'],
  ])('records a sample on %s as missing, as written', async (_kind, written) => {
    const xml = buildAlsXml({ style: 'live11', samples: ['kick.wav'] })
      .replaceAll(/<Path Value="[^"]*"/g, `<Path Value="${written}"`)
      .replaceAll(/<RelativePath Value="[^"]*"/g, '<RelativePath Value=""');
    const meta = await readAls(place('Network.als', gzipOfXml(xml)));
    expect(meta.samples).toEqual([written]);
    expect(meta.missingSamples).toEqual([written]);
  });

  it('ignores FileRefs outside SampleRef and the original file inside one', async () => {
    const meta = await readAls(setFile({ style: 'live10', samples: ['Samples/Imported/kick.wav'] }));
    expect(meta.samples).toHaveLength(1);
    expect(meta.samples[0]).toMatch(/kick\.wav$/);
  });
});

describe('readAls on unusual and hostile files', () => {
  it.each([
    ['a zero-byte file', () => place('empty.als', ''), 'empty file'],
    ['text', () => place('notes.als', 'This is not a Live set, just some notes.\n'), 'not gzip (not an Ableton Live set)'],
    ['a truncated gzip', () => place('cut.als', alsGzip({ targetCompressedBytes: 60_000 }).subarray(0, 30_000)), 'truncated gzip'],
    ['gzip magic then garbage', () => place('garbage.als', Buffer.from([0x1f, 0x8b, 0x08, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), /^corrupt gzip/],
    ['a gzip of text that is not XML', () => place('text.als', zlib.gzipSync('hello world')), 'not an Ableton Live set (not XML)'],
    ['a gzip of another XML document', () => place('drawing.als', gzipOfXml('<?xml version="1.0"?>\n<svg width="10"><rect /></svg>')), 'not an Ableton Live set (root element svg)'],
    ['an Ableton preset (no LiveSet)', () => place('rack.als', gzipOfXml('<?xml version="1.0"?><Ableton Creator="Ableton Live 11.3.21"><GroupDevicePreset /></Ableton>')), 'not an Ableton Live set (no LiveSet element)'],
    ['XML cut off inside the tracks', () => setFile({ variant: 'truncated-xml', targetCompressedBytes: 40_000 }), /^truncated XML/],
    ['a DOCTYPE declaring an entity', () => setFile({ variant: 'doctype-entity' }), 'XML declares a DOCTYPE or entities'],
    ['an ENTITY declaration without a DOCTYPE', () => place('entity.als', gzipOfXml(buildAlsXml().replace('<LiveSet>', '<LiveSet><!ENTITY boom "boom">'))), 'XML declares a DOCTYPE or entities'],
    ['an undeclared entity', () => place('undeclared.als', gzipOfXml(buildAlsXml().replace('Value="1-Audio"', 'Value="&boom;"'))), /^malformed XML/],
    ['a missing file', () => path.join(root, 'nowhere', 'Gone.als'), 'cannot open file (ENOENT)'],
    ['a folder named like a set', () => path.dirname(place('inside.txt', 'x')), 'is a folder, not a file'],
    ['a 300-character file name the file system refuses', () => path.join(root, `${'n'.repeat(296)}.als`), 'cannot open file (ENAMETOOLONG)'],
  ])('rejects %s with a clear reason', async (_case, makeFile, reason) => {
    const error = await rejectionOf(makeFile());
    if (typeof reason === 'string') expect(error.reason).toBe(reason);
    else expect(error.reason).toMatch(reason);
  });

  it('reads a set without a main track (no tempo anywhere) for its version, tracks and samples', async () => {
    const meta = await readAls(place('bare.als', gzipOfXml('<Ableton Creator="Ableton Live 11.3.21"><LiveSet><Tracks /></LiveSet></Ableton>')));
    expect(meta).toMatchObject({ daw: 'ableton', dawVersion: 'Ableton Live 11.3.21', tempo: null, tempoAutomated: false, trackCount: 0, samples: [] });
  });

  it('stops a gzip bomb at the cap, from a small file', async () => {
    const header = '<?xml version="1.0" encoding="UTF-8"?>\n<Ableton Creator="Ableton Live 11.3.21"><LiveSet><Tracks>';
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from(header), Buffer.alloc(40 * 1024 * 1024, 0x20)]), { level: 9 });
    const filePath = place('bomb.als', bomb);
    expect(fs.statSync(filePath).size).toBeLessThan(100_000);

    expect((await rejectionOf(filePath)).reason).toBe('inflates past the safety cap (gzip bomb?)');
  });

  it('reads names with bytes that are not UTF-8, replacing them', async () => {
    const meta = await readAls(setFile({ variant: 'invalid-utf8-name', tracks: 4 }));
    expect(meta.tracks[0]).toContain('\uFFFD');
    expect(meta.tracks.slice(1)).toEqual(defaultAlsTracks(4).slice(1).map((track) => track.name));
  });

  it('ignores tracks, samples and a tempo hidden in comments', async () => {
    const options: AlsOptions = { tempo: 133, samples: ['Samples/Imported/kick.wav'] };
    const plainPath = setFile(options);
    const decoyedPath = path.join(path.dirname(plainPath), 'Decoyed.als');
    writeAls(decoyedPath, { ...options, variant: 'comment-decoys' });
    expect(await readAls(decoyedPath)).toEqual(await readAls(plainPath));
  });

  it('reads a set whose path is over 300 characters', async () => {
    const folder = path.join(root, ...Array.from({ length: 6 }, (_unused, level) => `${level}-${'deep folder '.repeat(4)}`));
    fs.mkdirSync(folder, { recursive: true });
    const filePath = path.join(folder, `${'A long song title '.repeat(8)}.als`);
    writeAls(filePath, { tempo: 99 });
    expect(filePath.length).toBeGreaterThan(300);

    expect((await readAls(filePath)).tempo).toBe(99);
  });

  it('stops when its signal aborts, with the signal reason rather than a file error', async () => {
    const controller = new AbortController();
    controller.abort(new Error('scan cancelled'));
    await expect(readAls(setFile({}), { signal: controller.signal })).rejects.toThrow('scan cancelled');
  });
});
