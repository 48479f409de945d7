/**
 * A folder the user names to watch, checked on disk: a real folder, and by `folderRefusal` (common/projects/folder-rules.ts)
 * both as named and as it really is, so a link to `/` or to the app's data is refused like the folder itself. The
 * name is checked before the disk is touched: a refused network share is never contacted. The file channels ask the
 * rule of the real folder again each time (`realFolderRefusal`, main/security/file-access.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { folderRefusal, type FolderPlaces } from '../../common/projects/folder-rules';
import { MESSAGES, folderNotFound, notAFolder } from '../../common/messages';

/** This computer's places for the rule: the user's home and the app's data folder. */
export function folderPlaces(dataDir: string): FolderPlaces {
  return { home: os.homedir(), dataDir: path.resolve(dataDir) };
}

/** The folder as named (resolved, links kept), once it is checked. */
export async function resolveWatchableFolder(requested: string, places: FolderPlaces): Promise<string> {
  if (!path.isAbsolute(requested)) throw new AppError('invalid_input', MESSAGES.folderPathNotFull);
  if (requested.includes('\0')) throw new AppError('invalid_input', MESSAGES.pathHasNul);
  // As typed first: resolving turns `//server/share` into `/server/share` on Linux and macOS.
  refuseIfForbidden(requested, places);
  const resolved = path.resolve(requested);
  refuseIfForbidden(resolved, places);
  const stats = await fs.stat(resolved).catch(() => null);
  if (!stats) throw new AppError('not_found', folderNotFound(resolved));
  if (!stats.isDirectory()) throw new AppError('invalid_input', notAFolder(resolved));
  const reason = await realFolderRefusal(await fs.realpath(resolved), places);
  if (reason !== null) throw new AppError('forbidden', reason);
  return resolved;
}

/**
 * Why a folder, as it really is (`real`: its links resolved), may not be watched, or null when it may: held to the
 * places as they really are, and as named too (a data folder reached through a link is still the data folder). Asked
 * when a folder is watched and again whenever the file channels use it: a watched folder may since have been swapped
 * for a link to the home folder.
 */
export async function realFolderRefusal(real: string, places: FolderPlaces): Promise<string | null> {
  const realPlaces = { home: await realPathOr(places.home), dataDir: await realPathOr(places.dataDir) };
  return folderRefusal(real, realPlaces) ?? folderRefusal(real, places);
}

function refuseIfForbidden(folder: string, places: FolderPlaces): void {
  const reason = folderRefusal(folder, places);
  if (reason !== null) throw new AppError('forbidden', reason);
}

/** The real path of a place, or the place as given when it cannot be resolved (a home that does not exist). */
async function realPathOr(place: string): Promise<string> {
  return fs.realpath(place).catch(() => place);
}
