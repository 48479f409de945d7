/**
 * Finds the versions of one project on disk (issue 19; FORMATS.md, "Versions the DAWs keep"):
 *
 * - Ableton Live: the set itself (save), the other sets in its project folder (Save As), and Live's timestamped
 *   copies in `Backup/` ("Song [2021-08-10 232751].als": the time in the name is when that save was made).
 * - Pro Tools: the session (save), the other sessions in its folder (Save As), and `Session File Backups/`.
 * - Logic Pro: inside the package, the first alternative (save), the others (Save As), and every
 *   `Alternatives/NNN/Project File Backups/NN/` slot; each is a folder with its own MetaData.plist.
 *
 * A folder of several songs (differently named sets: `session-family.ts`) lists only the session's own song's files.
 *
 * Only names and file times are read here; the files themselves are read by the project readers in the pool.
 * Links are not followed, and a folder holding thousands of sets is cut at MAX_VERSION_FILES.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIVE_BACKUP_NAME, LOGIC_BACKUP_FOLDER, sessionBackupFolder } from '../../common/projects/daw-backups';
import { BACKUP_SESSION_EXTENSIONS, extensionOf, isPackageDaw, SESSION_EXTENSIONS } from '../../common/projects/file-kinds';
import type { Daw } from '../../common/projects/project-meta';
import type { VersionFile, VersionSource } from '../../common/projects/project-versions';
import { familiesOf, sessionStem } from '../scan/session-family';

/** More versions than any project keeps: a folder past this is not a project (or is hostile). */
export const MAX_VERSION_FILES = 1000;

const NUMBERED = /^\d{1,6}$/;

/** The versions of the project at `projectPath` (a set, a session file or a .logicx package), in no order. */
export async function findVersionFiles(projectPath: string, daw: Daw): Promise<VersionFile[]> {
  const found = isPackageDaw(daw) ? await logicVersions(projectPath) : await sessionVersions(projectPath, daw);
  return found.slice(0, MAX_VERSION_FILES);
}

async function sessionVersions(session: string, daw: Exclude<Daw, 'logic' | 'garageband'>): Promise<VersionFile[]> {
  const sessionPath = path.resolve(session);
  const folder = path.dirname(sessionPath);
  const isSession = (name: string) => SESSION_EXTENSIONS[extensionOf(name)] === daw && !name.startsWith('.');
  const isBackupBeside = (name: string) => BACKUP_SESSION_EXTENSIONS[extensionOf(name)] === daw && !name.startsWith('.');
  const versions: VersionFile[] = [];
  for (const name of (await listFiles(folder)).filter((name) => isSession(name) || isBackupBeside(name))) {
    const file = path.join(folder, name);
    const source: VersionSource = isBackupBeside(name) ? 'daw-backup' : file === sessionPath ? 'save' : 'save-as';
    const version = await versionOf(file, file, source, daw, name);
    if (version) versions.push(version);
  }
  // A DAW with no backup folder of its own keeps its earlier saves beside the session (or not at all).
  const backupFolder = sessionBackupFolder(daw, path.basename(sessionPath, path.extname(sessionPath)));
  if (backupFolder !== null) {
    const backups = path.join(folder, ...backupFolder);
    for (const name of (await listFiles(backups)).filter(isSession)) {
      const file = path.join(backups, name);
      const version = await versionOf(file, file, 'daw-backup', daw, name);
      if (version) versions.push({ ...version, time: (daw === 'ableton' ? liveBackupTime(name) : null) ?? version.time });
      if (versions.length >= MAX_VERSION_FILES) break;
    }
  }
  return ofSessionsSong(versions, sessionPath, folder);
}

/**
 * The versions that are the session's own song's, grouped as the scan groups them: every DAW's sessions in the
 * folder, with their times, decide the folder's families and its main one (which keeps backups that name no set).
 */
async function ofSessionsSong(versions: VersionFile[], sessionPath: string, folder: string): Promise<VersionFile[]> {
  const folderName = path.basename(folder);
  const members: { path: string; stem: string; mtimeMs: number; backup: boolean }[] = [];
  for (const name of (await listFiles(folder)).filter((candidate) => SESSION_EXTENSIONS[extensionOf(candidate)] !== undefined && !candidate.startsWith('.'))) {
    const stats = await fs.lstat(path.join(folder, name)).catch(() => null);
    if (stats) members.push({ path: path.join(folder, name), stem: sessionStem(name, folderName), mtimeMs: Math.round(stats.mtimeMs), backup: false });
  }
  for (const version of versions.filter((candidate) => candidate.source === 'daw-backup')) {
    members.push({ path: version.path, stem: sessionStem(path.basename(version.path), folderName), mtimeMs: version.time, backup: true });
  }
  const own = familiesOf(members, folderName).families.find((family) => family.members.some((member) => member.path === sessionPath));
  if (!own) return versions;
  const paths = new Set(own.members.map((member) => member.path));
  return versions.filter((version) => paths.has(version.path));
}

async function logicVersions(packagePath: string): Promise<VersionFile[]> {
  const alternatives = path.join(packagePath, 'Alternatives');
  const numbered = (await listFolders(alternatives)).filter((name) => NUMBERED.test(name)).sort((a, b) => Number(a) - Number(b));
  const versions: VersionFile[] = [];
  let first = true;
  for (const alternative of numbered) {
    const folder = path.join(alternatives, alternative);
    const current = await logicVersionOf(folder, first ? 'save' : 'save-as', `Alternative ${alternative}`);
    if (current) {
      versions.push(current);
      first = false;
    }
    const backups = path.join(folder, LOGIC_BACKUP_FOLDER);
    for (const slot of (await listFolders(backups)).filter((name) => NUMBERED.test(name))) {
      const backup = await logicVersionOf(path.join(backups, slot), 'daw-backup', `Alternative ${alternative}, backup ${slot}`);
      if (backup) versions.push(backup);
      if (versions.length >= MAX_VERSION_FILES) return versions;
    }
  }
  return versions;
}

/** A Logic version folder: its MetaData.plist makes it one; its ProjectData gives the time and size. */
async function logicVersionOf(folder: string, source: VersionSource, label: string): Promise<VersionFile | null> {
  if (!(await isPlainFile(path.join(folder, 'MetaData.plist')))) return null;
  const data = await versionOf(folder, path.join(folder, 'ProjectData'), source, 'logic', label);
  return data ?? versionOf(folder, path.join(folder, 'MetaData.plist'), source, 'logic', label);
}

async function versionOf(versionPath: string, timedFile: string, source: VersionSource, daw: Daw, label: string): Promise<VersionFile | null> {
  const stats = await fs.lstat(timedFile).catch(() => null);
  if (!stats?.isFile()) return null;
  return { path: versionPath, source, daw, time: Math.round(stats.mtimeMs), sizeBytes: stats.size, label };
}

/** "Song [2021-08-10 232751].als" -> that moment on this computer's clock, as Live wrote it; null if not so named. */
export function liveBackupTime(name: string): number | null {
  const match = LIVE_BACKUP_NAME.exec(name);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const time = new Date(year, month - 1, day, hour, minute, second);
  // Date rolls 2021-02-31 over into March: a name whose parts do not survive the trip is not a time.
  if (time.getMonth() !== month - 1 || time.getDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return time.getTime();
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
}

async function listFolders(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

async function isPlainFile(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => null))?.isFile() ?? false;
}
