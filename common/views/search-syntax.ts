/**
 * The search box's operators, beyond plain words: `bpm:120-128`, `key:Am`, `status:mix`, `tag:"EP 2"`,
 * `daw:ableton`, `plugin:"Serum"` (a plug-in the project loads, by name), `missing:true` (the project folder has
 * vanished), `missing:plugins` (a plug-in is not installed here), `name:`/`notes:`, and what the audio analysis heard: `lufs:-14..-8`,
 * `peak:-1..`, `duration:120..240` (seconds), `audiobpm:`, `audiokey:`. `bpm:` finds a tempo from either source
 * (the song's own, typed or read from its project, or its audio's); `tempo:` and `audiobpm:` name one. The text becomes the plain words (for full-text search)
 * and filters (the same `Filter`s a view saves), so an operator means exactly what the filter panel means.
 * An unknown `word:` is plain text; a known operator with a value it cannot take is a clear error.
 */
import { AppError } from '../errors';
import { searchTakesBoolean, searchTakesDaw, searchTakesKey, searchTakesOneOf, searchTakesRange, searchTakesTempo, searchValueAmbiguous } from '../messages';
import { keyName, parseKey } from '../songs/music-keys';
import { dawFromText } from '../projects/daws';
import { DAWS } from '../projects/project-meta';
import type { Filter } from './query';
import { PRIORITIES, STATUSES, TIERS } from '../songs/song';

export interface ParsedSearch {
  /** Plain words, for the full-text index. */
  words: string[];
  filters: Filter[];
}

type OperatorParser = (value: string, name: string) => Filter;

// Maps, not object literals: a typed `constructor:` must not find Object.prototype's.
const OPERATORS = new Map<string, OperatorParser>(Object.entries({
  bpm: (value, name) => tempoFilter(value, name, 'bpm'),
  tempo: (value, name) => tempoFilter(value, name, 'tempo'),
  audiobpm: (value, name) => tempoFilter(value, name, 'audioBpm'),
  key: (value, name) => keyFilter(value, name, 'key'),
  audiokey: (value, name) => keyFilter(value, name, 'audioKey'),
  lufs: (value, name) => rangeFilter(value, name, 'lufs'),
  peak: (value, name) => rangeFilter(value, name, 'truePeak'),
  truepeak: (value, name) => rangeFilter(value, name, 'truePeak'),
  duration: (value, name) => rangeFilter(value, name, 'durationS'),
  status: (value, name) => ({ op: 'equals', field: 'status', value: pickValue(STATUSES, value, name) }),
  priority: (value, name) => ({ op: 'equals', field: 'priority', value: pickValue(PRIORITIES, value, name) }),
  tier: (value, name) => ({ op: 'equals', field: 'tier', value: pickValue(TIERS, value, name) }),
  tag: (value) => ({ op: 'hasTag', field: 'tags', value }),
  tags: (value) => ({ op: 'hasTag', field: 'tags', value }),
  daw: dawFilter,
  plugin: (value) => ({ op: 'equals', field: 'plugins', value }),
  plugins: (value) => ({ op: 'equals', field: 'plugins', value }),
  missing: missingFilter,
  comments: commentsFilter,
  name: (value) => ({ op: 'contains', field: 'name', value }),
  notes: (value) => ({ op: 'contains', field: 'notes', value }),
} satisfies Record<string, OperatorParser>));

export function parseSearch(text: string): ParsedSearch {
  const words: string[] = [];
  const filters: Filter[] = [];
  for (const token of tokens(text)) {
    const operator = /^([a-z]+):/i.exec(token.raw);
    const parse = operator ? OPERATORS.get((operator[1] ?? '').toLowerCase()) : undefined;
    if (operator && parse) {
      const value = unquote(token.raw.slice(operator[0].length)).trim();
      // "bpm:" with nothing after it is an operator still being typed, not a mistake.
      if (value !== '') filters.push(parse(value, (operator[1] ?? '').toLowerCase()));
      continue;
    }
    words.push(...unquote(token.raw).split(/\s+/).filter((word) => word.length > 0));
  }
  return { words, filters };
}

/** Whitespace-separated tokens; a double-quoted part keeps its spaces (`tag:"EP 2"`, `"blue hour"`). */
function tokens(text: string): { raw: string }[] {
  return (text.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? []).map((raw) => ({ raw }));
}

function unquote(text: string): string {
  return text.replaceAll('"', '');
}

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const TEMPO_PATTERN = new RegExp(`^(${NUMBER})?\\s*(-)?\\s*(${NUMBER})?$`);

/** `bpm:120` (exactly), `bpm:120-128`, `bpm:120-` (and up), `bpm:-128` (and down), or with `..` as any range. */
function tempoFilter(value: string, name: string, field: 'tempo' | 'bpm' | 'audioBpm'): Filter {
  if (value.includes('..')) return rangeFilter(value, name, field);
  const match = TEMPO_PATTERN.exec(value);
  const [, low, dash, high] = match ?? [];
  if (!match || (low === undefined && high === undefined) || (dash === undefined && high !== undefined && low !== undefined)) {
    throw new AppError('invalid_input', searchTakesTempo(name));
  }
  const min = low === undefined ? undefined : Number(low);
  const max = dash === undefined ? min : high === undefined ? undefined : Number(high);
  // A range typed high to low ("bpm:128-120") means the same songs.
  const [from, to] = min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
  return { op: 'range', field, ...(from === undefined ? {} : { min: from }), ...(to === undefined ? {} : { max: to }) };
}

const RANGE_PATTERN = /^(-?\d+(?:\.\d+)?)?(\.\.)?(-?\d+(?:\.\d+)?)?$/;

/** Numbers that may be negative: `lufs:-14` (exactly), `lufs:-14..-8`, `lufs:-14..` (and up), `lufs:..-8` (and down). */
function rangeFilter(value: string, name: string, field: 'tempo' | 'bpm' | 'audioBpm' | 'lufs' | 'truePeak' | 'durationS'): Filter {
  const match = RANGE_PATTERN.exec(value.replaceAll(' ', ''));
  const [, low, dots, high] = match ?? [];
  if (!match || (low === undefined && high === undefined) || (dots === undefined && high !== undefined && low !== undefined)) {
    throw new AppError('invalid_input', searchTakesRange(name));
  }
  const min = low === undefined ? undefined : Number(low);
  const max = dots === undefined ? min : high === undefined ? undefined : Number(high);
  const [from, to] = min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
  return { op: 'range', field, ...(from === undefined ? {} : { min: from }), ...(to === undefined ? {} : { max: to }) };
}

function keyFilter(value: string, name: string, field: 'key' | 'audioKey'): Filter {
  const key = parseKey(value);
  if (!key) throw new AppError('invalid_input', searchTakesKey(name));
  return { op: 'equals', field, value: keyName(key) };
}

/** The one value that the text names, or starts (`status:mix` is Mixing), ignoring case. */
function pickValue<T extends string>(values: readonly T[], text: string, name: string): T {
  const lower = text.toLowerCase();
  const exact = values.find((value) => value.toLowerCase() === lower);
  if (exact) return exact;
  const started = values.filter((value) => value.toLowerCase().startsWith(lower));
  if (started.length === 1 && started[0]) return started[0];
  if (started.length > 1) {
    throw new AppError('invalid_input', searchValueAmbiguous(name, text, started));
  }
  throw new AppError('invalid_input', searchTakesOneOf(name, values));
}

function dawFilter(value: string, name: string): Filter {
  const daw = dawFromText(value);
  if (!daw) throw new AppError('invalid_input', searchTakesDaw(name, DAWS));
  return { op: 'equals', field: 'daw', value: daw };
}

const TRUTHS = new Map<string, boolean>(Object.entries({ true: true, yes: true, y: true, '1': true, false: false, no: false, n: false, '0': false }));

/** true/false (also yes/no), or null when the text is neither. */
export function booleanFromText(text: string): boolean | null {
  return TRUTHS.get(text.toLowerCase()) ?? null;
}

/** `missing:plugins`: songs with a plug-in that is not installed on this computer (issue 31). */
export const MISSING_PLUGINS = 'plugins';

/** `comments:open`: the songs with a listener's comment not yet resolved (issue 33). */
function commentsFilter(value: string, name: string): Filter {
  if (value.toLowerCase() !== 'open') throw new AppError('invalid_input', `"${name}:" takes open (comments:open).`);
  return { op: 'range', field: 'openComments', min: 1 };
}

function missingFilter(value: string, name: string): Filter {
  if (value.toLowerCase() === MISSING_PLUGINS) return { op: 'equals', field: 'missing', value: MISSING_PLUGINS };
  const missing = booleanFromText(value);
  if (missing === null) throw new AppError('invalid_input', searchTakesBoolean(name));
  return { op: 'equals', field: 'missing', value: String(missing) };
}
