/**
 * Walks a watched folder and returns what a scan needs: session files, project packages and audio, with the
 * size, mtime and inode that tell a rescan what changed. A hand-written readdir walk (as fast as `find`)
 * rather than a generic crawler, because it must skip sample and media folders, stop at packages, record
 * unreadable folders and never follow links (no symlink loops).
 *
 * With `onPart`, the entries come in parts as the walk goes (a first scan writes songs while it walks, issue 45): a
 * part is handed over only between two subtrees that group into songs on their own, the subfolders of a plain folder
 * whose folders above are plain too. A plain folder holds no session file, no package and no backup folder, so it is
 * no project and lends its bounces to none (`main/scan/project-structure.ts`): whatever is below one subfolder is
 * grouped the same with or without the others. The rest, and the errors, are in the result.
 *
 * Those same subtrees are what a large walk shares among threads (`parallel-walk.ts`); `walkSubtree` walks one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertNever } from '../../common/errors';
import { BACKUP_FOLDERS, NESTED_BACKUP_FOLDERS } from '../../common/projects/file-kinds';
import { PACKAGE_METADATA_FILE, scanEntryRole } from '../../common/projects/scan-paths';
import type { EntryKind, WalkEntry, WalkError, WalkResult } from '../../common/bridge/worker-tasks';

const REPLACEMENT_CHARACTER = '\uFFFD';

/** Deeper than any real project tree; a guard against pathological nesting. */
const MAX_DEPTH = 64;

/** Entries a part holds at least (about 200 projects), so that a part's grouping and its message cost little. */
export const PART_ENTRIES = 2000;

/** A subtree that groups into songs on its own: a subfolder of a plain folder whose folders above are plain too. */
export interface Subtree {
  dir: string;
  depth: number;
}

/** `partEntries`: the least a part holds. Default: 2,000 entries. */
export function walkLibrary(root: string, onPart?: (entries: WalkEntry[]) => void, partEntries = PART_ENTRIES): WalkResult {
  const walk = emptyWalk();
  walkSubtree(walk, { dir: root, depth: 0 }, onPart, partEntries);
  return walk;
}

export function emptyWalk(): WalkResult {
  return { entries: [], errors: [], folders: 0 };
}

/** Walks `subtree` into `walk`; with `onPart`, hands `walk.entries` over (and empties it) between independent subtrees. */
export function walkSubtree(walk: WalkResult, subtree: Subtree, onPart?: (entries: WalkEntry[]) => void, partEntries = PART_ENTRIES): void {
  const walkFolder = (dir: string, depth: number, splittable: boolean): void => {
    const listed = readFolder(walk, dir, depth);
    if (!listed) return;
    const splits = onPart !== undefined && splittable && listed.plain;
    for (const folder of listed.folders) {
      walkFolder(folder, depth + 1, splits);
      if (splits && walk.entries.length >= partEntries) {
        onPart(walk.entries);
        walk.entries = [];
      }
    }
  };
  walkFolder(subtree.dir, subtree.depth, true);
}

/**
 * Reads one folder into `walk`: its session files, packages and audio as entries, its subfolders to walk returned.
 * `plain`: the folder holds no session, no package and no backup folder. Null when the folder cannot be read.
 */
export function readFolder(walk: WalkResult, dir: string, depth: number): { folders: string[]; plain: boolean } | null {
  let children: fs.Dirent[];
  try {
    children = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    walk.errors.push({ path: dir, reason: `folder not readable (${errorCode(error)})` });
    return null;
  }
  walk.folders += 1;
  const folders: string[] = [];
  let plain = true;
  for (const child of children) {
    const name = child.name;
    // Symbolic links are not followed: a link can loop, or lead outside the watched folder.
    if (!child.isDirectory() && !child.isFile()) continue;
    const role = scanEntryRole(name, child.isDirectory());
    if (role === 'ignored') continue;
    const full = path.join(dir, name);
    if (name.includes(REPLACEMENT_CHARACTER)) {
      // Node decodes names as UTF-8; a name that is not (possible on Linux only) cannot be opened by it.
      walk.errors.push({ path: full, reason: 'name is not valid UTF-8' });
      continue;
    }
    switch (role) {
      case 'folder':
        if (BACKUP_FOLDERS.has(name.toLowerCase()) || NESTED_BACKUP_FOLDERS.has(name.toLowerCase())) plain = false;
        if (depth + 1 >= MAX_DEPTH) walk.errors.push({ path: full, reason: 'folder nested too deeply' });
        else folders.push(full);
        break;
      case 'package':
      case 'session':
        plain = false;
        addEntry(walk.entries, walk.errors, full, role);
        break;
      case 'audio':
        addEntry(walk.entries, walk.errors, full, role);
        break;
      default:
        assertNever(role);
    }
  }
  return { folders, plain };
}

function addEntry(entries: WalkEntry[], errors: WalkError[], full: string, kind: EntryKind): void {
  try {
    const stats = fs.statSync(full);
    const mtimeMs = kind === 'package' ? packageMtime(full, stats.mtimeMs) : stats.mtimeMs;
    entries.push({ path: full, kind, size: kind === 'package' ? 0 : stats.size, mtimeMs: Math.round(mtimeMs), ino: stats.ino });
  } catch (error) {
    errors.push({ path: full, reason: `not readable (${errorCode(error)})` });
  }
}

/** A package changes inside: Logic rewrites its alternative's metadata, not the package folder itself. */
function packageMtime(packagePath: string, folderMtime: number): number {
  try {
    return Math.max(folderMtime, fs.statSync(path.join(packagePath, 'Alternatives', '000', PACKAGE_METADATA_FILE)).mtimeMs);
  } catch {
    // A package without metadata (partial copy) still counts; its reader will say what is missing.
    return folderMtime;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}
