/**
 * Which files a scan looks at, by name alone (DESIGN.md, project structure rules). One table, read by the
 * walker and the grouping rules.
 */
import type { Daw } from './project-meta';

export const SESSION_EXTENSIONS: Record<string, Daw> = { '.als': 'ableton', '.ptx': 'protools', '.ptf': 'protools', '.pts': 'protools' };
/** Folders that are one project each (macOS packages): never walked into as ordinary folders. */
export const PACKAGE_EXTENSIONS: Record<string, Daw> = { '.logicx': 'logic', '.band': 'logic' };
export const AUDIO_EXTENSIONS = new Set(['.wav', '.mp3', '.aif', '.aiff', '.flac']);

/** Folders whose audio never becomes a song of its own, and which hold no projects: not walked at all. */
export const SKIPPED_FOLDERS = new Set([
  'samples',
  'audio files',
  'media',
  'rendered files',
  'clip groups',
  'freeze files',
  'ableton project info',
  'fade files',
  'video files',
  'wavecache',
]);

/** Folders of older copies of a project's session files: their sessions belong to the parent project. */
export const BACKUP_FOLDERS = new Set(['backup', 'session file backups', 'project file backups']);

/** Folders where a project keeps its bounces (the song's audio). */
export const BOUNCE_FOLDERS = new Set(['bounced files', 'bounces', 'exports', 'export', 'mixdown', 'mixdowns']);

/** The lower-cased extension with its dot, or '' (no dependency on node:path: common/ runs anywhere). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
