/**
 * Smart project structure (DESIGN.md): which songs a tree of files makes. A pure function of the walk's
 * entries, so the rules are tested on plain lists and a rescan regroups in memory in milliseconds.
 *
 * - A folder holding session files is a project; one song per song: its sessions are split into families, the
 *   versions of one name (`Night Drive`, `Night Drive 2`, `Night Drive (final)`, Cubase's `Night Drive-01`;
 *   `session-family.ts` holds the rule), and each family is a song. Sessions in its backup folders (and `.rpp-bak`
 *   beside it) join the family whose name they match, else the folder's main family (named after the folder, else
 *   the newest); an Ardour folder is one family, and Ardour's copy of a session it upgraded is a backup. The newest
 *   session of a family is its recording session (a backup only when there is no other).
 * - Identity: a folder of one family is the song at the folder (`projectPath`), as before families. In a folder of
 *   several, one family keeps the folder's path (the main one here; `family-paths.ts` gives it to the family of the
 *   song already there) and each other family is known by `<folder>/<family name><extension>`: the same on every
 *   scan and computer, inside the watched folder, and never a folder's path, so no real project can share it.
 * - A `.logicx` package is one project, one song.
 * - The song's audio is its bounce: audio in the project folder or its bounce folders. In a folder of several
 *   families a bounce goes to the family its name holds, else to the main family; then a name that matches the
 *   song wins, then the newest.
 * - Audio outside any project is a song of its own. (Sample and media folders are never walked.)
 */
import path from 'node:path';
import { BACKUP_FOLDERS, BACKUP_SESSION_EXTENSIONS, NESTED_BACKUP_FOLDERS, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS, extensionOf, isBounceFolderName, stripExtension } from '../../common/projects/file-kinds';
import type { Daw } from '../../common/projects/project-meta';
import { isCompressedCopy } from '../../common/cloud/upload-rules';
import type { WalkEntry } from '../../common/bridge/worker-tasks';
import { bounceOwner, familiesOf, folderSongName, isArdourUpgradeCopy, sessionStem } from './session-family';

export interface ProjectGroup {
  /** The song's identity in its folder: the project folder, the package, or the lone audio file. */
  projectPath: string;
  name: string;
  kind: 'project' | 'audio';
  daw: Daw | null;
  /** The recording session: the newest session file, or the package. */
  session: WalkEntry | null;
  /** Every session file of the project, backups included. */
  sessions: WalkEntry[];
  /** The bounce, or the lone audio file. */
  audio: WalkEntry | null;
  /** Where a project folder's song sits among the folder's families (none for packages and lone audio). */
  family?: SessionFamily;
}

export interface SessionFamily {
  /** The folder holding the sessions: the path of the folder's song, which one family keeps. */
  folder: string;
  key: string;
  /** The family's own path, when another family keeps the folder's. */
  ownPath: string;
  /** The folder holds more than one family (more than one song). */
  shared: boolean;
}

interface ProjectDraft {
  projectPath: string;
  sessions: WalkEntry[];
  backups: WalkEntry[];
  bounces: WalkEntry[];
  package: WalkEntry | null;
}


export function groupIntoProjects(entries: WalkEntry[], root: string): ProjectGroup[] {
  const projects = new Map<string, ProjectDraft>();
  const draft = (projectPath: string) => {
    let existing = projects.get(projectPath);
    if (!existing) {
      existing = { projectPath, sessions: [], backups: [], bounces: [], package: null };
      projects.set(projectPath, existing);
    }
    return existing;
  };

  for (const entry of entries) {
    if (entry.kind === 'session') {
      const folder = path.dirname(entry.path);
      const backupOf = backupProject(folder, root);
      if (backupOf !== null) draft(backupOf).backups.push(entry);
      else if (BACKUP_SESSION_EXTENSIONS[extensionOf(path.basename(entry.path))]) draft(folder).backups.push(entry);
      else draft(folder).sessions.push(entry);
    } else if (entry.kind === 'package') {
      draft(entry.path).package = entry;
    }
  }

  // A folder that holds exactly one package (Logic's "project folder") lends it its bounces.
  const packageHolders = new Map<string, string>();
  const packagesPerFolder = new Map<string, string[]>();
  for (const project of projects.values()) {
    if (!project.package) continue;
    const holder = path.dirname(project.projectPath);
    packagesPerFolder.set(holder, [...(packagesPerFolder.get(holder) ?? []), project.projectPath]);
  }
  for (const [holder, packages] of packagesPerFolder) {
    if (packages.length === 1 && holder !== root && !projects.has(holder)) packageHolders.set(holder, packages[0] as string);
  }

  const loneAudio: WalkEntry[] = [];
  for (const entry of entries) {
    // Our own compressed upload copies are never anyone's bounce.
    if (entry.kind !== 'audio' || isCompressedCopy(entry.path)) continue;
    const owner = owningProject(entry.path, root, projects, packageHolders);
    if (owner === 'none') loneAudio.push(entry);
    else if (owner !== 'inside-backup' && isBounceLocation(entry.path, owner.folder)) projects.get(owner.project)?.bounces.push(entry);
  }

  const groups: ProjectGroup[] = [];
  for (const project of projects.values()) groups.push(...finishProject(project));
  for (const audio of loneAudio) {
    groups.push({ projectPath: audio.path, name: stripExtension(path.basename(audio.path)), kind: 'audio', daw: null, session: null, sessions: [], audio });
  }
  return groups;
}

/**
 * The project a session in `folder` is a backup of: the folder above a backup folder holding it (`Backup/`,
 * `History/`), or above a nested one's per-project folder (`auto-backups/<Project>/`); null when `folder` is no backup.
 */
function backupProject(folder: string, root: string): string | null {
  if (folder === root) return null;
  if (BACKUP_FOLDERS.has(path.basename(folder).toLowerCase())) return path.dirname(folder);
  const parent = path.dirname(folder);
  if (parent !== root && parent !== folder && NESTED_BACKUP_FOLDERS.has(path.basename(parent).toLowerCase())) return path.dirname(parent);
  return null;
}

type Owner = { project: string; folder: string } | 'none' | 'inside-backup';

/** The nearest project folder above a file (or the package a holder folder lends it to). */
function owningProject(file: string, root: string, projects: Map<string, ProjectDraft>, holders: Map<string, string>): Owner {
  let folder = path.dirname(file);
  let insideBackup = false;
  for (;;) {
    if (projects.has(folder)) return { project: folder, folder };
    const held = holders.get(folder);
    if (held) return { project: held, folder };
    if (BACKUP_FOLDERS.has(path.basename(folder).toLowerCase())) insideBackup = true;
    if (folder === root) break;
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return insideBackup ? 'inside-backup' : 'none';
}

/**
 * A bounce sits in the project folder itself or directly in one of its bounce folders: the scan's rule for a song's
 * audio, and the versions a link may play (main/sharing/shared-versions.ts) by the same rule.
 */
export function isBounceLocation(file: string, projectFolder: string): boolean {
  const folder = path.dirname(file);
  if (folder === projectFolder) return true;
  return path.dirname(folder) === projectFolder && isBounceFolderName(path.basename(folder));
}

function finishProject(project: ProjectDraft): ProjectGroup[] {
  const folder = project.projectPath;
  if (project.package) {
    const session = project.package;
    const name = stripExtension(path.basename(folder));
    return [{ projectPath: folder, name, kind: 'project', daw: dawOf(session.path), session, sessions: [], audio: chooseBounce(project.bounces, name) }];
  }
  const folderName = path.basename(folder);
  const member = (backup: boolean) => (entry: WalkEntry) => ({ entry, backup, mtimeMs: entry.mtimeMs, stem: sessionStem(path.basename(entry.path), folderName) });
  const names = new Set(project.sessions.map((entry) => path.basename(entry.path)));
  const upgradeCopy = (entry: WalkEntry) => isArdourUpgradeCopy(path.basename(entry.path), names);
  const sessionFiles = project.sessions.filter((entry) => !upgradeCopy(entry));
  const backupFiles = [...project.backups, ...project.sessions.filter(upgradeCopy)];
  const { families } = familiesOf([...sessionFiles.map(member(false)), ...backupFiles.map(member(true))], folderName);
  const shared = families.length > 1;
  const keys = families.map((family) => family.key);
  const bounces = new Map<string, WalkEntry[]>();
  for (const bounce of project.bounces) {
    const key = (shared ? bounceOwner(stripExtension(path.basename(bounce.path)), keys) : keys[0]) as string;
    bounces.set(key, [...(bounces.get(key) ?? []), bounce]);
  }
  return families.map((family, index) => {
    const sessions = family.members.filter((found) => !found.backup).map((found) => found.entry);
    const backups = family.members.filter((found) => found.backup).map((found) => found.entry);
    const session = newest(sessions) ?? newest(backups);
    const name = shared ? family.name : folderSongName(folderName);
    const ownPath = path.join(folder, family.name + (session ? extensionOf(path.basename(session.path)) : ''));
    return {
      projectPath: index === 0 ? folder : ownPath,
      name,
      kind: 'project',
      daw: session ? dawOf(session.path) : null,
      session,
      sessions: [...sessions, ...backups],
      audio: chooseBounce(bounces.get(family.key) ?? [], name),
      family: { folder, key: family.key, ownPath, shared },
    };
  });
}

/** The bounce whose name matches the project wins; among equals, the newest. */
function chooseBounce(candidates: WalkEntry[], projectName: string): WalkEntry | null {
  const wanted = normalise(projectName);
  const matches = candidates.filter((entry) => normalise(stripExtension(path.basename(entry.path))).includes(wanted));
  return newest(matches.length > 0 ? matches : candidates);
}

function newest(entries: WalkEntry[]): WalkEntry | null {
  let best: WalkEntry | null = null;
  for (const entry of entries) {
    if (!best || entry.mtimeMs > best.mtimeMs || (entry.mtimeMs === best.mtimeMs && entry.path < best.path)) best = entry;
  }
  return best;
}

export function dawOf(file: string): Daw | null {
  const extension = extensionOf(path.basename(file));
  return SESSION_EXTENSIONS[extension] ?? BACKUP_SESSION_EXTENSIONS[extension] ?? PACKAGE_EXTENSIONS[extension] ?? null;
}


function normalise(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
