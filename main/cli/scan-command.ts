/** `scan <dir>`: watch the folder in the given core, wait until every job is done, report every song. */
import { pluginsOf, type PluginUse } from '../../common/projects/plugins';
import { creditsOf, type Daw, type ProjectCredits } from '../../common/projects/project-meta';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { Song } from '../../common/songs/song';
import { songsOfDirectory } from '../../db/repositories/scanned-songs';
import type { Core } from '../core';
import { listJobs } from '../jobs/queue';

export interface CliSong {
  name: string;
  projectPath: string | null;
  sessionFile: string | null;
  audioFile: string | null;
  daw: Daw | null;
  dawVersion: string | null;
  tempo: number | null;
  timeSignature: string | null;
  key: string | null;
  sampleRate: number | null;
  trackCount: number | null;
  samples: string[];
  missingSamples: string[];
  /** What the project loads, where its format names it (issue 31); empty for audio and unread projects. */
  plugins: PluginUse[];
  /** The title, artist and genre the project stores (FL Studio, Studio One, Bitwig); null where it stores none. */
  credits: ProjectCredits | null;
}

export interface CliReport {
  songs: CliSong[];
  errors: { path: string; reason: string }[];
}

export async function runScanCommand(core: Core, folder: string): Promise<CliReport> {
  const { songs, errors } = await scanFolder(core, folder);
  return { songs: songs.map(toCliSong).sort((a, b) => (a.projectPath ?? '').localeCompare(b.projectPath ?? '')), errors };
}

/** The folder watched in the given core and scanned to the end: its songs as stored, and what could not be read. */
export async function scanFolder(core: Core, folder: string): Promise<{ songs: Song[]; errors: CliReport['errors'] }> {
  const { directory } = await core.library.watchDirectory(folder);
  await core.runner.whenIdle();
  const failed = listJobs(core.db, { states: ['failed'] });
  const errors: CliReport['errors'] = failed.map((job) => ({ path: folder, reason: job.lastError ?? 'job failed' }));
  for (const job of listJobs(core.db, { states: ['succeeded'], limit: 100_000 })) {
    const result = JSON.parse(job.result ?? 'null') as { errors?: CliReport['errors']; unreadable?: CliReport['errors'] } | null;
    errors.push(...(result?.errors ?? []), ...(result?.unreadable ?? []));
  }
  return { songs: [...songsOfDirectory(core.db, directory.path).values()], errors };
}

function toCliSong(song: Song): CliSong {
  const meta = song.meta;
  return {
    name: song.name,
    projectPath: song.projectPath,
    sessionFile: song.recordingSession?.value ?? null,
    audioFile: song.file?.localPath ?? null,
    daw: (meta.daw as Daw | undefined) ?? null,
    dawVersion: stringOrNull(meta.dawVersion),
    tempo: typeof meta.tempo === 'number' ? meta.tempo : null,
    timeSignature: stringOrNull(meta.timeSignature),
    key: stringOrNull(meta.key),
    sampleRate: numberOrNull(meta.sampleRate) ?? numberOrNull(audioMeta(meta.audio).sampleRate),
    trackCount: typeof meta.trackCount === 'number' ? meta.trackCount : null,
    samples: stringList(meta.samples),
    missingSamples: stringList(meta.missingSamples),
    plugins: pluginsOf(meta.plugins).map(({ name, format, instances }) => ({ name, format, instances })),
    credits: creditsOf(meta.credits) ?? null,
  };
}

function stringOrNull(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function numberOrNull(value: JsonValue | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

function audioMeta(value: JsonValue | undefined): Record<string, JsonValue> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function stringList(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
