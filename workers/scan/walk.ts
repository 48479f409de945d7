/**
 * Walks a watched folder and returns what a scan needs: session files, project packages and audio, with the
 * size, mtime and inode that tell a rescan what changed. A hand-written readdir walk (as fast as `find`)
 * rather than a generic crawler, because it must skip sample and media folders, stop at packages, record
 * unreadable folders and never follow links (no symlink loops).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AUDIO_EXTENSIONS, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS, SKIPPED_FOLDERS, extensionOf } from '../../common/file-kinds';
import type { EntryKind, WalkEntry, WalkError, WalkResult } from '../../common/worker-tasks';

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
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (name.includes(REPLACEMENT_CHARACTER)) {
        // Node decodes names as UTF-8; a name that is not (possible on Linux only) cannot be opened by it.
        errors.push({ path: full, reason: 'name is not valid UTF-8' });
        continue;
      }
      const extension = extensionOf(name);
      if (child.isDirectory()) {
        if (PACKAGE_EXTENSIONS[extension]) addEntry(entries, errors, full, 'package');
        else if (SKIPPED_FOLDERS.has(name.toLowerCase())) continue;
        else if (depth + 1 >= MAX_DEPTH) errors.push({ path: full, reason: 'folder nested too deeply' });
        else stack.push({ dir: full, depth: depth + 1 });
      } else if (child.isFile()) {
        if (SESSION_EXTENSIONS[extension]) addEntry(entries, errors, full, 'session');
        else if (AUDIO_EXTENSIONS.has(extension)) addEntry(entries, errors, full, 'audio');
      }
      // Symbolic links are not followed: a link can loop, or lead outside the watched folder.
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
    return Math.max(folderMtime, fs.statSync(path.join(packagePath, 'Alternatives', '000', 'MetaData.plist')).mtimeMs);
  } catch {
    // A package without metadata (partial copy) still counts; its reader will say what is missing.
    return folderMtime;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}
