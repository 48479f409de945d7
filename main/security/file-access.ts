/**
 * The file channels read only inside the roots they are given (`libraryRoots`: the watched folders and the library's
 * files in the app's data). Paths are resolved through symlinks before the check, so neither `..` nor a link can lead
 * outside.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';

export async function resolveAllowedPath(requested: string, roots: string[]): Promise<string> {
  if (!path.isAbsolute(requested)) throw new AppError('invalid_input', MESSAGES.pathNotAbsolute);
  if (requested.includes('\0')) throw new AppError('invalid_input', MESSAGES.pathHasNul);
  const target = await realPathOfPossiblyMissing(path.resolve(requested));
  for (const root of roots) {
    const realRoot = await realPathOfPossiblyMissing(path.resolve(root));
    if (isInside(realRoot, target)) return target;
  }
  throw new AppError('forbidden', MESSAGES.outsideLibraryFolders);
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
