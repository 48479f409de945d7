import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CREDIT_CHARS, UnreadableFileError } from '../../../common/projects/project-meta';
import { studioOneSongBytes, studioOneSongParts, writeStudioOneSong, type StudioOneSongOptions } from '../../synthetic/studioone';
import { zipBytes } from '../../synthetic/zip-writer';
import { readStudioOne } from './read-studioone';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-studioone-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function songWith(options: StudioOneSongOptions, name = 'Night Drive.song') {
  const filePath = path.join(workDir, 'Night Drive', name);
  await writeStudioOneSong(filePath, options);
  return readStudioOne(filePath);
}

async function writeBytes(bytes: Uint8Array, name = 'Hostile.song'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function expectUnreadable(filePath: string, reason: string | RegExp): Promise<void> {
  const failure = await readStudioOne(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).path).toBe(filePath);
  expect((failure as UnreadableFileError).reason).toMatch(reason);
}

const META = '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<MetaInformation><Attribute id="Document:Generator" value="Studio One/6.5.2.97440"/></MetaInformation>';
const SONG = '<?xml version="1.0" encoding="UTF-8"?>\n<Song><Attributes x:id="Root"><List x:id="Tracks"><MediaTrack name="Vox" mediaType="Audio"/></List></Attributes></Song>';

describe('readStudioOne on a generated song', () => {
  it('reads the version, tempo, signature, sample rate and visible tracks', async () => {
    const meta = await songWith({
      generator: 'Fender Studio Pro/8.0.1.112233',
      tempos: [92],
      timeSignature: [6, 8],
      sampleRate: 48_000,
      tracks: [{ name: 'Lead Vocal' }, { name: 'Keys', mediaType: 'Music' }, { name: 'Drums & Perc <Bus>' }],
    });
    expect(meta).toMatchObject({
      daw: 'studioone',
      dawVersion: 'Fender Studio Pro/8.0.1.112233',
      tempo: 92,
      tempoAutomated: false,
      timeSignature: '6/8',
      key: null,
      sampleRate: 48_000,
      trackCount: 3,
      // The marker, arranger and chord tracks are hidden="1": not tracks.
      tracks: ['Lead Vocal', 'Keys', 'Drums & Perc <Bus>'],
    });
  });

  it('reads the tempo from the tempo map (seconds per beat) and calls a map of several tempos automated', async () => {
    const meta = await songWith({ tempos: [125, 140, 125] });
    expect(meta.tempo).toBe(125);
    expect(meta.tempoAutomated).toBe(true);
    expect((await songWith({ tempos: [123.45] }, 'Exact.song')).tempo).toBe(123.45);
  });

  it('leaves every key unknown: only how a song says it has none is confirmed', async () => {
    expect((await songWith({ key: '-' })).key).toBeNull();
    // Spellings no real song has shown: the demo's "D minor" among them, and a bare root that may be a minor key's.
    for (const [index, key] of ['D minor', 'Bbm', 'D', 'C Dorian'].entries()) expect((await songWith({ key }, `Key ${index}.song`)).key).toBeNull();
  });

  it('writes a song without a key as Studio One does: Media:KeySignature "-" and a key map of root 0, no scale', () => {
    const parts = new Map(studioOneSongParts().map((part) => [part.name, String(part.data ?? '')]));
    expect(parts.get('metainfo.xml')).toContain('<Attribute id="Media:KeySignature" value="-"/>');
    expect(parts.get('Song/song.xml')).toMatch(/<KeySignatureMap x:id="keySignatureMap">\s*<Attributes start="0" root="0" scale="" anchor="1"\/>\s*<\/KeySignatureMap>/);
  });

  describe('the song’s title, artist and genre (metainfo.xml)', () => {
    it('keeps Document:Title, Media:Artist and Media:Genre as the project’s credits', async () => {
      const meta = await songWith({ title: 'Night Drive (Club Mix)', artist: 'Ana & Bo', genre: 'Synthwave' });
      expect(meta.credits).toEqual({ title: 'Night Drive (Club Mix)', artist: 'Ana & Bo', genre: 'Synthwave' });
    });

    it('leaves out what the song leaves empty: a new song’s title is its name, its artist and genre blank', async () => {
      expect((await songWith({})).credits).toEqual({ title: 'Night Drive' });
      expect(await songWith({ title: ' ' }, 'Blank.song')).not.toHaveProperty('credits');
    });

    it('cuts a title longer than a song keeps to MAX_CREDIT_CHARS', async () => {
      expect((await songWith({ title: 'T'.repeat(4000), genre: 'G'.repeat(201) })).credits).toEqual({ title: 'T'.repeat(MAX_CREDIT_CHARS), genre: 'G'.repeat(MAX_CREDIT_CHARS) });
    });
  });

  it('lists VST2 and VST3 plug-ins by their own names with instance counts, not Studio One’s own devices', async () => {
    const meta = await songWith({
      tracks: [
        { name: 'Vox', inserts: [{ name: 'Pro-Q 3', subCategory: 'VST3', label: 'Pro-Q 3 (2)' }, { name: 'Pro EQ', subCategory: '(Native)/EQ' }] },
        { name: 'Drums', inserts: [{ name: 'Pro-Q 3', subCategory: 'VST3' }, { name: 'Ozone 9 (64bit)', subCategory: 'VST2', label: 'Ozone 9 (2)' }] },
      ],
      mainInserts: [{ name: 'Pro-L 2', subCategory: 'VST3' }],
      instruments: [
        { name: 'Sylenth1 (64bit)', subCategory: 'VST2' },
        { name: 'Serum', subCategory: 'VST3' },
        { name: 'Mai Tai', subCategory: '(Native)' },
        { name: 'Alchemy', subCategory: 'AudioUnit' },
      ],
    });
    expect(meta.plugins).toEqual([
      { name: 'Pro-L 2', format: 'VST3', instances: 1 },
      { name: 'Pro-Q 3', format: 'VST3', instances: 2 },
      { name: 'Ozone 9', format: 'VST2', instances: 1 },
      { name: 'Sylenth1', format: 'VST2', instances: 1 },
      { name: 'Serum', format: 'VST3', instances: 1 },
    ]);
  });

  it('says plug-ins are unknown when the song has no device parts, and none when its devices are all native', async () => {
    expect((await songWith({ omit: ['Devices/audiomixer.xml', 'Devices/audiosynthfolder.xml'] })).plugins).toBeUndefined();
    expect((await songWith({ mainInserts: [], tracks: [{ name: 'Vox' }], instruments: [{ name: 'Mai Tai', subCategory: '(Native)' }] }, 'Native.song')).plugins).toEqual([]);
  });

  it('finds audio files where the pool says, or under the song’s folder when the folder moved, and skips media:// inside the song', async () => {
    const songFolder = path.join(workDir, 'Night Drive');
    await fs.mkdir(path.join(songFolder, 'Media'), { recursive: true });
    await fs.writeFile(path.join(songFolder, 'Media', 'Vox Take 1.wav'), 'RIFF');
    const elsewhere = path.join(workDir, 'Library', 'kick.wav');
    await fs.mkdir(path.dirname(elsewhere), { recursive: true });
    await fs.writeFile(elsewhere, 'RIFF');
    const meta = await songWith({
      // Saved on another computer: its Media folder moved with the song, the library stayed behind.
      songPath: '/Users/them/Songs/Night Drive/Night Drive.song',
      samples: ['/Users/them/Songs/Night Drive/Media/Vox Take 1.wav', elsewhere, '/Users/them/Samples/lost.wav', 'C:/Users/them/pad.wav'],
      embeddedSamples: ['Media/inside.wav'],
    });
    expect(meta.samples).toEqual([path.join(songFolder, 'Media', 'Vox Take 1.wav'), elsewhere, '/Users/them/Samples/lost.wav', 'C:/Users/them/pad.wav']);
    expect(meta.missingSamples).toEqual(['/Users/them/Samples/lost.wav', 'C:/Users/them/pad.wav']);
  });

  it('counts paths from `home` for a copy of the song kept elsewhere', async () => {
    const home = path.join(workDir, 'Original');
    await fs.mkdir(path.join(home, 'Media'), { recursive: true });
    await fs.writeFile(path.join(home, 'Media', 'bass.wav'), 'RIFF');
    const copy = path.join(workDir, 'snapshots', 'copy.song');
    await fs.mkdir(path.dirname(copy), { recursive: true });
    await fs.writeFile(copy, studioOneSongBytes({ songPath: '/Songs/Original/Original.song', samples: ['/Songs/Original/Media/bass.wav'] }));
    expect((await readStudioOne(copy, home)).samples).toEqual([path.join(home, 'Media', 'bass.wav')]);
  });

  it('reports a file:// URL with a host as a network path, never looked up', async () => {
    const filePath = await writeBytes(
      zipBytes([
        { name: 'metainfo.xml', data: META },
        { name: 'Song/song.xml', data: SONG },
        { name: 'Song/mediapool.xml', data: '<MediaPool><AudioClip><Url x:id="path" url="file://server/share/a%20b.wav"/></AudioClip></MediaPool>' },
      ]),
    );
    const meta = await readStudioOne(filePath);
    expect(meta.samples).toEqual(['//server/share/a%20b.wav']);
    expect(meta.missingSamples).toEqual(['//server/share/a%20b.wav']);
  });

  it('falls back to metainfo for the tempo and signature when song.xml has no maps, and reads the fewest parts a song has', async () => {
    const filePath = await writeBytes(
      zipBytes([
        { name: 'metainfo.xml', data: META.replace('</MetaInformation>', '<Attribute id="Media:Tempo" value="97.5"/><Attribute id="Media:TimeSignatureNumerator" value="3"/><Attribute id="Media:TimeSignatureDenominator" value="4"/></MetaInformation>') },
        { name: 'Song/song.xml', data: SONG },
      ]),
    );
    expect(await readStudioOne(filePath)).toEqual({
      daw: 'studioone',
      dawVersion: 'Studio One/6.5.2.97440',
      tempo: 97.5,
      tempoAutomated: false,
      timeSignature: '3/4',
      key: null,
      sampleRate: null,
      trackCount: 1,
      tracks: ['Vox'],
      samples: [],
      missingSamples: [],
    });
  });
});

describe('readStudioOne refuses what is not a whole song', () => {
  it('refuses a missing file, an empty one, a folder and a FIFO', async () => {
    await expectUnreadable(path.join(workDir, 'absent.song'), 'is missing');
    await expectUnreadable(await writeBytes(Buffer.alloc(0)), 'is empty');
    const folder = path.join(workDir, 'Folder.song');
    await fs.mkdir(folder);
    await expectUnreadable(folder, 'is a folder, not a file');
    if (process.platform !== 'win32') {
      const fifo = path.join(workDir, 'pipe.song');
      execFileSync('mkfifo', [fifo]);
      await expectUnreadable(fifo, 'is a pipe (FIFO), not a file');
    }
  });

  it('refuses a .song that is no ZIP, a ZIP without metainfo.xml, and one without song.xml', async () => {
    await expectUnreadable(await writeBytes(Buffer.from(SONG), 'Text.song'), 'is not a ZIP archive (not a Studio One song)');
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'project.xml', data: '<Project/>' }]), 'Dawproject.song'), 'has no metainfo.xml (not a Studio One song)');
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'metainfo.xml', data: META }]), 'Half.song'), 'has no Song/song.xml (not a whole Studio One song)');
  });

  it('refuses parts whose root is not Studio One’s', async () => {
    const filePath = await writeBytes(zipBytes([{ name: 'metainfo.xml', data: '<plist/>' }, { name: 'Song/song.xml', data: SONG }]));
    await expectUnreadable(filePath, "metainfo.xml: its root is <plist>, not Studio One's <MetaInformation>");
  });

  it('refuses a song cut short, at the file and inside a part', async () => {
    const whole = studioOneSongBytes();
    await expectUnreadable(await writeBytes(whole.subarray(0, whole.length - 100), 'Cut.song'), /cut short|not a ZIP archive/);
    const cutPart = zipBytes([{ name: 'metainfo.xml', data: META }, { name: 'Song/song.xml', data: SONG.slice(0, SONG.length - 20) }]);
    await expectUnreadable(await writeBytes(cutPart, 'CutPart.song'), 'Song/song.xml: XML ends before <Attributes> closes (cut short?)');
  });

  it('refuses hostile XML: a DOCTYPE, an undefined entity, a name past the cap', async () => {
    const bomb = '<!DOCTYPE Song [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><Song/>';
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'metainfo.xml', data: META }, { name: 'Song/song.xml', data: bomb }]), 'Bomb.song'), 'Song/song.xml: XML declares a DOCTYPE or entities (refused)');
    const entity = SONG.replace('name="Vox"', 'name="&xxe;"');
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'metainfo.xml', data: META }, { name: 'Song/song.xml', data: entity }]), 'Entity.song'), /Song\/song\.xml: XML uses the entity &xxe;/);
    const long = SONG.replace('name="Vox"', `name="${'V'.repeat(5000)}"`);
    await expectUnreadable(await writeBytes(zipBytes([{ name: 'metainfo.xml', data: META }, { name: 'Song/song.xml', data: long }]), 'Long.song'), 'Song/song.xml: a track name of 5000 characters, more than 1024');
  });

  it('refuses a zip bomb among the parts it reads', async () => {
    const bomb = zipBytes([
      { name: 'metainfo.xml', data: META },
      { name: 'Song/song.xml', data: Buffer.alloc(32 * 1024 * 1024, 0x20), declare: { size: SONG.length } },
    ]);
    await expectUnreadable(await writeBytes(bomb, 'Bomb.song'), `Song/song.xml inflates past the ${SONG.length} bytes it declares (zip bomb?)`);
  });
});
