/**
 * The browser host's folder browser (issue 20): a page cannot learn a folder's path from the browser, so the host
 * lists folders for it to pick from. Only inside the user's home folder, links included only when they stay there,
 * hidden folders left out; each folder says whether it may be watched, by the one rule (common/projects/folder-rules.ts).
 *
 * Hidden means a name below the home folder that starts with a dot (`~/.config`, `~/.ssh`: other apps' settings and
 * keys), whether the folder is listed, asked for by name or reached through a link. Windows' hidden attribute is
 * not readable from Node (`fs.Stats` has no attributes), so the dot is the whole rule there too; Windows' own hidden
 * folders of the home (AppData) are listed, and the folder rule says they may not be watched.
 *
 * A folder is read entry by entry up to a bound (`MAX_ENTRIES_READ`), never whole: a sample folder of a million
 * files would otherwise be read, held and sorted for a page that shows a thousand folders.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { folderRefusal, type FolderPlaces } from '../../common/projects/folder-rules';
import type { FolderListing } from '../../common/projects/library';
import { folderNotFound } from '../../common/messages';
import { isNetworkPath } from '../../common/projects/network-path';

/** Folders listed at most (a folder of 10,000 sample packs is listed by its first names). */
const MAX_LISTED = 1000;
/** Entries of a folder read at most, files included: past it the listing says it was cut. */
export const MAX_ENTRIES_READ = 5000;
export const OUTSIDE_HOME = 'The folder browser shows the folders in your home folder.';
export const HIDDEN_FOLDER = 'The folder browser does not show hidden folders.';

export async function browseFolders(requested: string | undefined, places: FolderPlaces): Promise<FolderListing> {
  // A network or device path is refused by its shape: looking one up would touch it (common/projects/network-path.ts).
  if (requested !== undefined && isNetworkPath(requested)) throw new AppError('forbidden', OUTSIDE_HOME);
  const home = await fs.realpath(places.home);
  const folder = path.resolve(requested ?? places.home);
  const real = await fs.realpath(folder).catch(() => null);
  if (real === null) throw new AppError('not_found', folderNotFound(folder));
  if (!isInside(real, home)) throw new AppError('forbidden', OUTSIDE_HOME);
  if (isHidden(real, home)) throw new AppError('forbidden', HIDDEN_FOLDER);
  const { entries, cut } = await readBounded(real, folder);
  const folders: FolderListing['folders'] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (folders.length > MAX_LISTED) break;
    if (entry.name.startsWith('.')) continue;
    const child = path.join(real, entry.name);
    if (!entry.isDirectory()) {
      if (!entry.isSymbolicLink()) continue;
      // A link counts only when it leads to a folder that is still in the home folder, and not a hidden one.
      const target = await fs.realpath(child).catch(() => null);
      const stats = target ? await fs.stat(target).catch(() => null) : null;
      if (!target || !stats?.isDirectory() || !isInside(target, home) || isHidden(target, home)) continue;
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
    folders: folders.slice(0, MAX_LISTED),
    truncated: cut || folders.length > MAX_LISTED,
  };
}

/** The folder's first `MAX_ENTRIES_READ` entries, and whether it holds more. */
async function readBounded(real: string, asNamed: string): Promise<{ entries: Dirent[]; cut: boolean }> {
  const dir = await fs.opendir(real).catch(() => {
    throw new AppError('forbidden', `${asNamed} cannot be read.`);
  });
  const entries: Dirent[] = [];
  try {
    for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
      if (entries.length === MAX_ENTRIES_READ) return { entries, cut: true };
      entries.push(entry);
    }
    return { entries, cut: false };
  } finally {
    await dir.close();
  }
}

/** A name below the home folder starts with a dot: the folder is, or is inside, a hidden one. */
function isHidden(folder: string, home: string): boolean {
  return path
    .relative(home, folder)
    .split(path.sep)
    .some((name) => name.startsWith('.'));
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
