/**
 * Which paths matter to a scan, by name alone: one rule read by the walker (what it records or walks into)
 * and the watcher (which changes are worth a rescan), so the two never disagree.
 *
 * - Hidden names (a leading dot) and the sample and media folders (`SKIPPED_FOLDERS`) are never looked at.
 * - A package folder (`.logicx`, `.band`) is one project: not walked into; inside it only its metadata file
 *   tells that it changed.
 * - Otherwise sessions and audio files count, and folders are walked.
 * - A changed path cannot be inspected once deleted, so a name without an extension counts: it may have
 *   been a folder holding projects.
 */
import { AUDIO_EXTENSIONS, BACKUP_SESSION_EXTENSIONS, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS, SKIPPED_FOLDERS, extensionOf } from './file-kinds';

/** What a scan does with one entry of a folder: record it as one of these kinds, walk into it, or ignore it. */
export type ScanEntryRole = 'session' | 'package' | 'audio' | 'folder' | 'ignored';

/** The file inside a package that Logic rewrites when the project is saved (the walk reads its mtime). */
export const PACKAGE_METADATA_FILE = 'MetaData.plist';

export function scanEntryRole(name: string, isFolder: boolean): ScanEntryRole {
  if (name.startsWith('.')) return 'ignored';
  const extension = extensionOf(name);
  if (isFolder) {
    if (PACKAGE_EXTENSIONS[extension]) return 'package';
    return SKIPPED_FOLDERS.has(name.toLowerCase()) ? 'ignored' : 'folder';
  }
  if (SESSION_EXTENSIONS[extension] || BACKUP_SESSION_EXTENSIONS[extension]) return 'session';
  return AUDIO_EXTENSIONS.has(extension) ? 'audio' : 'ignored';
}

/**
 * Whether a changed path, given as its names below the watched folder, can change what a scan finds. Whether
 * it is a file or a folder is not known (it may be gone).
 */
export function isScannablePath(relativeNames: readonly string[]): boolean {
  if (relativeNames.some((name) => scanEntryRole(name, true) === 'ignored')) return false;
  const packageIndex = relativeNames.slice(0, -1).findIndex((name) => scanEntryRole(name, true) === 'package');
  if (packageIndex >= 0) return relativeNames.slice(packageIndex + 1).includes(PACKAGE_METADATA_FILE);
  const name = relativeNames.at(-1) ?? '';
  if (extensionOf(name) === '') return true;
  return scanEntryRole(name, false) !== 'ignored' || scanEntryRole(name, true) === 'package';
}
