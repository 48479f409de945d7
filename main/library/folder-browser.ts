/**
 * The browser host's folder browser (issue 20): a page cannot learn a folder's path from the browser, so the host
 * lists folders for it to pick from. Only inside the user's home folder, links included only when they stay there,
 * hidden folders left out; each folder says whether it may be watched, by the one rule (common/folder-rules.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { folderRefusal, type FolderPlaces } from '../../common/folder-rules';
import type { FolderListing } from '../../common/library';
import { folderNotFound } from '../../common/messages';
import { isNetworkPath } from '../../common/network-path';

/** Folders listed at most (a folder of 10,000 sample packs is listed by its first names). */
const MAX_LISTED = 1000;
export const OUTSIDE_HOME = 'The folder browser shows the folders in your home folder.';

export async function browseFolders(requested: string | undefined, places: FolderPlaces): Promise<FolderListing> {
  // A network or device path is refused by its shape: looking one up would touch it (common/network-path.ts).
  if (requested !== undefined && isNetworkPath(requested)) throw new AppError('forbidden', OUTSIDE_HOME);
  const home = await fs.realpath(places.home);
  const folder = path.resolve(requested ?? places.home);
  const real = await fs.realpath(folder).catch(() => null);
  if (real === null) throw new AppError('not_found', folderNotFound(folder));
  if (!isInside(real, home)) throw new AppError('forbidden', OUTSIDE_HOME);
  const entries = await fs.readdir(real, { withFileTypes: true }).catch(() => {
    throw new AppError('forbidden', `${folder} cannot be read.`);
  });
  const folders: FolderListing['folders'] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (folders.length >= MAX_LISTED) break;
    if (entry.name.startsWith('.')) continue;
    const child = path.join(real, entry.name);
    if (!entry.isDirectory()) {
      if (!entry.isSymbolicLink()) continue;
      // A link counts only when it leads to a folder that is still in the home folder.
      const target = await fs.realpath(child).catch(() => null);
      const stats = target ? await fs.stat(target).catch(() => null) : null;
      if (!target || !stats?.isDirectory() || !isInside(target, home)) continue;
    }
    const refusal = folderRefusal(child, places);
    folders.push({ name: entry.name, path: child, watchable: refusal === null, ...(refusal ? { reason: refusal } : {}) });
  }
  const refusal = folderRefusal(real, places);
  return {
    path: real,
    parent: real === home ? null : path.dirname(real),
    watchable: refusal === null,
    ...(refusal ? { reason: refusal } : {}),
    folders,
    truncated: folders.length >= MAX_LISTED,
  };
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
