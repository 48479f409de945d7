import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_META_TRACKS, UnreadableFileError } from '../../../common/projects/project-meta';
import { reaperProjectText, writeReaperProject, type ReaperTrack } from '../../synthetic/reaper';
import { MAX_RPP_BYTES, readReaper } from './read-reaper';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-reaper-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let cases = 0;
/** A fresh project folder; returns where its `.rpp` goes. */
function projectPath(name = 'Song.rpp'): string {
  const folder = path.join(root, `case-${cases++}`);
  fs.mkdirSync(folder);
  return path.join(folder, name);
}

function place(content: Buffer | string, name = 'Song.rpp'): string {
  const file = projectPath(name);
  fs.writeFileSync(file, content);
  return file;
}

async function rejectionOf(filePath: string): Promise<UnreadableFileError> {
  const error: unknown = await readReaper(filePath).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  expect((error as UnreadableFileError).path).toBe(filePath);
  return error as UnreadableFileError;
}

const TRACKS: readonly ReaperTrack[] = [
  { name: 'Drums', folder: 'open', samples: ['Audio/kick.wav', 'Audio\\snare.wav'], fx: [{ format: 'VST2', name: 'ReaComp' }] },
  { name: 'Kick In', samples: ['Audio/kick.wav', 'Audio/lost.wav'], fx: [{ format: 'VST3', name: 'Pro-Q 3', vendor: 'FabFilter' }] },
  { name: 'Snare "Top"', folder: 'close', fx: [{ format: 'VST3', name: 'Pro-Q 3', vendor: 'FabFilter', rename: 'Snare EQ' }, { format: 'JS', name: 'loser/3BandEQ' }] },
  { name: 'Keys', midiItems: 2, fx: [{ format: 'AU', name: 'Diva', vendor: 'u-he', instrument: true }] },
  { name: '', fx: [{ format: 'CLAP', name: 'Surge XT', vendor: 'Surge Synth Team', instrument: true }] },
];

describe('readReaper on generated projects', () => {
  it('reads the version, tempo, signature, sample rate, tracks and plug-ins exactly', async () => {
    const file = projectPath();
    writeReaperProject(file, { tempo: 92.5, timeSignature: [7, 8], sampleRate: 48_000, tracks: TRACKS, masterFx: [{ format: 'VST2', name: 'ReaEQ' }, { format: 'VST3', name: 'Ozone 9', vendor: 'iZotope' }] }, ['Audio/lost.wav']);
    const folder = path.dirname(file);
    expect(await readReaper(file)).toEqual({
      daw: 'reaper',
      dawVersion: 'REAPER 7.51/win64',
      tempo: 92.5,
      tempoAutomated: false,
      timeSignature: '7/8',
      key: null,
      sampleRate: 48_000,
      trackCount: 5,
      tracks: ['Drums', 'Kick In', 'Snare "Top"', 'Keys', ''],
      plugins: [
        { name: 'ReaEQ', format: 'VST2', instances: 1 },
        { name: 'Ozone 9', format: 'VST3', instances: 1 },
        { name: 'ReaComp', format: 'VST2', instances: 1 },
        { name: 'Pro-Q 3', format: 'VST3', instances: 2 },
        { name: 'Diva', format: 'AU', instances: 1 },
        { name: 'Surge XT', format: 'CLAP', instances: 1 },
      ],
      samples: [path.join(folder, 'Audio', 'kick.wav'), path.join(folder, 'Audio', 'snare.wav'), path.join(folder, 'Audio', 'lost.wav')],
      missingSamples: [path.join(folder, 'Audio', 'lost.wav')],
    });
  });

  it('reads an unquoted version and CRLF line ends', async () => {
    const file = place(reaperProjectText({ version: '5.50c', quoteVersion: false, lineEnding: '\r\n', tracks: [{ name: 'Bass Line' }] }));
    expect(await readReaper(file)).toMatchObject({ dawVersion: 'REAPER 5.50c', tracks: ['Bass Line'], tempo: 120, timeSignature: '4/4' });
  });

  it('flags the tempo as automated when a tempo point differs from the project tempo, and not for a point at the same tempo', async () => {
    const changing = await readReaper(place(reaperProjectText({ tempo: 120, tempoPoints: [120, 140] })));
    expect(changing).toMatchObject({ tempo: 120, tempoAutomated: true });
    const steady = await readReaper(place(reaperProjectText({ tempo: 120, tempoPoints: [120] })));
    expect(steady.tempoAutomated).toBe(false);
  });

  it('takes the tempo a point at the start sets over the project tempo line, which REAPER then does not play', async () => {
    // As REAPER 6.0 saved ZoeB/midi-tools' test.RPP: `TEMPO 120 4 4`, and the tempo envelope's one point at 0 s at 100.
    const startsAt100 = await readReaper(place(reaperProjectText({ tempo: 120, tempoPoints: [100] })));
    expect(startsAt100).toMatchObject({ tempo: 100, tempoAutomated: false });
    const thenFaster = await readReaper(place(reaperProjectText({ tempo: 120, tempoPoints: [100, 140] })));
    expect(thenFaster).toMatchObject({ tempo: 100, tempoAutomated: true });
    // A first point later in the song: the project tempo plays until it.
    const later = reaperProjectText({ tempo: 120, tempoPoints: [100] }).replace(/PT 0\.0+ 100 0/, 'PT 8.00000000 100 0');
    expect(await readReaper(place(later))).toMatchObject({ tempo: 120, tempoAutomated: true });
  });

  it('does not take other envelopes’ points or items’ names for tempo or tracks', async () => {
    const text = reaperProjectText({ tracks: [{ name: 'Vox', samples: ['vox.wav'] }] }).replace(
      '    MAINSEND 1 0\n',
      '    MAINSEND 1 0\n    <VOLENV2\n      PT 0 1 0\n      PT 4 0.5 0\n    >\n',
    );
    expect(await readReaper(place(text))).toMatchObject({ tempoAutomated: false, tracks: ['Vox'] });
  });

  it('lists a MIDI item’s file and JS effects as neither samples nor plug-ins', async () => {
    const text = reaperProjectText({ tracks: [{ name: 'Keys', fx: [{ format: 'JS', name: 'utility/volume' }] }], masterFx: [] }).replace(
      '    MAINSEND 1 0\n',
      '    MAINSEND 1 0\n    <ITEM\n      <SOURCE MIDI\n        FILE "riff.mid"\n      >\n    >\n',
    );
    expect(await readReaper(place(text))).toMatchObject({ plugins: [], samples: [], missingSamples: [] });
  });

  it('reports absolute, Windows and network sample paths as written, looking up only the local absolute one', async () => {
    const local = path.join(root, 'absolute-kick.wav');
    fs.writeFileSync(local, 'RIFF');
    // On Linux and macOS `//…` names a local path: the file is there, so a lookup would find it.
    const written = [local, 'C:\\Users\\me\\Audio\\hat.wav', '\\\\server\\share\\loop.wav', `/${local}`];
    const meta = await readReaper(place(reaperProjectText({ tracks: [{ name: 'Paths', samples: written }] })));
    expect(meta.samples).toEqual(written);
    expect(meta.missingSamples).toEqual(written.slice(1));
  });

  it('resolves relative samples from `home` when given (a copy kept elsewhere)', async () => {
    const project = projectPath();
    writeReaperProject(project, { tracks: [{ name: 'Drums', samples: ['Audio/kick.wav'] }] });
    const copy = place(fs.readFileSync(project));
    const meta = await readReaper(copy, path.dirname(project));
    expect(meta.samples).toEqual([path.join(path.dirname(project), 'Audio', 'kick.wav')]);
    expect(meta.missingSamples).toEqual([]);
  });

  it('keeps the first MAX_META_TRACKS track names and counts them all', async () => {
    const tracks = Array.from({ length: MAX_META_TRACKS + 5 }, (_unused, index) => ({ name: `T${index}` }));
    const meta = await readReaper(place(reaperProjectText({ tracks, masterFx: [], stateLines: 0 })));
    expect(meta.trackCount).toBe(MAX_META_TRACKS + 5);
    expect(meta.tracks).toHaveLength(MAX_META_TRACKS);
    expect(meta.listTotals).toEqual({ tracks: MAX_META_TRACKS + 5 });
  });

  it('reads a .rpp-bak like the project it copies', async () => {
    const text = reaperProjectText({ tempo: 135, tracks: [{ name: 'Track1' }] });
    expect(await readReaper(place(text, 'Song.rpp-bak'))).toEqual(await readReaper(place(text)));
  });
});

describe('readReaper refusing what is not a readable project', () => {
  const valid = reaperProjectText({ tracks: TRACKS });

  it.each([
    ['an empty file', '', /^empty file$/],
    ['another format named .rpp', '<?xml version="1.0"?><Session/>', /not a REAPER project \(does not start with <REAPER_PROJECT\)/],
    ['a tag that only starts like the header', '<REAPER_PROJECTS 0.1\n>\n', /not a REAPER project/],
    ['a close with nothing open', `${valid}>\n`, /text after the end of the project/],
    ['a stray block closing', '<REAPER_PROJECT 0.1 "7.51/win64" 1\n>\n>\n', /text after the end/],
    ['nesting deeper than any project', `<REAPER_PROJECT 0.1\n${'<A\n'.repeat(200)}${'>\n'.repeat(200)}>\n`, /nested deeper than 128/],
    ['a track name longer than 64 KiB', `<REAPER_PROJECT 0.1\n<TRACK\nNAME ${'x'.repeat(70_000)}\n>\n>\n`, /statement longer than 65536 bytes/],
  ])('refuses %s', async (_case, content, reason) => {
    expect((await rejectionOf(place(content))).reason).toMatch(reason);
  });

  it.each([0.2, 0.5, 0.9, 0.999])('refuses a project cut at %s of its length, saying blocks were left open', async (fraction) => {
    const cut = valid.slice(0, Math.floor(valid.length * fraction));
    expect((await rejectionOf(place(cut))).reason).toMatch(/is cut short \(\d+ blocks? left open\)/);
  });

  it('refuses a file over the size cap before reading it', async () => {
    const file = projectPath();
    fs.writeFileSync(file, '<REAPER_PROJECT 0.1\n');
    fs.truncateSync(file, MAX_RPP_BYTES + 1);
    expect((await rejectionOf(file)).reason).toBe(`${MAX_RPP_BYTES + 1} bytes, more than the ${MAX_RPP_BYTES} a REAPER project may have`);
  });

  it('refuses a missing file and a folder named like a project', async () => {
    expect((await rejectionOf(path.join(root, 'absent.rpp'))).reason).toBe('is missing');
    const folder = projectPath('Folder.rpp');
    fs.mkdirSync(folder);
    expect((await rejectionOf(folder)).reason).toBe('is a folder, not a file');
  });

  it('refuses a file naming more distinct plug-ins than any project', async () => {
    const blocks = Array.from({ length: 20_001 }, (_unused, index) => `<VST "VST: P${index} (V)" p.dll 0 "" 1\n>`).join('\n');
    const text = `<REAPER_PROJECT 0.1\n<MASTERFXLIST\n${blocks}\n>\n>\n`;
    expect((await rejectionOf(place(text))).reason).toBe('names more than 20000 distinct plug-ins');
  });
});
