/**
 * Walks a watched folder and returns what a scan needs: session files, project packages and audio, with the
 * size, mtime and inode that tell a rescan what changed. A hand-written readdir walk (as fast as `find`)
 * rather than a generic crawler, because it must skip sample and media folders, stop at packages, record
 * unreadable folders and never follow links (no symlink loops).
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertNever } from '../../common/errors';
import { PACKAGE_METADATA_FILE, scanEntryRole } from '../../common/projects/scan-paths';
import type { EntryKind, WalkEntry, WalkError, WalkResult } from '../../common/bridge/worker-tasks';

const REPLACEMENT_CHARACTER = '\uFFFD';

/** Deeper than any real project tree; a guard against pathological nesting. */
const MAX_DEPTH = 64;

export function walkLibrary(root: string): WalkResult {
  const entries: WalkEntry[] = [];
  const errors: WalkError[] = [];
  const stack: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  let folders = 0;

  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as { dir: string; depth: number };
    let children: fs.Dirent[];
    try {
      children = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      errors.push({ path: dir, reason: `folder not readable (${errorCode(error)})` });
      continue;
    }
    folders += 1;
    for (const child of children) {
      const name = child.name;
      // Symbolic links are not followed: a link can loop, or lead outside the watched folder.
      if (!child.isDirectory() && !child.isFile()) continue;
      const role = scanEntryRole(name, child.isDirectory());
      if (role === 'ignored') continue;
      const full = path.join(dir, name);
      if (name.includes(REPLACEMENT_CHARACTER)) {
        // Node decodes names as UTF-8; a name that is not (possible on Linux only) cannot be opened by it.
        errors.push({ path: full, reason: 'name is not valid UTF-8' });
        continue;
      }
      switch (role) {
        case 'folder':
          if (depth + 1 >= MAX_DEPTH) errors.push({ path: full, reason: 'folder nested too deeply' });
          else stack.push({ dir: full, depth: depth + 1 });
          break;
        case 'package':
        case 'session':
        case 'audio':
          addEntry(entries, errors, full, role);
          break;
        default:
          assertNever(role);
      }
    }
  }
  return { entries, errors, folders };
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
