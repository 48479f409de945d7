/**
 * A project's missing samples as the song panel lists them (issue 43): grouped by folder, each folder named relative
 * to the project where it lies inside it (`Samples/Imported`), absolute otherwise (another computer's library), the
 * largest groups first, each file once. A real Live set can miss 154 samples from a dozen folders: a flat list of
 * absolute paths in red filled the panel.
 */

/** How many of a folder's files the panel shows before folding the rest behind "and N more". */
export const MISSING_SHOWN_PER_FOLDER = 10;

export interface MissingFolder {
  /** Relative to the project ('' for the project folder itself), or absolute when outside it. */
  folder: string;
  /** File names, sorted, each once. */
  files: string[];
}

/** Splits a path on either separator: a project's paths may be a Mac's or a PC's, whatever this computer is. */
function parts(filePath: string): { folder: string; name: string } {
  const cut = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
  return cut < 0 ? { folder: '', name: filePath } : { folder: filePath.slice(0, cut), name: filePath.slice(cut + 1) };
}

/** `folder` relative to `projectFolder` when inside it (either separator, case kept), else as it is. */
function relativeTo(projectFolder: string | null, folder: string): string {
  if (!projectFolder) return folder;
  const base = projectFolder.replace(/[\\/]+$/, '');
  if (folder === base) return '';
  const inside = folder.startsWith(`${base}/`) || folder.startsWith(`${base}\\`);
  return inside ? folder.slice(base.length + 1) : folder;
}

export function groupMissingSamples(samples: readonly string[], projectFolder: string | null): MissingFolder[] {
  const byFolder = new Map<string, Set<string>>();
  for (const sample of samples) {
    if (sample === '') continue;
    const { folder, name } = parts(sample);
    const shown = relativeTo(projectFolder, folder);
    const files = byFolder.get(shown) ?? new Set<string>();
    files.add(name);
    byFolder.set(shown, files);
  }
  return [...byFolder]
    .map(([folder, files]) => ({ folder, files: [...files].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => b.files.length - a.files.length || a.folder.localeCompare(b.folder));
}

/** "154 samples missing from 6 folders", "1 sample missing". */
export function missingSummary(groups: readonly MissingFolder[]): string {
  const total = groups.reduce((sum, group) => sum + group.files.length, 0);
  const samples = total === 1 ? '1 sample missing' : `${total} samples missing`;
  return groups.length > 1 ? `${samples} from ${groups.length} folders` : samples;
}
