/**
 * What a scan changes, worked out before anything is written: which songs are new, which changed their
 * files, which moved (same inode and size, or same content), which went missing, and which files need to be
 * read. Pure, apart from the fingerprint lookups it is given.
 */
import path from 'node:path';
import type { Daw } from '../../common/project-meta';
import type { RecordingSession, Song, SongFile } from '../../common/song';
import type { WalkEntry } from '../../common/worker-tasks';
import type { IndexedFile } from '../../db/repositories/files-index';
import { buildSong } from '../../db/repositories/songs';
import type { ProjectGroup } from './project-structure';

export interface ReadRequest {
  songId: string;
  path: string;
}

export interface ProjectReadRequest extends ReadRequest {
  daw: Daw;
}

export interface ScanPlan {
  added: Song[];
  updated: Song[];
  moved: Song[];
  missing: Song[];
  projectReads: ProjectReadRequest[];
  audioReads: ReadRequest[];
  index: IndexedFile[];
  removedFromIndex: string[];
}

export interface PlanInput {
  groups: ProjectGroup[];
  entries: WalkEntry[];
  index: Map<string, IndexedFile>;
  existing: Map<string, Song>;
  now: number;
  newId: () => string;
  /** Fingerprint of a file on disk now (see `content-hash.ts`). */
  hashOf: (filePath: string) => Promise<string | null>;
}

export async function planScan(input: PlanInput): Promise<ScanPlan> {
  const { groups, index, existing, now } = input;
  const plan: ScanPlan = { added: [], updated: [], moved: [], missing: [], projectReads: [], audioReads: [], index: [], removedFromIndex: [] };
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
    const next = withFiles({ ...current, meta: withoutMissingMark(current.meta) }, group);
    if (changed(current, next)) plan.updated.push({ ...next, modifiedAt: now });
    claim(group, next, plan, index, songIdOfPath);
  }

  const vanished = [...existing.values()].filter((song) => !seen.has(song.projectPath ?? ''));
  const unclaimed = new Set(vanished);
  for (const group of appeared) {
    const previous = await findMovedSong(group, unclaimed, index, input.hashOf);
    let song: Song;
    if (previous) {
      unclaimed.delete(previous);
      const renamed = previous.editedFields.includes('name') ? previous.name : group.name;
      song = { ...withFiles(previous, group), name: renamed, projectPath: group.projectPath, meta: withoutMissingMark(previous.meta), modifiedAt: now };
      plan.moved.push(song);
    } else {
      song = withFiles(
        {
          ...buildSong({ name: group.name, source: 'directory', projectPath: group.projectPath }, now, input.newId()),
          // Spec section 4: a newly found song waits for its upload and is being processed.
          needsUploadRetry: true,
          isBeingProcessedByHandleNewProject: true,
        },
        group,
      );
      plan.added.push(song);
    }
    claim(group, song, plan, index, songIdOfPath, true);
  }

  for (const song of unclaimed) {
    if (song.meta.projectMissing !== true) plan.missing.push({ ...song, meta: { ...song.meta, projectMissing: true }, modifiedAt: now });
  }

  const walked = new Set<string>();
  for (const entry of input.entries) {
    walked.add(entry.path);
    const previous = index.get(entry.path);
    const same = previous !== undefined && sameFile(previous, entry);
    plan.index.push({ ...entry, contentHash: same ? previous.contentHash : null, songId: songIdOfPath.get(entry.path) ?? null });
  }
  for (const indexed of index.keys()) if (!walked.has(indexed)) plan.removedFromIndex.push(indexed);
  return plan;
}

/** Records the song's files and asks for the reads that are new or changed since the last scan. */
function claim(group: ProjectGroup, song: Song, plan: ScanPlan, index: Map<string, IndexedFile>, songIdOfPath: Map<string, string>, isNew = false): void {
  for (const session of group.sessions) songIdOfPath.set(session.path, song.id);
  if (group.session) {
    songIdOfPath.set(group.session.path, song.id);
    const neverRead = song.meta.daw === undefined && song.meta.readError === undefined;
    if (group.daw && (isNew || neverRead || !unchanged(group.session, index))) {
      plan.projectReads.push({ songId: song.id, path: group.session.path, daw: group.daw });
    }
  }
  if (group.audio) {
    songIdOfPath.set(group.audio.path, song.id);
    if (isNew || song.meta.audio === undefined || !unchanged(group.audio, index)) plan.audioReads.push({ songId: song.id, path: group.audio.path });
  }
}

/** Sets the song's audio and session from the project, unless the user chose them or nothing changed. */
function withFiles(song: Song, group: ProjectGroup): Song {
  let file = song.file;
  if (!song.editedFields.includes('file') && group.audio) {
    const found = fileOf(group.audio);
    // After an upload the value is the cloud URL: keep it while the local file is the one uploaded.
    const sameLocal = song.file?.localPath === found.localPath && song.file?.modifiedTime === found.modifiedTime;
    file = sameLocal ? song.file : found;
  }
  let recordingSession = song.recordingSession;
  if (!song.editedFields.includes('recordingSession') && group.session) recordingSession = sessionOf(group.session);
  return { ...song, file, recordingSession };
}

function fileOf(entry: WalkEntry): SongFile {
  return { value: entry.path, localPath: entry.path, fileName: path.basename(entry.path), modifiedTime: entry.mtimeMs };
}

function sessionOf(entry: WalkEntry): RecordingSession {
  return { value: entry.path, fileName: path.basename(entry.path), sessionModifiedTime: entry.mtimeMs, isPackage: entry.kind === 'package' };
}

/**
 * The song a newly seen project used to be: one that vanished in this scan and whose recording session had
 * the same inode and size, or, when the inode changed, the same content.
 */
async function findMovedSong(
  group: ProjectGroup,
  vanished: Set<Song>,
  index: Map<string, IndexedFile>,
  hashOf: (filePath: string) => Promise<string | null>,
): Promise<Song | null> {
  const session = group.session ?? group.audio;
  if (!session || vanished.size === 0) return null;
  const candidates: { song: Song; old: IndexedFile }[] = [];
  for (const song of vanished) {
    const oldPath = group.session ? song.recordingSession?.value : song.file?.localPath;
    const old = oldPath ? index.get(oldPath) : undefined;
    if (old && old.kind === session.kind && old.size === session.size) candidates.push({ song, old });
  }
  const byInode = candidates.find(({ old }) => old.ino === session.ino);
  if (byInode) return byInode.song;
  const hashed = candidates.filter(({ old }) => old.contentHash !== null);
  if (hashed.length === 0) return null;
  const hash = await hashOf(session.path);
  return hashed.find(({ old }) => old.contentHash === hash)?.song ?? null;
}

function unchanged(entry: WalkEntry, index: Map<string, IndexedFile>): boolean {
  const previous = index.get(entry.path);
  return previous !== undefined && sameFile(previous, entry);
}

function sameFile(previous: IndexedFile, entry: WalkEntry): boolean {
  return previous.size === entry.size && previous.mtimeMs === entry.mtimeMs && previous.ino === entry.ino;
}

/** A project found again is no longer missing (the mark is only ever present as true). */
function withoutMissingMark(meta: Song['meta']): Song['meta'] {
  if (meta.projectMissing === undefined) return meta;
  const { projectMissing: _found, ...rest } = meta;
  return rest;
}

function changed(before: Song, after: Song): boolean {
  return (
    JSON.stringify(before.file) !== JSON.stringify(after.file) ||
    JSON.stringify(before.recordingSession) !== JSON.stringify(after.recordingSession) ||
    before.meta.projectMissing !== after.meta.projectMissing
  );
}
