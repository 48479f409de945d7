/**
 * The twelve DAWs of `bench:scan --mixed`: for each, how large its project files are and how one project is written,
 * by the project's own generator (its size knob fitted to the size drawn) or, for a DAW without a writer here (or
 * named by `--copy`), by copying the real files of ../shared/fixtures, many times over, into the bench library.
 *
 * Sizes are the project file's bytes on disk, log-normal around a median and clamped, from what real projects of
 * each DAW weigh: Live sets as bench:scan always drew them, Cubase's arrangements larger, LMMS and REAPER's text
 * smaller. A generator's knob (filler, plug-in state, events, tracks) is fitted to the size by two builds, since the
 * bytes grow linearly with it. Two writers have no knob: GarageBand's plists stay as small as they are (its reader
 * never opens ProjectData), and a Logic package gets the shared fixture's real ProjectData (526 KB) when it is
 * there, because the reader reads that file whole for its Audio Units and the generator's stand-in is 700 bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Daw } from '../common/projects/project-meta';
import { writeAls } from '../fixtures/generators/als';
import { ardourSessionXml, writeArdourSession, type ArdourRoute } from '../fixtures/generators/ardour';
import { bitwigProjectBytes, writeBitwigProject } from '../fixtures/generators/bitwig';
import { encodeCubaseProject, writeCubaseProject } from '../fixtures/generators/cubase';
import { dawprojectBytes, writeDawproject } from '../fixtures/generators/dawproject';
import { buildFlStudioProject, writeFlStudioProject, type FlStudioProjectOptions } from '../fixtures/generators/flstudio';
import { writeGarageBand } from '../fixtures/generators/garageband';
import { lmmsProjectXml, qCompress, writeLmmsProject, type LmmsTrack } from '../fixtures/generators/lmms';
import { writeLogicx } from '../fixtures/generators/logicx';
import { buildProToolsSession, writeProToolsSession } from '../fixtures/generators/protools';
import { reaperProjectText, writeReaperProject, type ReaperTrack } from '../fixtures/generators/reaper';
import { studioOneSongBytes, writeStudioOneSong } from '../fixtures/generators/studioone';
import { writeWav } from '../fixtures/generators/wav';
import { SHARED_FIXTURES, SHARED_FIXTURES_2 } from '../fixtures/shared-fixtures';

export interface SizeRange {
  median: number;
  min: number;
  max: number;
}

/** Writes one project of about `bytes` into `folder` (created); answers its session: the file, or the package. */
export type ProjectWriter = (folder: string, name: string, bytes: number, index: number) => Promise<string>;

export interface MixedFormat {
  daw: Daw;
  sizes: SizeRange;
  /** Absent: the DAW's projects are copies of `real`. */
  write?: ProjectWriter;
  /** Real sessions (files, or Logic packages) to copy when there is no writer; the fixtures' damaged ones are left out. */
  real: string[];
}


const KB = 1024;
const MB = 1024 * KB;
const STYLES = ['live10', 'live11', 'live12'] as const;
const FL_PLUGIN_FOLDER = 'C:\\Program Files\\Common Files\\VST3';

export const MIXED_FORMATS: readonly MixedFormat[] = [
  {
    daw: 'ableton',
    sizes: { median: 200 * KB, min: 20 * KB, max: 2 * MB },
    write: async (folder, name, bytes, index) => {
      fs.mkdirSync(path.join(folder, 'Samples', 'Imported'), { recursive: true });
      writeWav(path.join(folder, 'Samples', 'Imported', 'Kick.wav'), 0.05);
      const set = path.join(folder, `${name}.als`);
      const samples = ['Samples/Imported/Kick.wav', 'Samples/Imported/Lost Vocal.wav'];
      writeAls(set, { style: STYLES[index % 3], tempo: 90 + (index % 70), tracks: 6 + (index % 10), clipsPerTrack: 3, samples, targetCompressedBytes: bytes, seed: index });
      return set;
    },
    real: [
      ...['DefaultLiveSet', 'Foo', 'L12-automation', 'Michelle', 'Test Project', 'automation-intense-unaligned', 'example-120', 'example-140', 'live9-patch-markers-noauto'].map((set) => `${SHARED_FIXTURES}/als/${set}.als`),
      `${SHARED_FIXTURES}/ableton-project/test_project/test_project.als`,
      `${SHARED_FIXTURES}/ableton-project/test_project/test_vocal_project.als`,
    ],
  },
  {
    daw: 'logic',
    sizes: { median: 530 * KB, min: 530 * KB, max: 530 * KB },
    write: async (folder, name, _bytes, index) => {
      const pack = path.join(folder, `${name}.logicx`);
      await writeLogicx(pack, { tempo: 70 + (index % 80), plistFormat: index % 2 === 0 ? 'binary' : 'xml', audioFiles: ['Vocal#01.wav'] });
      const realData = path.join(SHARED_FIXTURES, 'logicx', 'flying-nothing.logicx', 'Alternatives', '000', 'ProjectData');
      if (fs.existsSync(realData)) fs.copyFileSync(realData, path.join(pack, 'Alternatives', '000', 'ProjectData'));
      return pack;
    },
    real: [`${SHARED_FIXTURES}/logicx/flying-nothing.logicx`],
  },
  {
    daw: 'protools',
    sizes: { median: 80 * KB, min: 15 * KB, max: MB },
    write: async (folder, name, bytes, index) => {
      const session = path.join(folder, `${name}.ptx`);
      const options = { audioFiles: ['Kick_01.wav', 'Vox_01.wav'], tracks: ['Kick', 'Bass', 'Vox', 'Gtr'], tempos: [80 + (index % 60)], createAudioFiles: true };
      await writeProToolsSession(session, { ...options, fillerBytes: fitted('protools', (filler) => buildProToolsSession({ ...options, fillerBytes: filler }).length, bytes, 0, 100_000) });
      return session;
    },
    real: [...['ptf/goodplaylists2.ptf', 'ptf/zamaudio-initial-4.ptf', 'pts/forArdour.pts'], ...['MetadataFields', 'RegionTest', 'TestPTX', 'Untitled32'].map((name) => `ptx/${name}.ptx`)].map((file) => `${SHARED_FIXTURES}/protools/${file}`),
  },
  {
    daw: 'flstudio',
    sizes: { median: 150 * KB, min: 20 * KB, max: 2 * MB },
    write: async (folder, name, bytes, index) => {
      // Hosted plug-ins' state is most of a real project's bytes; a few patterns of notes stand for the rest.
      const options = (stateBytes: number): FlStudioProjectOptions => ({
        tempo: 120 + (index % 60),
        patterns: 8,
        notesPerPattern: 32,
        channels: [
          { name: 'Kick', kind: 'sampler', samplePath: '%FLStudioFactoryData%/Data/Patches/Packs/Drums/Kicks/Kick.wav' },
          { name: 'Lead', kind: 'generator', hosted: { name: 'Serum', path: `${FL_PLUGIN_FOLDER}\\Serum.vst3`, stateBytes } },
          { name: 'Pad', kind: 'generator', hosted: { name: 'Pigments', path: `${FL_PLUGIN_FOLDER}\\Pigments.vst3`, stateBytes } },
        ],
      });
      const project = path.join(folder, `${name}.flp`);
      await writeFlStudioProject(project, options(fitted('flstudio', (state) => buildFlStudioProject(options(state)).length, bytes, 64, 100_000)));
      return project;
    },
    real: ['auto-basic', 'auto-basic2', 'complex', 'fl test', 'fl-markers', 'sample_project'].map((name) => `${SHARED_FIXTURES_2}/flstudio/${name}/${name}.flp`),
  },
  {
    daw: 'reaper',
    sizes: { median: 100 * KB, min: 8 * KB, max: 2 * MB },
    write: async (folder, name, bytes, index) => {
      const options = (stateLines: number) => ({ tempo: 80 + (index % 90), tracks: reaperTracks(8), stateLines, seed: index });
      return writeReaperProject(path.join(folder, `${name}.rpp`), options(fitted('reaper', (lines) => Buffer.byteLength(reaperProjectText(options(lines))), bytes, 3, 300)));
    },
    real: ['test1/test1.rpp', 'test2/test2.rpp', 'test2 2025-11-14/test2.rpp', 'test3/test3.rpp', 'vst/vst.RPP'].map((file) => `${SHARED_FIXTURES_2}/reaper/${file}`),
  },
  {
    daw: 'studioone',
    sizes: { median: 100 * KB, min: 10 * KB, max: 1.5 * MB },
    write: async (folder, name, bytes, index) => {
      const song = path.join(folder, `${name}.song`);
      const options = (events: number) => ({ tempos: [90 + (index % 70)], eventsPerTrack: events, songPath: song });
      await writeStudioOneSong(song, options(fitted('studioone', (events) => studioOneSongBytes(options(events)).length, bytes, 4, 1000)));
      return song;
    },
    real: [`${SHARED_FIXTURES_2}/studioone/test-song/test-song.song`],
  },
  {
    daw: 'cubase',
    sizes: { median: 400 * KB, min: 100 * KB, max: 3 * MB },
    write: async (folder, name, bytes) => {
      const project = path.join(folder, `${name}.cpr`);
      await writeCubaseProject(project, { fillerBytes: fitted('cubase', (filler) => encodeCubaseProject({ fillerBytes: filler }).length, bytes, 0, 100_000) });
      return project;
    },
    real: ['Cubase 13', 'Cubase 5 32-bit', 'Cubase 7 64-bit', 'Cubase 9.5', 'Cubase SX3'].map((version) => `${SHARED_FIXTURES_2}/cubase/Example Project (${version})/Example Project (${version}).cpr`),
  },
  {
    daw: 'bitwig',
    sizes: { median: 200 * KB, min: 16 * KB, max: 3 * MB },
    write: async (folder, name, bytes, index) => {
      const project = path.join(folder, `${name}.bwproject`);
      const options = (body: number) => ({ tracks: ['Drums', 'Bass', 'Lead', 'Pad', 'Vocals'], effectTracks: ['FX 1'], tempo: 100 + (index % 60), bodyBytes: body });
      await writeBitwigProject(project, options(fitted('bitwig', (body) => bitwigProjectBytes(options(body)).length, bytes, 4096, 100_000)));
      return project;
    },
    real: [`${SHARED_FIXTURES_2}/bitwig/NKS-Preview-Generator/NKS-Preview-Generator.bwproject`],
  },
  {
    daw: 'dawproject',
    sizes: { median: 100 * KB, min: 20 * KB, max: MB },
    write: async (folder, name, bytes, index) => {
      const project = path.join(folder, `${name}.dawproject`);
      const options = (notes: number) => ({ tempo: 100 + (index % 60), notesPerClip: notes });
      await writeDawproject(project, options(fitted('dawproject', (notes) => dawprojectBytes(options(notes)).length, bytes, 16, 2000)));
      return project;
    },
    real: ['test-complex', 'testfile', 'testfile2'].map((name) => `${SHARED_FIXTURES_2}/dawproject/${name}/${name}.dawproject`),
  },
  {
    daw: 'garageband',
    sizes: { median: 4 * KB, min: 4 * KB, max: 4 * KB },
    write: async (folder, name, _bytes, index) => {
      const pack = path.join(folder, `${name}.band`);
      await writeGarageBand(pack, { tempo: 80 + (index % 60), plistFormat: index % 2 === 0 ? 'binary' : 'xml', audioFiles: ['Take#01.wav'], autosave: index % 4 === 0 });
      return pack;
    },
    real: [],
  },
  {
    daw: 'ardour',
    sizes: { median: 100 * KB, min: 10 * KB, max: 1.5 * MB },
    write: async (folder, name, bytes, index) => {
      const options = (routes: number) => ({ layout: index % 2 === 0 ? ('7003' as const) : ('3001' as const), name, tempo: 90 + (index % 70), routes: ardourRoutes(routes) });
      return writeArdourSession(path.join(folder, `${name}.ardour`), options(fitted(`ardour-${index % 2}`, (routes) => Buffer.byteLength(ardourSessionXml(options(routes))), bytes, 3, 60)));
    },
    real: [`${SHARED_FIXTURES_2}/ardour/1region/1region.ardour`],
  },
  {
    daw: 'lmms',
    sizes: { median: 50 * KB, min: 5 * KB, max: 500 * KB },
    write: async (folder, name, bytes, index) => {
      // LMMS saves .mmpz by default; older and hand-kept projects are .mmp. The size is the file's, compressed or not.
      const compressed = index % 2 === 0;
      const options = (tracks: number) => ({ tempo: 90 + (index % 70), tracks: lmmsTracks(tracks, index) });
      const size = (tracks: number) => (compressed ? qCompress(lmmsProjectXml(options(tracks))).length : Buffer.byteLength(lmmsProjectXml(options(tracks))));
      return writeLmmsProject(path.join(folder, `${name}.${compressed ? 'mmpz' : 'mmp'}`), options(fitted(`lmms-${compressed}`, size, bytes, 4, 200)));
    },
    real: [`${SHARED_FIXTURES_2}/lmms/Farbro-Tectonic/Farbro-Tectonic.mmpz`, `${SHARED_FIXTURES_2}/lmms/StrictProduction-DearJonDoe/StrictProduction-DearJonDoe.mmp`],
  },
];

/** Each fitted line, measured once per process: a project then costs one build, not three. */
const lines = new Map<string, { base: number; perStep: number }>();

/** The knob value (at least `low`) whose build is about `bytes` long, on the line through the builds at `low` and `high`. */
function fitted(key: string, size: (knob: number) => number, bytes: number, low: number, high: number): number {
  let line = lines.get(key);
  if (!line) {
    const base = size(low);
    line = { base, perStep: (size(high) - base) / (high - low) };
    lines.set(key, line);
  }
  return Math.max(low, Math.round(low + (bytes - line.base) / line.perStep));
}

/** `count` tracks, each with one plug-in whose state is the bulk; the first plays a local sample. */
function reaperTracks(count: number): ReaperTrack[] {
  return Array.from({ length: count }, (_, at) => ({
    name: `Track ${at + 1}`,
    ...(at === 0 ? { samples: ['Audio/kick.wav'] } : {}),
    fx: [at % 2 === 0 ? { format: 'VST2' as const, name: 'ReaComp' } : { format: 'VST3' as const, name: 'Pro-Q 3', vendor: 'FabFilter' }],
  }));
}

/** Audio, MIDI and bus routes in turn; only the first few audio routes record a file (real sessions share takes). */
function ardourRoutes(count: number): ArdourRoute[] {
  return Array.from({ length: count }, (_, at): ArdourRoute => {
    const kind = (['audio', 'midi', 'bus'] as const)[at % 3] ?? 'audio';
    const plugins = [{ type: at % 2 === 0 ? ('lv2' as const) : ('vst3' as const), name: at % 2 === 0 ? 'ACE Compressor' : 'Vital' }];
    return { name: `${kind} ${at + 1}`, kind, plugins, ...(kind === 'audio' && at < 6 ? { sources: [`Audio ${at + 1}-1.wav`] } : {}) };
  });
}

/** Instruments on factory samples and VST2 synths, names varied as a real song's are (so .mmpz packs like one). */
function lmmsTracks(count: number, seed: number): LmmsTrack[] {
  const tracks: LmmsTrack[] = [{ kind: 'sample', name: 'Vocals', clips: ['local:vocals/take1.wav'] }];
  for (let at = 1; at < count; at += 1) {
    const tag = `${seed}-${at}-${((seed + 1) * (at + 7) * 2_654_435_761) % 1_000_003}`;
    tracks.push(
      at % 3 === 0
        ? { kind: 'instrument', name: `Synth ${tag}`, vestige: `C:/Program Files/VSTPlugins/Synth ${at % 7}.dll`, effects: [{ kind: 'ladspa', name: `Plate ${tag}` }] }
        : { kind: 'instrument', name: `Drum ${tag}`, sample: `factorysample:drums/kit${at % 5}/hit_${tag}.ogg` },
    );
  }
  return tracks;
}
