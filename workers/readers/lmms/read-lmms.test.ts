import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { lmmsProjectXml, qCompress, writeLmmsProject, type LmmsTrack } from '../../synthetic/lmms';
import { MAX_XML_DEPTH } from '../bounded-xml';
import { MAX_LMMS_XML_BYTES } from './qcompress';
import { readLmms } from './read-lmms';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-lmms-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let cases = 0;
function projectPath(name: string): string {
  const folder = path.join(root, `case-${cases++}`);
  fs.mkdirSync(folder);
  return path.join(folder, name);
}

function place(content: Buffer | string, name = 'Song.mmp'): string {
  const file = projectPath(name);
  fs.writeFileSync(file, content);
  return file;
}

async function rejectionOf(filePath: string): Promise<UnreadableFileError> {
  const error: unknown = await readLmms(filePath).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  expect((error as UnreadableFileError).path).toBe(filePath);
  return error as UnreadableFileError;
}

const ABSOLUTE_SAMPLE = path.join(root, 'library', 'break.wav');

const TRACKS: readonly LmmsTrack[] = [
  {
    kind: 'beat',
    name: 'Beat/Bassline 0',
    tracks: [
      { kind: 'instrument', name: 'kick01.ogg', sample: 'factorysample:drums/kick01.ogg' },
      { kind: 'instrument', name: 'Break', sample: ABSOLUTE_SAMPLE },
      { kind: 'instrument', name: 'Inner Synth', vestige: 'uservst:Synth1 VST.dll' },
    ],
  },
  { kind: 'instrument', name: 'Lead & "Pad"', vestige: 'C:\\VST\\Synth1 VST.dll', effects: [{ kind: 'vst', plugin: '/home/me/.vst/TAL-Reverb-4.so' }, { kind: 'ladspa', name: 'Plate' }] },
  { kind: 'instrument', name: 'Bass' },
  { kind: 'sample', name: 'Vocals', clips: ['local:vocals/take1.wav', 'local:vocals/lost.wav', 'usersample:vox.wav', 'drums/old-style.ogg'] },
  { kind: 'automation', name: 'Filter sweep' },
];

describe.each(['Song.mmp', 'Song.mmpz', 'Song.mmpz.bak'])('readLmms on a generated %s', (name) => {
  it('reads the version, tempo, signature, tracks, plug-ins and samples exactly', async () => {
    const file = projectPath(name);
    writeLmmsProject(file.replace(/\.bak$/, ''), { version: '1.2.2', tempo: 87.5, timeSignature: [6, 8], tracks: TRACKS }, ['local:vocals/lost.wav']);
    if (file.endsWith('.bak')) fs.renameSync(file.replace(/\.bak$/, ''), file);
    const folder = path.dirname(file);
    expect(await readLmms(file)).toEqual({
      daw: 'lmms',
      dawVersion: 'LMMS 1.2.2',
      tempo: 87.5,
      tempoAutomated: false,
      timeSignature: '6/8',
      key: null,
      sampleRate: null,
      trackCount: 4,
      tracks: ['Beat/Bassline 0', 'Lead & "Pad"', 'Bass', 'Vocals'],
      plugins: [
        { name: 'Synth1 VST', format: 'VST2', instances: 2 },
        { name: 'TAL-Reverb-4', format: 'VST2', instances: 1 },
      ],
      samples: [ABSOLUTE_SAMPLE, path.join(folder, 'vocals', 'take1.wav'), path.join(folder, 'vocals', 'lost.wav')],
      missingSamples: [path.join(folder, 'vocals', 'lost.wav')],
    });
  });
});

describe('readLmms reading the tempo', () => {
  it('flags a tempo an automation pattern drives as automated, keeping the head’s value', async () => {
    const meta = await readLmms(place(lmmsProjectXml({ tempo: 140, tempoAutomation: [150, 160] })));
    expect(meta).toMatchObject({ tempo: 140, tempoAutomated: true });
  });

  it('reads an older file’s <head><bpm value> as a fixed tempo', async () => {
    const meta = await readLmms(place(lmmsProjectXml({ tempo: 98, legacyHead: true })));
    expect(meta).toMatchObject({ tempo: 98, tempoAutomated: false, timeSignature: '4/4' });
  });

  it('leaves the tempo and signature unknown when the head states none', async () => {
    const meta = await readLmms(place('<lmms-project type="song"><head/><song/></lmms-project>'));
    expect(meta).toMatchObject({ dawVersion: null, tempo: null, timeSignature: null, trackCount: 0, tracks: [] });
  });
});

describe('readLmms on what LMMS wrote before 1.0', () => {
  // LMMS 0.4 (LMMS/lmms tests/emptyproject.mmp, 0.4.0-rc2) names its document "multimedia-project"; 0.1 to 0.3
  // (its mmp.cpp) wrote the DOCTYPE "multimedia-project" around a root "multimediaproject". Both are songs.
  const track = (type: number, name: string) => `<track muted="0" type="${type}" name="${name}"/>`;
  const body = `<head timesig_numerator="3" mastervol="100" timesig_denominator="4" bpm="140" masterpitch="0" />
  <song><trackcontainer type="song">${track(0, 'Standard-Preset')}${track(2, 'Sample-Spur')}${track(1, 'Beat/Bassline 0')}</trackcontainer></song>`;

  it('reads a 0.4 <multimedia-project>', async () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE multimedia-project>\n<multimedia-project version="1.0" creator="Linux MultiMedia Studio (LMMS)" creatorversion="0.4.0-rc2" type="song" >\n  ${body}\n</multimedia-project>\n`;
    expect(await readLmms(place(xml))).toMatchObject({
      dawVersion: 'LMMS 0.4.0-rc2',
      tempo: 140,
      timeSignature: '3/4',
      trackCount: 3,
      tracks: ['Standard-Preset', 'Sample-Spur', 'Beat/Bassline 0'],
    });
  });

  it('reads a 0.3 <multimediaproject> with its tempo as <head><bpm value>', async () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE multimedia-project>\n<multimediaproject version="1.0" creatorversion="0.3.2" type="song"><head><bpm value="128"/></head><song><trackcontainer type="song">${track(0, 'Lead')}</trackcontainer></song></multimediaproject>`;
    expect(await readLmms(place(xml))).toMatchObject({ dawVersion: 'LMMS 0.3.2', tempo: 128, tracks: ['Lead'] });
  });

  it('reads 0.x tracks: a "songeditor" container, each track named by its first child', async () => {
    // As LMMS 0.1.2 (data/projects/demos/demo4.mmp) and 0.3.0 (misc/mystic.mmp) wrote them: the name is on the
    // <channeltrack>, <instrumenttrack> or <bbtrack> inside (LMMS's Track::loadSettings falls back to it), and the
    // beat/bassline's own tracks sit in a "bbeditor" container inside it.
    const xml = `<?xml version="1.0"?>
<!DOCTYPE multimedia-project>
<multimedia-project creatorversion="0.3.0-rc2" type="song" version="1.0" >
 <head masterpitch="0" bpm="130" mastervol="86" />
 <song>
  <trackcontainer type="songeditor" visible="1" >
   <track muted="0" type="1" >
    <bbtrack icon="" name="Beat/Baseline 0" >
     <trackcontainer type="bbeditor" ><track muted="0" type="0" ><instrumenttrack name="Crystallo" /></track></trackcontainer>
    </bbtrack>
   </track>
   <track muted="0" type="0" ><channeltrack vol="70" name="TB303" ><tripleoscillator /></channeltrack></track>
   <track muted="0" type="2" ></track>
   <track muted="0" type="0" name="Named Lead" ><instrumenttrack name="Lead" /></track>
  </trackcontainer>
 </song>
</multimedia-project>`;
    expect(await readLmms(place(xml))).toMatchObject({ tempo: 130, trackCount: 4, tracks: ['Beat/Baseline 0', 'TB303', '', 'Named Lead'] });
  });

  it('still refuses an old document that is no song, and an old DOCTYPE around another root', async () => {
    const preset = '<!DOCTYPE multimedia-project><multimedia-project type="instrumenttracksettings"><head/></multimedia-project>';
    expect((await rejectionOf(place(preset))).reason).toBe('not an LMMS song (its type is "instrumenttracksettings")');
    expect((await rejectionOf(place('<!DOCTYPE multimedia-project><Session version="3001"/>'))).reason).toBe('not an LMMS project (its root is <Session>)');
  });
});

describe('readLmms refusing what is not a readable project', () => {
  const xml = lmmsProjectXml({ tracks: TRACKS });
  const compressed = qCompress(xml);

  it.each([
    ['an empty .mmp', '', 'Song.mmp', /^empty file$/],
    ['an empty .mmpz', '', 'Song.mmpz', /^empty file$/],
    ['a .mmpz that is plain XML', xml, 'Song.mmpz', /^not zlib \(not an LMMS \.mmpz\)$/],
    ['a .mmp that is compressed', compressed, 'Song.mmp', /^not XML \(not an LMMS project\)$/],
    ['a .mmpz of four bytes', compressed.subarray(0, 4), 'Song.mmpz', /^cut short/],
    ['an instrument preset', '<?xml version="1.0"?>\n<!DOCTYPE lmms-project>\n<lmms-project type="instrumenttracksettings"><head/></lmms-project>', 'Song.mmp', /^not an LMMS song \(its type is "instrumenttracksettings"\)$/],
    ['another XML file', '<Session version="3001"/>', 'Song.mmp', /^not an LMMS project \(its root is <Session>\)$/],
    ['a DOCTYPE declaring an entity', '<!DOCTYPE lmms-project [<!ENTITY x "boom">]><lmms-project type="song"><head bpm="&x;"/></lmms-project>', 'Song.mmp', /XML declares a DOCTYPE or entities/],
    ['another DOCTYPE', '<!DOCTYPE html><lmms-project type="song"/>', 'Song.mmp', /XML declares a DOCTYPE or entities/],
    ['a second DOCTYPE', '<!DOCTYPE lmms-project><!DOCTYPE lmms-project><lmms-project type="song"/>', 'Song.mmp', /XML declares a DOCTYPE or entities/],
    ['a damaged character in text the reader never reads', '<!DOCTYPE lmms-project><lmms-project type="song"><notes>R&B</notes></lmms-project>', 'Song.mmp', /^malformed or cut XML \(XML has a bare "&" in its text\)$/],
    ['XML nested deeper than the cap', `<lmms-project type="song">${'<a>'.repeat(MAX_XML_DEPTH)}${'</a>'.repeat(MAX_XML_DEPTH)}</lmms-project>`, 'Song.mmp', /XML nested deeper than 256/],
  ])('refuses %s', async (_case, content, name, reason) => {
    expect((await rejectionOf(place(content, name))).reason).toMatch(reason);
  });

  it.each([0.3, 0.6, 0.99])('refuses a .mmpz cut at %s of its length', async (fraction) => {
    const cut = compressed.subarray(0, Math.max(7, Math.floor(compressed.length * fraction)));
    expect((await rejectionOf(place(cut, 'Song.mmpz'))).reason).toBe('zlib stream cut short');
  });

  it.each([0.3, 0.6, 0.99])('refuses a .mmp cut at %s of its length', async (fraction) => {
    expect((await rejectionOf(place(xml.slice(0, Math.floor(xml.length * fraction))))).reason).toMatch(/^malformed or cut XML/);
  });

  it('refuses a declared size past the cap before inflating anything', async () => {
    const lying = Buffer.from(compressed);
    lying.writeUInt32BE(0xffffffff, 0);
    expect((await rejectionOf(place(lying, 'Song.mmpz'))).reason).toBe(`declares 4294967295 bytes uncompressed, more than the ${MAX_LMMS_XML_BYTES} an LMMS project may have`);
  });

  it('stops a zlib bomb that declares a small size at the inflate cap', async () => {
    const bomb = Buffer.concat([Buffer.from([0, 0, 4, 0]), zlib.deflateSync(Buffer.alloc(MAX_LMMS_XML_BYTES + 1024, 0x20), { level: 9 })]);
    expect((await rejectionOf(place(bomb, 'Song.mmpz'))).reason).toBe(`inflates past ${MAX_LMMS_XML_BYTES} bytes (zlib bomb?)`);
  });

  it('refuses corrupt zlib data', async () => {
    const corrupt = Buffer.from(compressed);
    corrupt.fill(0xff, 8, 40);
    expect((await rejectionOf(place(corrupt, 'Song.mmpz'))).reason).toMatch(/^corrupt zlib \(.+\)$/);
  });
});
