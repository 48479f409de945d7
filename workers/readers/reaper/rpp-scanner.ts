/**
 * A line scanner over a REAPER project's bytes (FORMATS-MORE.md, REAPER): nested blocks `<TAG args` … `>`, one
 * statement per line, CRLF or LF. Every line costs one search for its end and a look at its first byte; only the few
 * statements read (the header, TEMPO, SAMPLERATE, a track's NAME, tempo points, a source's FILE, an FX block's
 * header) are decoded and split into tokens, so the megabytes of plug-in state (base64 lines) pass untouched.
 *
 * What it reads, and where:
 * - the header `<REAPER_PROJECT 0.1 "7.51/win64" 1767030272`: the version (quoted or not);
 * - the project's own `TEMPO bpm num den`, `SAMPLERATE rate …`, and the `PT time bpm …` points of `<TEMPOENVEX`
 *   (other envelopes' points are not tempo). A point at the start sets the tempo REAPER plays from there, whatever
 *   `TEMPO` says (REAPER 6.0 saved `TEMPO 120 4 4` with one point at 0 s at 100: it plays at 100); before a first
 *   point later in the song, `TEMPO` plays;
 * - tracks: every `<TRACK` block of the project, named by its own `NAME` line (folders are tracks too);
 * - plug-ins: `<VST`, `<AU` and `<CLAP` blocks inside an FX chain (tracks', the master's, input and take FX, and
 *   REAPER 7's containers within them);
 * - samples: the `FILE` of each `<SOURCE` of audio (not MIDI, video, click or empty sources).
 */
import type { ProjectLists } from '../project-lists';
import { pluginOfBlock, PLUGIN_TAGS, rppTokens } from './rpp-line';

const ROOT_TAG = 'REAPER_PROJECT';
/** Past any tempo a project plays: a larger number is a damaged line, not a tempo. */
const MAX_BPM = 100_000;
/** A tempo point this close to 0 s is at the start (REAPER writes 0.000000000000). */
const START_SECONDS = 1e-6;
const ROOT_OPENING = Buffer.from(`<${ROOT_TAG}`, 'latin1');
/** REAPER nests a handful of levels (project, track, FX chain, container, plug-in); far past that is not a project. */
const MAX_DEPTH = 128;
/** A statement the scanner decodes; real ones are under a kilobyte (a long path). */
const MAX_READ_LINE_BYTES = 64 * 1024;
/** FX chains whose blocks are plug-ins the project loads. */
const FX_CHAIN_TAGS = new Set(['FXCHAIN', 'MASTERFXLIST', 'FXCHAIN_REC', 'TAKEFX', 'CONTAINER']);
/** Sources that are not audio files (a MIDI item's FILE is a .mid). */
const NOT_AUDIO_SOURCES = new Set(['MIDI', 'MIDIPOOL', 'VIDEO', 'VIDEOEFFECT', 'CLICK', 'EMPTY', 'TIMECODE', 'LTC', 'SECTION']);

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const LT = 0x3c;
const GT = 0x3e;

/** The file is not a readable REAPER project; `reason` is short and shown to the user. */
export class RppRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RppRejected';
  }
}

export interface RppFacts {
  /** "7.51/win64", "5.50c"; null when the header names none. */
  version: string | null;
  tempo: number | null;
  timeSignature: string | null;
  sampleRate: number | null;
  /** Whether a tempo point differs from the project's tempo (or from another point). */
  tempoChanges: boolean;
}

interface Frame {
  tag: string;
  /** A `<TRACK`: the name its NAME line gave, null until then. */
  track?: { name: string | null };
  /** A `<SOURCE` of audio, whose FILE is a sample. */
  audioSource?: boolean;
}

export function scanRpp(bytes: Buffer, lists: ProjectLists): RppFacts {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (at >= bytes.length) throw new RppRejected('empty file');
  if (!startsRoot(bytes, at)) throw new RppRejected('not a REAPER project (does not start with <REAPER_PROJECT)');

  const facts: RppFacts = { version: null, tempo: null, timeSignature: null, sampleRate: null, tempoChanges: false };
  const tempoPoints = new Set<number>();
  let tempoAtStart: number | null = null;
  const stack: Frame[] = [];
  let fxChains = 0;
  let ended = false;

  while (at < bytes.length) {
    const newline = bytes.indexOf(LF, at);
    const next = newline === -1 ? bytes.length : newline + 1;
    let end = newline === -1 ? bytes.length : newline;
    if (end > at && bytes[end - 1] === CR) end--;
    let start = at;
    at = next;
    while (start < end && (bytes[start] === SPACE || bytes[start] === TAB)) start++;
    if (start === end) continue;
    if (ended) throw new RppRejected('has text after the end of the project');

    const first = bytes[start];
    if (first === GT) {
      const frame = stack.pop();
      if (frame === undefined) throw new RppRejected('closes a block it never opened');
      if (FX_CHAIN_TAGS.has(frame.tag)) fxChains--;
      if (frame.track) lists.addTrack(frame.track.name ?? '');
      ended = stack.length === 0;
      continue;
    }

    const parent = stack.at(-1);
    if (first === LT) {
      if (stack.length >= MAX_DEPTH) throw new RppRejected(`has blocks nested deeper than ${MAX_DEPTH}`);
      const tag = tagAt(bytes, start + 1, end);
      const frame: Frame = { tag };
      if (stack.length === 0) {
        if (tag !== ROOT_TAG) throw new RppRejected('not a REAPER project (does not start with <REAPER_PROJECT)');
        facts.version = rppTokens(lineText(bytes, start, end))[2] ?? null;
      } else if (tag === 'TRACK' && stack.length === 1) {
        frame.track = { name: null };
      } else if (tag === 'SOURCE') {
        frame.audioSource = !NOT_AUDIO_SOURCES.has(rppTokens(lineText(bytes, start, end))[1] ?? '');
      } else if (fxChains > 0 && PLUGIN_TAGS.has(tag)) {
        const plugin = pluginOfBlock(tag, rppTokens(lineText(bytes, start, end)));
        if (plugin) lists.addPlugin(plugin.name, plugin.format);
      }
      if (FX_CHAIN_TAGS.has(tag)) fxChains++;
      stack.push(frame);
      continue;
    }

    if (parent === undefined) throw new RppRejected('has text outside the project block');
    if (stack.length === 1) readProjectStatement(bytes, start, end, facts);
    else if (parent.track && parent.track.name === null && startsWord(bytes, start, end, 'NAME')) {
      parent.track.name = rppTokens(lineText(bytes, start, end))[1] ?? '';
    } else if (parent.audioSource && startsWord(bytes, start, end, 'FILE')) {
      lists.addSample(rppTokens(lineText(bytes, start, end))[1] ?? '');
    } else if (parent.tag === 'TEMPOENVEX' && stack.length === 2 && startsWord(bytes, start, end, 'PT')) {
      const [, seconds, bpm] = rppTokens(lineText(bytes, start, end)).map(Number);
      if (bpm !== undefined && Number.isFinite(bpm) && bpm > 0 && bpm < MAX_BPM) {
        tempoPoints.add(bpm);
        if (seconds !== undefined && Math.abs(seconds) < START_SECONDS && tempoAtStart === null) tempoAtStart = bpm;
      }
    }
  }
  if (stack.length > 0) throw new RppRejected(`is cut short (${stack.length} block${stack.length === 1 ? '' : 's'} left open)`);

  if (tempoAtStart !== null) facts.tempo = tempoAtStart;
  else if (facts.tempo !== null) tempoPoints.add(facts.tempo);
  facts.tempoChanges = tempoPoints.size > 1;
  return facts;
}

/** The statements of the project block itself that say its tempo, signature and sample rate. */
function readProjectStatement(bytes: Buffer, start: number, end: number, facts: RppFacts): void {
  if (startsWord(bytes, start, end, 'TEMPO')) {
    const [, bpm, numerator, denominator] = rppTokens(lineText(bytes, start, end)).map(Number);
    facts.tempo = bpm !== undefined && Number.isFinite(bpm) && bpm > 0 && bpm < MAX_BPM ? bpm : null;
    facts.timeSignature = isBeatCount(numerator) && isBeatCount(denominator) ? `${numerator}/${denominator}` : null;
  } else if (startsWord(bytes, start, end, 'SAMPLERATE')) {
    const rate = Number(rppTokens(lineText(bytes, start, end))[1]);
    // The same window the decoders accept (workers/analysis/stream-format.ts): anything else is not a rate.
    facts.sampleRate = Number.isInteger(rate) && rate >= 1_000 && rate <= 768_000 ? rate : null;
  }
}

function isBeatCount(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value > 0 && value <= 1024;
}

function startsRoot(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + ROOT_OPENING.length) return false;
  if (!bytes.subarray(at, at + ROOT_OPENING.length).equals(ROOT_OPENING)) return false;
  const after = bytes[at + ROOT_OPENING.length];
  return after === undefined || after === SPACE || after === TAB || after === CR || after === LF;
}

/** The tag after `<`, up to the first space. */
function tagAt(bytes: Buffer, from: number, end: number): string {
  let stop = from;
  while (stop < end && bytes[stop] !== SPACE && bytes[stop] !== TAB) stop++;
  return bytes.toString('latin1', from, stop);
}

/** Whether the statement's first word is `word` (followed by a space or the line's end). */
function startsWord(bytes: Buffer, start: number, end: number, word: string): boolean {
  if (end - start < word.length) return false;
  for (let index = 0; index < word.length; index++) {
    if (bytes[start + index] !== word.charCodeAt(index)) return false;
  }
  const after = start + word.length;
  return after === end || bytes[after] === SPACE || bytes[after] === TAB;
}

/** A statement the scanner reads, decoded (REAPER writes UTF-8), refused when no real project writes one so long. */
function lineText(bytes: Buffer, start: number, end: number): string {
  if (end - start > MAX_READ_LINE_BYTES) throw new RppRejected(`has a statement longer than ${MAX_READ_LINE_BYTES} bytes`);
  return bytes.toString('utf8', start, end);
}
