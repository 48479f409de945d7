import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { ardourSessionXml, writeArdourSession, type ArdourLayout, type ArdourRoute } from '../../synthetic/ardour';
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS } from '../bounded-xml';
import { MAX_ARDOUR_BYTES, readArdour } from './read-ardour';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-ardour-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let cases = 0;
function freshFolder(): string {
  const folder = path.join(root, `case-${cases++}`);
  fs.mkdirSync(folder);
  return folder;
}

function place(content: Buffer | string, name = 'Song.ardour'): string {
  const file = path.join(freshFolder(), name);
  fs.writeFileSync(file, content);
  return file;
}

async function rejectionOf(filePath: string): Promise<UnreadableFileError> {
  const error: unknown = await readArdour(filePath).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  expect((error as UnreadableFileError).path).toBe(filePath);
  return error as UnreadableFileError;
}

const ROUTES: readonly ArdourRoute[] = [
  { name: 'Kick & "Snare"', kind: 'audio', sources: ['Kick-1.wav', 'Kick-2.wav'], plugins: [{ type: 'lv2', name: 'ACE Compressor' }, { type: 'vst3', name: 'Pro-Q 3' }] },
  { name: 'Synth', kind: 'midi', plugins: [{ type: 'lxvst', name: 'Surge XT' }, { type: 'luaproc', name: 'ACE Amplifier' }] },
  { name: 'Vox', kind: 'audio', sources: ['Vox-1.wav'], plugins: [{ type: 'vst3', name: 'Pro-Q 3' }, { type: 'audiounit', name: 'AUGraphicEQ' }] },
  { name: 'Reverb', kind: 'bus', plugins: [{ type: 'windows-vst', name: 'ValhallaRoom' }, { type: 'mac-vst', name: 'Decapitator' }, { type: 'ladspa', name: 'Delay' }] },
];

describe.each(['3001', '7003'] as ArdourLayout[])('readArdour on a generated %s session', (layout) => {
  it('reads the version, tempo, signature, sample rate, tracks, plug-ins and samples exactly', async () => {
    const folder = freshFolder();
    const session = writeArdourSession(path.join(folder, 'Night Song.ardour'), { layout, tempo: 97.5, timeSignature: [6, 8], sampleRate: 44_100, routes: ROUTES, masterPlugins: [{ type: 'vst3', name: 'Ozone 9' }] }, ['Kick-2.wav']);
    const audio = path.join(folder, 'interchange', 'Night Song', 'audiofiles');
    expect(await readArdour(session)).toEqual({
      daw: 'ardour',
      dawVersion: layout === '3001' ? 'Ardour session 3001' : 'Ardour 8.4.0 (session 7003)',
      tempo: 97.5,
      tempoAutomated: false,
      timeSignature: '6/8',
      key: null,
      sampleRate: 44_100,
      trackCount: 3,
      tracks: ['Kick & "Snare"', 'Synth', 'Vox'],
      plugins: [
        { name: 'Ozone 9', format: 'VST3', instances: 1 },
        { name: 'Pro-Q 3', format: 'VST3', instances: 2 },
        { name: 'Surge XT', format: 'VST2', instances: 1 },
        { name: 'AUGraphicEQ', format: 'AU', instances: 1 },
        { name: 'ValhallaRoom', format: 'VST2', instances: 1 },
        { name: 'Decapitator', format: 'VST2', instances: 1 },
      ],
      samples: [path.join(audio, 'Kick-1.wav'), path.join(audio, 'Kick-2.wav'), path.join(audio, 'Vox-1.wav')],
      missingSamples: [path.join(audio, 'Kick-2.wav')],
    });
  });

  it('flags a tempo map with a second tempo as automated, and keeps the first tempo', async () => {
    const meta = await readArdour(place(ardourSessionXml({ layout, tempo: 120, laterTempos: [132] })));
    expect(meta).toMatchObject({ tempo: 120, tempoAutomated: true });
  });

  it('reports an absolute source as written and looks it up where it lies', async () => {
    const external = path.join(freshFolder(), 'loop.wav');
    fs.writeFileSync(external, 'RIFF');
    const lost = 'C:\\Samples\\hat.wav';
    const meta = await readArdour(place(ardourSessionXml({ layout, routes: [], externalSources: [external, lost] })));
    expect(meta.samples).toEqual([external, lost]);
    expect(meta.missingSamples).toEqual([lost]);
  });
});

describe('readArdour on older and odd sessions', () => {
  it('reads an Ardour 2 session: diskstream-id tracks, beats-per-bar, Insert plug-ins named by their IO', async () => {
    const xml = `<?xml version="1.0"?>
<Session version="2.0.0" name="Old" sample-rate="44100">
  <Sources><Source name="Old-take.wav" id="1"/></Sources>
  <Routes>
    <Route name="master" flags="MasterOut" default-type="audio"><IO name="master"/></Route>
    <Route name="Guitar" diskstream-id="5" default-type="audio">
      <IO name="Guitar"/>
      <Insert type="ladspa" unique-id="1"><Redirect><IO name="Plate Reverb"/></Redirect></Insert>
      <Insert type="vst" unique-id="2"><Redirect><IO name="Amplitube"/></Redirect></Insert>
    </Route>
  </Routes>
  <TempoMap><Tempo start="1|1|0" beats-per-minute="88.000000" note-type="4.000000"/><Meter start="1|1|0" beats-per-bar="3.000000" note-type="4.000000"/></TempoMap>
</Session>`;
    const file = place(xml, 'Old.ardour');
    expect(await readArdour(file)).toMatchObject({
      dawVersion: 'Ardour session 2.0.0',
      tempo: 88,
      timeSignature: '3/4',
      tracks: ['Guitar'],
      plugins: [{ name: 'Amplitube', format: 'VST2', instances: 1 }],
      samples: [path.join(path.dirname(file), 'interchange', 'Old', 'audiofiles', 'Old-take.wav')],
    });
  });

  it('does not use a session name that is not a plain folder name as a path', async () => {
    const xml = ardourSessionXml({ name: '../../elsewhere', routes: [{ name: 'A', kind: 'audio', sources: ['a.wav'] }] });
    const file = place(xml, 'Real.ardour');
    expect((await readArdour(file)).samples).toEqual([path.join(path.dirname(file), 'interchange', 'Real', 'audiofiles', 'a.wav')]);
  });

  it('leaves the tempo and signature unknown when the map states none', async () => {
    const meta = await readArdour(place('<Session version="3001" name="S"><Routes/></Session>'));
    expect(meta).toMatchObject({ tempo: null, timeSignature: null, tempoAutomated: false, sampleRate: null, trackCount: 0 });
  });
});

describe('readArdour refusing what is not a readable session', () => {
  const valid = ardourSessionXml({ routes: ROUTES });

  it.each([
    ['an empty file', '', /^empty file$/],
    ['a binary file', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]), /^not XML \(not an Ardour session\)$/],
    ['another XML file named .ardour', '<?xml version="1.0"?><instant><Editor/></instant>', /^not an Ardour session \(its root is <instant>\)$/],
    ['a DOCTYPE declaring an entity', `<?xml version="1.0"?><!DOCTYPE Session [<!ENTITY x "${'a'.repeat(100)}">]><Session version="3001" name="&x;"/>`, /XML declares a DOCTYPE or entities/],
    ['a bare DOCTYPE', '<!DOCTYPE Session><Session version="3001"/>', /XML declares a DOCTYPE or entities/],
    ['XML nested deeper than the cap', `<Session>${'<a>'.repeat(MAX_XML_DEPTH + 5)}${'</a>'.repeat(MAX_XML_DEPTH + 5)}</Session>`, /XML nested deeper than 256/],
    ['a track name longer than 64 Ki characters', `<Session><Routes><Route name="${'x'.repeat(70_000)}" audio-playlist="1"/></Routes></Session>`, /name or path longer than 65536/],
    ['mismatched tags', '<Session><Routes></Session>', /^malformed or cut XML/],
    ['a damaged attribute of an element the reader never reads', '<Session version="3001"><Extra a="1"b="2"/></Session>', /^malformed or cut XML \(XML has a malformed attribute\)$/],
    ['an attribute written twice', '<Session version="3001" version="7003"/>', /^malformed or cut XML \(XML has the attribute version twice in one tag\)$/],
  ])('refuses %s', async (_case, content, reason) => {
    expect((await rejectionOf(place(content))).reason).toMatch(reason);
  });

  it.each([0.1, 0.5, 0.95])('refuses a session cut at %s of its length', async (fraction) => {
    expect((await rejectionOf(place(valid.slice(0, Math.floor(valid.length * fraction))))).reason).toMatch(/^malformed or cut XML \(.+\)$/);
  });

  it('refuses more elements than the cap', async () => {
    const xml = `<Session>${'<a/>'.repeat(MAX_XML_ELEMENTS + 1)}</Session>`;
    expect((await rejectionOf(place(xml))).reason).toBe(`XML holds more than ${MAX_XML_ELEMENTS} elements`);
  });

  it('refuses a file over the size cap before reading it', async () => {
    const file = place('<Session>');
    fs.truncateSync(file, MAX_ARDOUR_BYTES + 1);
    expect((await rejectionOf(file)).reason).toBe(`${MAX_ARDOUR_BYTES + 1} bytes, more than the ${MAX_ARDOUR_BYTES} a session file may have`);
  });
});
