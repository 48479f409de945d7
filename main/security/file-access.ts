/**
 * The file channels read only inside the roots they are given (`libraryRoots`: the watched folders and the library's
 * files in the app's data). Paths are resolved through symlinks before the check, so neither `..` nor a link can lead
 * outside; so are the roots, and a watched one is held to the folder rule as it resolves, so no link can lead in.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import { MESSAGES } from '../../common/messages';
import { hasScheme, isDevicePath, isNetworkPath } from '../../common/projects/network-path';
import { realFolderRefusal } from './watchable-folder';

/**
 * A folder the file channels may act in: a path trusted as given (the library's folders in the app's data), or a
 * watched folder with the places of the folder rule, trusted only while the folder it really is now may be watched.
 */
export type LibraryRoot = string | { watched: string; places: FolderPlaces };

export async function resolveAllowedPath(requested: string, roots: readonly LibraryRoot[]): Promise<string> {
  refuseNetworkPath(requested, roots.map(rootPath));
  if (!path.isAbsolute(requested)) throw new AppError('invalid_input', MESSAGES.pathNotAbsolute);
  if (requested.includes('\0')) throw new AppError('invalid_input', MESSAGES.pathHasNul);
  const target = await realPathOfPossiblyMissing(path.resolve(requested));
  for (const root of roots) {
    const realRoot = await realPathOfPossiblyMissing(path.resolve(rootPath(root)));
    if (!isInside(realRoot, target)) continue;
    // The rule asked of the root as it resolves now, not of its name: a watched folder since swapped for a link to the
    // home folder (or to `~/.ssh`) is that folder, and leads nowhere.
    if (typeof root !== 'string' && (await realFolderRefusal(realRoot, root.places)) !== null) continue;
    return target;
  }
  throw new AppError('forbidden', MESSAGES.outsideLibraryFolders);
}

function rootPath(root: LibraryRoot): string {
  return typeof root === 'string' ? root : root.watched;
}

/**
 * A network or device path is refused by its shape, before any file system call: on Windows merely resolving
 * `\\server\share\a.als` opens an SMB connection that hands the server the user's NTLM hash (common/projects/network-path.ts).
 * The one exception is a share the user chose to watch: a path inside it, by its letters alone, is theirs.
 */
function refuseNetworkPath(requested: string, roots: readonly string[]): void {
  if (!isNetworkPath(requested)) return;
  const chosenShare = !isDevicePath(requested) && !hasScheme(requested) && roots.some((root) => isNetworkPath(root) && isInsideByLetters(root, requested));
  if (!chosenShare) throw new AppError('forbidden', MESSAGES.networkPathRefused);
}

function isInsideByLetters(root: string, target: string): boolean {
  const norm = (value: string) => path.posix.normalize(value.replaceAll('\\', '/')).toLowerCase();
  const relative = path.posix.relative(norm(root), norm(target));
  return relative === '' || (!relative.startsWith('..') && !path.posix.isAbsolute(relative));
}

export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of a file, or of its nearest existing parent joined with the rest when it does not exist. */
async function realPathOfPossiblyMissing(absolute: string): Promise<string> {
  try {
    return await fs.realpath(absolute);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const parent = path.dirname(absolute);
    if (parent === absolute) return absolute;
    return path.join(await realPathOfPossiblyMissing(parent), path.basename(absolute));
  }
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
