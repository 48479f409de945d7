/**
 * What the readers extract from project and audio files (FORMATS.md). Readers run in workers; their results
 * cross the worker boundary as plain data, so every field is JSON.
 */
import type { PluginUse } from './plugins';

export const DAWS = ['ableton', 'logic', 'protools', 'flstudio', 'reaper', 'studioone', 'cubase', 'bitwig', 'dawproject', 'garageband', 'ardour', 'lmms'] as const;
export type Daw = (typeof DAWS)[number];

export type HeuristicField = 'tempo' | 'timeSignature' | 'key';

export interface ProjectCredits {
  title?: string;
  artist?: string;
  genre?: string;
}

export interface ProjectMeta {
  daw: Daw;
  /** As the file states it: "Ableton Live 11.3.21", "Logic Pro X 10.4.4", "Pro Tools 10+ (ptx)". */
  dawVersion: string | null;
  /** Beats per minute as stored (Live stores float32: 119.999992); round only for display. */
  tempo: number | null;
  /** True when the tempo changes over the song (automation or a tempo map). */
  tempoAutomated: boolean;
  /** "4/4", "6/8". */
  timeSignature: string | null;
  /**
   * "Eb major", "F# minor" as music-keys.ts spells keys (Live 12 may name another scale: "Ab Dorian"); null when
   * the file does not state a key it can be trusted for.
   */
  key: string | null;
  sampleRate: number | null;
  trackCount: number | null;
  /** Track names where the format stores them. */
  tracks: string[];
  /**
   * Live only: the tracks' ids, parallel to `tracks` ('' where a track has none). Live keeps a track's id across
   * saves, so a version's renamed track is told from one removed and another added.
   */
  trackIds?: string[];
  /** Live only: every device and plug-in on the tracks, racks' insides included ("Eq8", "Pro-Q 3"). */
  devices?: string[];
  /**
   * The plug-ins the project loads, with their instances, where the format names them (Live: every one; see
   * `common/projects/plugins.ts`). Absent where the reader cannot tell.
   */
  plugins?: PluginUse[];
  /** Live only: clips on the arrangement and in session slots. */
  clipCount?: number;
  /** Live only: where the arrangement's last clip ends, in beats; null without clips. */
  arrangementBeats?: number | null;
  /**
   * Audio files the project references, unique, as absolute paths where they can be resolved (relative to
   * the project otherwise).
   */
  samples: string[];
  /** The subset of `samples` found neither at their path nor relative to the project. */
  missingSamples: string[];
  /**
   * Values found by a pattern seen in real files rather than by the format's specification (FORMATS-MORE.md
   * "Heuristic"): shown, but never trusted over the user (a scan fills a field only until the user edits it).
   * Bitwig's tempo is one. Absent: every value is as the format states it.
   */
  heuristic?: HeuristicField[];
  /**
   * The song's title, artist and genre as the project stores them (FL Studio's song info, Studio One's metainfo.xml,
   * Bitwig's meta block), each trimmed and cut to MAX_CREDIT_CHARS; a text the file leaves empty is absent, and so is
   * `credits` when it stores none. Shown beside the song, never written over the user's name or fields.
   */
  credits?: ProjectCredits;
  /** How long each list cut to its cap was before (`capProjectMeta`); absent when none was cut. */
  listTotals?: Partial<Record<MetaList, number>>;
}

/**
 * The most entries of each list a song keeps from its project (`capProjectMeta`). A project file is up to 64 MiB (a
 * Logic `ProjectData`, a Pro Tools session) and may name a million of anything; a song's `meta` is one row, parsed
 * whenever the song is read, diffed against the version before and sent to the cloud. Each cap is far above what a
 * real project names, so only a damaged or hostile file is cut.
 */
export const MAX_META_TRACKS = 2000;
/** Devices and plug-ins on Live's tracks, racks' insides included. */
export const MAX_META_DEVICES = 5000;
/** Distinct plug-ins (by name and format); each already counts its instances. */
export const MAX_META_PLUGINS = 2000;
export const MAX_META_SAMPLES = 5000;
export const MAX_META_MISSING_SAMPLES = MAX_META_SAMPLES;

/**
 * The longest title, artist or genre a song keeps from its project (`creditsOf`). FL Studio lets a text run to 32,767
 * characters and Studio One's and Bitwig's have no stated limit; a real one is a line, so only a hostile file is cut.
 */
export const MAX_CREDIT_CHARS = 200;

const CREDITS = ['title', 'artist', 'genre'] as const;

/**
 * The credits a reader found, or a song's stored `meta.credits` (JSON from the database or another computer, so of any
 * shape), as a song keeps them: strings only, trimmed, empty ones dropped, each cut to MAX_CREDIT_CHARS (never inside
 * a surrogate pair); undefined when none is left.
 */
export function creditsOf(value: unknown): ProjectCredits | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const credits: ProjectCredits = {};
  for (const field of CREDITS) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text !== 'string') continue;
    const kept = cutText(text.trim(), MAX_CREDIT_CHARS).trim();
    if (kept !== '') credits[field] = kept;
  }
  return Object.keys(credits).length === 0 ? undefined : credits;
}

function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  // A high surrogate left alone at the end would be half a character.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Every list of `ProjectMeta` but `trackIds` (parallel to `tracks`, cut with it), and its cap. */
const META_LIST_CAPS = {
  tracks: MAX_META_TRACKS,
  devices: MAX_META_DEVICES,
  plugins: MAX_META_PLUGINS,
  samples: MAX_META_SAMPLES,
  missingSamples: MAX_META_MISSING_SAMPLES,
} as const satisfies Record<MetaList, number>;

/** The lists of `ProjectMeta` with a cap of their own: every one but `trackIds`. A list added there is added here. */
type MetaList = 'tracks' | 'devices' | 'plugins' | 'samples' | 'missingSamples';

/**
 * A reader's answer as a song may keep it: its credits held to `creditsOf`, each list cut to its first entries
 * (`META_LIST_CAPS`), and the length of each cut one in `listTotals`, so what is shown can say how many more there
 * were (`trackCount` already does for tracks). Applied where a read is taken into its song (main/scan/read-jobs.ts),
 * so every reader is held to it.
 */
export function capProjectMeta(meta: ProjectMeta): ProjectMeta {
  const { credits, ...rest } = meta;
  const kept = creditsOf(credits);
  const capped: ProjectMeta = kept ? { ...rest, credits: kept } : rest;
  const totals: Partial<Record<MetaList, number>> = {};
  for (const [list, cap] of Object.entries(META_LIST_CAPS) as [MetaList, number][]) {
    const entries = meta[list];
    if (!entries || entries.length <= cap) continue;
    Object.assign(capped, { [list]: entries.slice(0, cap) });
    totals[list] = entries.length;
  }
  // Still one id per track kept: versions tell renamed tracks by them (common/projects/version-changes.ts).
  if (meta.trackIds && meta.trackIds.length > MAX_META_TRACKS) capped.trackIds = meta.trackIds.slice(0, MAX_META_TRACKS);
  return Object.keys(totals).length === 0 ? capped : { ...capped, listTotals: totals };
}

export interface AudioMeta {
  /** "wav", "mp3", "aiff", "flac"... */
  format: string;
  durationSeconds: number | null;
  sampleRate: number | null;
  channels: number | null;
  bitDepth: number | null;
  /** Bits per second. */
  bitrate: number | null;
}

/**
 * A file that could not be read as what its name says: empty, not gzip, truncated, a gzip bomb, hostile XML,
 * an unknown version. The scan records the reason and goes on.
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

/** Live stores float32 (119.999992): show what the musician typed (120), keeping real fractions (99.5). */
export function formatTempo(tempo: number): string {
  return String(Math.round(tempo * 100) / 100);
}
