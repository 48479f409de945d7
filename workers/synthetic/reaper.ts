/**
 * Writes synthetic REAPER projects (`.rpp`) for tests and benchmarks, laid out as REAPER 7.51 writes them (the
 * shared fixtures `reaper/test2 2025-11-14/test2.rpp` and `vst/vst.RPP`; FORMATS-MORE.md): the header line
 * `<REAPER_PROJECT 0.1 "7.51/win64" 1767030272`, the project's settings with `SAMPLERATE` and `TEMPO`, the tempo
 * envelope `<TEMPOENVEX` (with `PT` points when the tempo changes), the master's `<MASTERFXLIST`, then one
 * `<TRACK {GUID}` block per track with its `NAME`, folder state (`ISBUS`), `<FXCHAIN` (VST, VST3, AU, CLAP and JS
 * effects with base64 state lines) and items whose `<SOURCE WAVE` names a `FILE`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isNetworkPath } from '../../common/projects/network-path';
import { seededRandom } from './seeded-random';
import { writeWav } from './wav';

export type ReaperFxFormat = 'VST2' | 'VST3' | 'AU' | 'CLAP' | 'JS';

export interface ReaperFx {
  format: ReaperFxFormat;
  /** The plug-in's own name ("Pro-Q 3"); for JS the effect's path ("loser/3BandEQ"). */
  name: string;
  /** Written after the name as REAPER does: "Pro-Q 3 (FabFilter)". Default "Cockos". */
  vendor?: string;
  /** An instrument ("VSTi:", "VST3i:", "AUi:", "CLAPi:"). Default false. */
  instrument?: boolean;
  /** The user's name for this instance (REAPER's rename, the header's fourth token). Default none. */
  rename?: string;
}

export interface ReaperTrack {
  name: string;
  /** `ISBUS 1 1` opens a folder, `ISBUS 2 -1` closes the last one. Default neither. */
  folder?: 'open' | 'close';
  fx?: readonly ReaperFx[];
  /** Audio items' FILE paths as written (relative to the project, or absolute). Default none. */
  samples?: readonly string[];
  /** MIDI items (their FILE-less sources are not samples). Default 0. */
  midiItems?: number;
}

export interface ReaperOptions {
  /** The header's version/platform. Default "7.51/win64". */
  version?: string;
  /** Whether the header quotes the version, as REAPER does (tools that rewrite a file may not). Default true. */
  quoteVersion?: boolean;
  /** Default 120. */
  tempo?: number;
  /** Tempos of `PT` points in the tempo envelope, one a bar apart from 0; none keeps the tempo fixed. Default none. */
  tempoPoints?: readonly number[];
  /** Default [4, 4]. */
  timeSignature?: readonly [number, number];
  /** Default 44100. */
  sampleRate?: number;
  /** Default: a drum track with a sample and a synth track with a VST3. */
  tracks?: readonly ReaperTrack[];
  /** The master's FX. Default ReaEQ (Cockos). */
  masterFx?: readonly ReaperFx[];
  /** Base64 lines of each plug-in's state (about 130 bytes each); the benchmark raises it. Default 3. */
  stateLines?: number;
  /** Default "\n"; REAPER on Windows writes "\r\n" (`vst.RPP`). */
  lineEnding?: '\n' | '\r\n';
  /** Varies GUIDs and state bytes. Default 0. */
  seed?: number;
}

export const DEFAULT_REAPER_TRACKS: readonly ReaperTrack[] = [
  { name: 'Drums', samples: ['Audio/kick.wav'], fx: [{ format: 'VST2', name: 'ReaComp' }] },
  { name: 'Synth Lead', midiItems: 1, fx: [{ format: 'VST3', name: 'Serum', vendor: 'Xfer Records', instrument: true }] },
];

/** The project's text. */
export function reaperProjectText(options: ReaperOptions = {}): string {
  const random = seededRandom(options.seed ?? 0);
  const guid = () => `{${hexOf(random, 8)}-${hexOf(random, 4)}-${hexOf(random, 4)}-${hexOf(random, 4)}-${hexOf(random, 12)}}`;
  const stateLines = options.stateLines ?? 3;
  const [numerator, denominator] = options.timeSignature ?? [4, 4];
  const version = options.version ?? '7.51/win64';
  const lines: string[] = [`<REAPER_PROJECT 0.1 ${options.quoteVersion === false ? version : `"${version}"`} 1767030272`];
  const put = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  for (const setting of PROJECT_SETTINGS) put(1, setting);
  put(1, `SAMPLERATE ${options.sampleRate ?? 44_100} 0 0`);
  put(1, 'LOCK 1');
  put(1, 'GLOBAL_AUTO -1');
  put(1, `TEMPO ${options.tempo ?? 120} ${numerator} ${denominator} 0`);
  put(1, 'PLAYRATE 1 0 0.25 4');
  put(1, 'MASTER_NCH 2 2');
  put(1, 'MASTER_VOLUME 1 0 -1 -1 1');
  writeFxChain(put, 1, 'MASTERFXLIST', options.masterFx ?? [{ format: 'VST2', name: 'ReaEQ' }], stateLines, random, guid);
  put(1, '<TEMPOENVEX');
  put(2, `EGUID ${guid()}`);
  put(2, 'ACT 0 -1');
  put(2, 'VIS 1 0 1');
  put(2, 'DEFSHAPE 1 -1 -1');
  (options.tempoPoints ?? []).forEach((bpm, index) => put(2, `PT ${((index * 60 * numerator) / (options.tempo ?? 120)).toFixed(8)} ${bpm} 0`));
  put(1, '>');
  put(1, '<PROJBAY');
  put(1, '>');

  for (const track of options.tracks ?? DEFAULT_REAPER_TRACKS) {
    const id = guid();
    put(1, `<TRACK ${id}`);
    put(2, `NAME ${rppString(track.name)}`);
    put(2, 'PEAKCOL 16576');
    put(2, 'BEAT -1');
    put(2, 'VOLPAN 1 0 -1 -1 1');
    put(2, `ISBUS ${track.folder === 'open' ? '1 1' : track.folder === 'close' ? '2 -1' : '0 0'}`);
    put(2, `TRACKID ${id}`);
    put(2, 'MAINSEND 1 0');
    if (track.fx && track.fx.length > 0) writeFxChain(put, 2, 'FXCHAIN', track.fx, stateLines, random, guid);
    let position = 0;
    for (const sample of track.samples ?? []) {
      writeItem(put, position, guid, ['<SOURCE WAVE', `  FILE ${rppString(sample)}`, '>']);
      position += 4;
    }
    for (let item = 0; item < (track.midiItems ?? 0); item++) {
      writeItem(put, position, guid, ['<SOURCE MIDI', '  HASDATA 1 960 QN', '  E 0 90 3c 60', '  E 960 80 3c 00', '  E 0 b0 7b 00', '>']);
      position += 4;
    }
    put(1, '>');
  }
  put(1, '<EXTENSIONS');
  put(1, '>');
  lines.push('>');
  const ending = options.lineEnding ?? '\n';
  return lines.join(ending) + ending;
}

/** Writes the project and every local sample it names but `absentSamples` (tiny WAVs), folders included. */
export function writeReaperProject(filePath: string, options: ReaperOptions = {}, absentSamples: readonly string[] = []): string {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  fs.writeFileSync(filePath, reaperProjectText(options));
  for (const track of options.tracks ?? DEFAULT_REAPER_TRACKS) {
    for (const sample of track.samples ?? []) {
      if (absentSamples.includes(sample) || isNetworkPath(sample) || /^[A-Za-z]:/.test(sample)) continue;
      const file = path.resolve(path.dirname(filePath), ...sample.split(/[\\/]/));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      writeWav(file, 0.05);
    }
  }
  return filePath;
}

/** A token as REAPER writes it: bare unless empty, spaced or quote-led, else in the first quote it does not hold. */
export function rppString(value: string): string {
  if (value !== '' && !/[\s]/.test(value) && !/^["'`]/.test(value)) return value;
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  // Holding all three, REAPER turns its backquotes into single quotes (vst.RPP's long track name).
  return `\`${value.replaceAll('`', "'")}\``;
}

type Put = (depth: number, text: string) => void;

function writeFxChain(put: Put, depth: number, tag: string, fx: readonly ReaperFx[], stateLines: number, random: () => number, guid: () => string): void {
  put(depth, `<${tag}`);
  put(depth + 1, 'SHOW 0');
  put(depth + 1, 'LASTSEL 0');
  put(depth + 1, 'DOCKED 0');
  for (const effect of fx) {
    put(depth + 1, 'BYPASS 0 0 0');
    put(depth + 1, fxHeader(effect));
    if (effect.format === 'CLAP') {
      put(depth + 2, 'CFG 4 760 335 ""');
      put(depth + 2, '<STATE');
      for (let line = 0; line < stateLines; line++) put(depth + 3, base64Line(random));
      put(depth + 2, '>');
    } else if (effect.format === 'JS') {
      put(depth + 2, '0.000000 200.000000 0.000000 2000.000000 0.000000 0.000000 - - - - - - - -');
    } else {
      for (let line = 0; line < stateLines; line++) put(depth + 2, base64Line(random));
    }
    put(depth + 1, '>');
    put(depth + 1, 'FLOATPOS 0 0 0 0');
    put(depth + 1, `FXID ${guid()}`);
    put(depth + 1, 'WAK 0 0');
  }
  put(depth, '>');
}

function fxHeader(effect: ReaperFx): string {
  const suffix = effect.instrument ? 'i' : '';
  const described = `${effect.name} (${effect.vendor ?? 'Cockos'})`;
  const rename = rppString(effect.rename ?? '');
  switch (effect.format) {
    case 'VST2':
      return `<VST ${rppString(`VST${suffix}: ${described}`)} ${rppString(`${effect.name}.dll`)} 0 ${rename} 1919247213<56535472656D6F7265000000000000> ""`;
    case 'VST3':
      return `<VST ${rppString(`VST3${suffix}: ${described}`)} ${rppString(`${effect.name}.vst3`)} 0 ${rename} 798044342{5653544267644462642062672D647275} ""`;
    case 'AU':
      return `<AU ${rppString(`AU${suffix}: ${described}`)} ${rppString(`${effect.vendor ?? 'Cockos'}: ${effect.name}`)} ${rename} 1635085685 1147760225 1969776944`;
    case 'CLAP':
      return `<CLAP ${rppString(`CLAP${suffix}: ${described}`)} com.${(effect.vendor ?? 'cockos').toLowerCase().replace(/\W+/g, '-')}.plugin ${rename}`;
    case 'JS':
      return `<JS ${rppString(effect.name)} ""`;
  }
}

function writeItem(put: Put, position: number, guid: () => string, source: readonly string[]): void {
  put(2, '<ITEM');
  put(3, `POSITION ${position}`);
  put(3, 'LENGTH 4');
  put(3, 'LOOP 1');
  put(3, `IGUID ${guid()}`);
  put(3, 'NAME ""');
  put(3, `GUID ${guid()}`);
  for (const line of source) put(3, line);
  put(2, '>');
}

/** A line of plug-in state as REAPER writes it: base64, 128 characters. */
function base64Line(random: () => number): string {
  const bytes = Buffer.alloc(96);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(random() * 256);
  return bytes.toString('base64');
}

function hexOf(random: () => number, digits: number): string {
  let text = '';
  for (let index = 0; index < digits; index++) text += Math.floor(random() * 16).toString(16).toUpperCase();
  return text;
}

/** The settings REAPER 7.51 writes before the sample rate (test2.rpp), kept for realistic size and shape. */
const PROJECT_SETTINGS = [
  'RIPPLE 0 0',
  'GROUPOVERRIDE 0 0 0 0',
  'AUTOXFADE 4224',
  'ENVATTACH 0',
  'PANLAW 1',
  'PROJOFFS 0 0 0',
  'MAXPROJLEN 0 0',
  'GRID 1151 8 1 8 1 0 0 0',
  'TIMEMODE 1 5 -1 30 0 0 -1',
  'VIDEO_CONFIG 0 0 256',
  'PANMODE 3',
  'CURSOR 0',
  'ZOOM 8.58133936 0 0',
  'RECORD_PATH "" ""',
  '<RECORD_CFG',
  '  ZXZhdxgAAQ==',
  '>',
  '<APPLYFX_CFG',
  '>',
  'RENDER_FILE ""',
  'RENDER_PATTERN ""',
  'RENDER_FMT 0 2 44100',
  'RENDER_RANGE 1 0 0 16 1000',
  'TIMELOCKMODE 1',
  'TEMPOENVLOCKMODE 0',
  'ITEMMIX 1',
  'DEFPITCHMODE 589824 0',
  'TAKELANE 1',
];
