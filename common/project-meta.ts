/**
 * What the readers extract from project and audio files (FORMATS.md). Readers run in workers; their results
 * cross the worker boundary as plain data, so every field is JSON.
 */
import type { PluginUse } from './plugins';

export const DAWS = ['ableton', 'logic', 'protools'] as const;
export type Daw = (typeof DAWS)[number];

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
   * `common/plugins.ts`). Absent where the reader cannot tell.
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
