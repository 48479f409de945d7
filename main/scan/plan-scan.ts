/**
 * What a scan changes, worked out before anything is written: which songs are new, which changed their
 * files, which moved (same inode and size, or same content), which went missing, and which files need to be
 * read. It works on a light view of each song (`ScannedSongState`) and describes changes as patches of the
 * fields a scan owns, applied to each song as it is when written (see `applyScanPatches`).
 */
import path from 'node:path';
import type { Daw } from '../../common/projects/project-meta';
import type { RecordingSession, Song, SongFile } from '../../common/songs/song';
import { isEdited } from '../../common/songs/song-edits';
import type { WalkEntry } from '../../common/bridge/worker-tasks';
import type { IndexedFile } from '../../db/repositories/files-index';
import type { ScanPatch, ScannedSongState } from '../../db/repositories/scanned-songs';
import { buildSong } from '../../db/repositories/songs';
import { settleFamilyPaths } from './family-paths';
import type { ProjectGroup } from './project-structure';

export interface ReadRequest {
  songId: string;
  path: string;
}

export interface ProjectReadRequest extends ReadRequest {
  daw: Daw;
}

/** A song to create; built only when its batch is written, so a first scan never holds 20,000 at once. */
export interface NewSongPlan {
  id: string;
  group: ProjectGroup;
}

export interface ScanPlan {
  added: NewSongPlan[];
  /** Songs whose files changed, that were found again, or that moved. */
  patched: ScanPatch[];
  moved: number;
  missing: number;
  projectReads: ProjectReadRequest[];
  audioReads: ReadRequest[];
  /** Index rows that are new or changed (an unchanged rescan writes none). */
  index: IndexedFile[];
  removedFromIndex: string[];
}

export interface PlanInput {
  groups: ProjectGroup[];
  entries: WalkEntry[];
  index: Map<string, IndexedFile>;
  existing: Map<string, ScannedSongState>;
  newId: () => string;
  /** Fingerprint of a file on disk now (see `content-hash.ts`). */
  hashOf: (filePath: string) => Promise<string | null>;
}

export async function planScan(input: PlanInput): Promise<ScanPlan> {
  const { index, existing } = input;
  const groups = settleFamilyPaths(input.groups, existing);
  const plan: ScanPlan = { added: [], patched: [], moved: 0, missing: 0, projectReads: [], audioReads: [], index: [], removedFromIndex: [] };
  const songIdOfPath = new Map<string, string>();
  const appeared: ProjectGroup[] = [];
  const seen = new Set<string>();

  for (const group of groups) {
    const current = existing.get(group.projectPath);
    if (!current) {
      appeared.push(group);
      continue;
    }
    seen.add(group.projectPath);
    const files = filesFor(current, group);
    // The folder's one song, named after the folder, is one of its sets' songs once they are songs of their own.
    const renamed = group.family?.shared === true && current.name !== group.name && !isEdited(current.editedAt, 'name');
    if (current.projectMissing || renamed || !sameFields(files.file, current.file) || !sameFields(files.recordingSession, current.recordingSession)) {
      plan.patched.push({ id: current.id, set: renamed ? { ...files, name: group.name } : files, projectMissing: false });
    }
    claim(group, current, plan, index, songIdOfPath);
  }

  const unclaimed = new Set([...existing.values()].filter((song) => !seen.has(song.projectPath)));
  const ownFiles = appeared.length > 0 ? indexedFilesOf(unclaimed, index) : new Map<string, IndexedFile[]>();
  for (const group of appeared) {
    const previous = await findMovedSong(group, unclaimed, ownFiles, input.hashOf);
    if (previous) {
      unclaimed.delete(previous);
      plan.moved += 1;
      plan.patched.push({ id: previous.id, set: { ...filesFor(previous, group), projectPath: group.projectPath, name: group.name }, projectMissing: false });
      claim(group, previous, plan, index, songIdOfPath, true);
    } else {
      const id = input.newId();
      plan.added.push({ id, group });
      claim(group, { id, projectRead: false, audioRead: false }, plan, index, songIdOfPath, true);
    }
  }

  for (const song of unclaimed) {
    if (song.projectMissing) continue;
    plan.missing += 1;
    plan.patched.push({ id: song.id, set: {}, projectMissing: true });
  }

  const walked = new Set<string>();
  for (const entry of input.entries) {
    walked.add(entry.path);
    const previous = index.get(entry.path);
    const same = previous !== undefined && sameFile(previous, entry);
    const songId = songIdOfPath.get(entry.path) ?? null;
    if (same && previous.songId === songId) continue;
    plan.index.push({ ...entry, contentHash: same ? previous.contentHash : null, songId });
  }
  for (const indexed of index.keys()) if (!walked.has(indexed)) plan.removedFromIndex.push(indexed);
  return plan;
}

/** The song a new project makes. Spec section 4: it waits for its upload and is being processed. */
export function newSongFor({ id, group }: NewSongPlan, now: number): Song {
  const song = buildSong({ name: group.name, source: 'directory', projectPath: group.projectPath }, now, id);
  return { ...song, ...filesFor(null, group), needsUploadRetry: true, isBeingProcessedByHandleNewProject: true };
}

/** Records the song's files and asks for the reads that are new or changed since the last scan. */
function claim(
  group: ProjectGroup,
  song: Pick<ScannedSongState, 'id' | 'projectRead' | 'audioRead'>,
  plan: ScanPlan,
  index: Map<string, IndexedFile>,
  songIdOfPath: Map<string, string>,
  isNew = false,
): void {
  for (const session of group.sessions) songIdOfPath.set(session.path, song.id);
  if (group.session) {
    songIdOfPath.set(group.session.path, song.id);
    if (group.daw && (isNew || !song.projectRead || !unchanged(group.session, index))) {
      plan.projectReads.push({ songId: song.id, path: group.session.path, daw: group.daw });
    }
  }
  if (group.audio) {
    songIdOfPath.set(group.audio.path, song.id);
    if (isNew || !song.audioRead || !unchanged(group.audio, index)) plan.audioReads.push({ songId: song.id, path: group.audio.path });
  }
}

/** The song's audio and session as the project has them now, unless the user chose them or nothing changed. */
function filesFor(song: ScannedSongState | null, group: ProjectGroup): { file: SongFile | null; recordingSession: RecordingSession | null } {
  let file = song?.file ?? null;
  if (!(song && isEdited(song.editedAt, 'file')) && group.audio) {
    const found = fileOf(group.audio);
    // After an upload the value is the cloud URL: keep it while the local file is the one uploaded. A song pulled
    // from another computer has no local path here: its file is the one found when its name and time are the same
    // (a shared drive), and this computer takes its path.
    const sameAudio = file?.modifiedTime === found.modifiedTime && (file.localPath === found.localPath || (file.localPath === null && file.fileName === found.fileName));
    file = file && sameAudio ? { ...file, localPath: found.localPath } : found;
  }
  let recordingSession = song?.recordingSession ?? null;
  if (!(song && isEdited(song.editedAt, 'recordingSession')) && group.session) recordingSession = sessionOf(group.session);
  return { file, recordingSession };
}

function fileOf(entry: WalkEntry): SongFile {
  return { value: entry.path, localPath: entry.path, fileName: path.basename(entry.path), modifiedTime: entry.mtimeMs };
}

function sessionOf(entry: WalkEntry): RecordingSession {
  return { value: entry.path, fileName: path.basename(entry.path), sessionModifiedTime: entry.mtimeMs, isPackage: entry.kind === 'package' };
}

/**
 * The song a newly seen project used to be: one that vanished in this scan and one of whose own files (its recording
 * session, a backup, its bounce; for lone audio, the file itself) had the same kind, inode and size, or, when the
 * inode changed, the same content. Its own files are those the last scan indexed for it, not the paths in its fields:
 * the user may have chosen another audio file or session for the song, and it is still this project's.
 */
async function findMovedSong(
  group: ProjectGroup,
  vanished: Set<ScannedSongState>,
  ownFiles: Map<string, IndexedFile[]>,
  hashOf: (filePath: string) => Promise<string | null>,
): Promise<ScannedSongState | null> {
  const session = group.session ?? group.audio;
  if (!session || vanished.size === 0) return null;
  const candidates: { song: ScannedSongState; old: IndexedFile }[] = [];
  for (const song of vanished) {
    for (const old of ownFiles.get(song.id) ?? []) {
      if (old.kind === session.kind && old.size === session.size) candidates.push({ song, old });
    }
  }
  const byInode = candidates.find(({ old }) => old.ino === session.ino);
  if (byInode) return byInode.song;
  const hashed = candidates.filter(({ old }) => old.contentHash !== null);
  if (hashed.length === 0) return null;
  const hash = await hashOf(session.path);
  return hashed.find(({ old }) => old.contentHash === hash)?.song ?? null;
}

/** The files the index holds as each of `songs`' own (`songId`, set by the scan that found them). */
function indexedFilesOf(songs: ReadonlySet<ScannedSongState>, index: Map<string, IndexedFile>): Map<string, IndexedFile[]> {
  const files = new Map<string, IndexedFile[]>([...songs].map((song) => [song.id, []]));
  for (const entry of index.values()) if (entry.songId !== null) files.get(entry.songId)?.push(entry);
  return files;
}

function unchanged(entry: WalkEntry, index: Map<string, IndexedFile>): boolean {
  const previous = index.get(entry.path);
  return previous !== undefined && sameFile(previous, entry);
}

function sameFile(previous: IndexedFile, entry: WalkEntry): boolean {
  return previous.size === entry.size && previous.mtimeMs === entry.mtimeMs && previous.ino === entry.ino;
}

/** Two flat values of a song (its file, its recording session) hold the same fields; a rescan asks 20,000 times. */
function sameFields<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
