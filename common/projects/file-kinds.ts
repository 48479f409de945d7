/**
 * Which files a scan looks at, by name alone (DESIGN.md, project structure rules). One table, read by the
 * walker and the grouping rules.
 */
import type { Daw } from './project-meta';

export const SESSION_EXTENSIONS: Record<string, Daw> = {
  '.als': 'ableton',
  '.ptx': 'protools',
  '.ptf': 'protools',
  '.pts': 'protools',
  '.flp': 'flstudio',
  '.rpp': 'reaper',
  '.song': 'studioone',
  '.cpr': 'cubase',
  '.npr': 'cubase',
  '.bwproject': 'bitwig',
  '.dawproject': 'dawproject',
  '.ardour': 'ardour',
  '.mmp': 'lmms',
  '.mmpz': 'lmms',
};
/**
 * Session files a DAW writes beside the session as its copy of an earlier save (FORMATS-MORE.md): read like a session,
 * listed among its project's versions, never a song of their own. REAPER: `<name>.rpp-bak`.
 */
export const BACKUP_SESSION_EXTENSIONS: Record<string, Daw> = { '.rpp-bak': 'reaper' };
/** Folders that are one project each (macOS packages): never walked into as ordinary folders. */
export const PACKAGE_EXTENSIONS: Record<string, Daw> = { '.logicx': 'logic', '.band': 'garageband' };

/**
 * A DAW whose project is a package laid out as Logic's (GarageBand's `.band` is): its versions are the package's
 * alternatives and their backups, listed and read as Logic's (main/versions/).
 */
export function isPackageDaw(daw: Daw): daw is 'logic' | 'garageband' {
  return daw === 'logic' || daw === 'garageband';
}
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
  // Ardour's session folder: its recorded and imported sources, and their peak files.
  'interchange',
  'peaks',
]);

/** Folders of older copies of a project's session files: their sessions belong to the parent project. */
export const BACKUP_FOLDERS = new Set([
  'backup',
  'session file backups',
  'project file backups',
  // Studio One's autosaved copies, Cubase's, and Bitwig's (one folder per project inside: `auto-backups/<Project>/`).
  'history',
  'auto saves',
  'auto-backups',
]);

/** A backup folder that keeps a folder per project, the copies inside it (Bitwig: `auto-backups/<Project>/<Project> [date].bwproject`). */
export const NESTED_BACKUP_FOLDERS = new Set(['auto-backups']);

/** Folders where a project keeps its bounces (the song's audio). */
const BOUNCE_FOLDERS = new Set(['bounced files', 'bounces', 'exports', 'export', 'mixdown', 'mixdowns']);

/** Whether a folder's name is one of a project's bounce folders, whatever its case ("Bounced Files", "EXPORTS"). */
export function isBounceFolderName(name: string): boolean {
  return BOUNCE_FOLDERS.has(name.toLowerCase());
}

/** The lower-cased extension with its dot, or '' (no dependency on node:path: common/ runs anywhere). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The name without its extension (`Night Drive.als` -> `Night Drive`). */
export function stripExtension(name: string): string {
  const extension = extensionOf(name);
  return extension ? name.slice(0, -extension.length) : name;
}
