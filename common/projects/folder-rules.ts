/**
 * Which folders may be watched (DESIGN.md, trust rules): real project folders, never the disk, a drive, the home
 * folder, system folders or Songshelf's own data. A watched folder is trusted: the file channels read inside it and
 * the scanner walks it, so a folder that holds the whole disk, other apps' keys or the app's own secrets would hand
 * them to the page. One home for the rule: `watchDirectory`, `db:update-user-settings`, settings pulled from the
 * cloud and the file channels' roots all ask it.
 *
 * Decided by the path's shape alone, the same on every OS (so both lists are tested anywhere), case-insensitively
 * (macOS and Windows file systems are), after `.` and `..` are resolved. The folder is refused when it is:
 *
 * - not a full path, or a device path (`\\?\…`, `\\.\…`, `\??\…`: they bypass Windows' own path rules);
 * - the disk (`/`), a drive (`C:\`; `/Volumes/X`, `/mnt/X`, `/media/X`, `/media/user/X`, `/run/media/user/X`) or a
 *   whole network share (`\\server\share`; a folder inside one is fine);
 * - Songshelf's data folder, a folder inside it, or one that holds it;
 * - the home folder or one that holds it (`/Users`, `/home`, `C:\Users`); a hidden folder in it (`~/.ssh`,
 *   `~/.config`: other apps' settings and keys), `~/AppData` (but a folder in its `Local\Temp`, Windows' temp
 *   folder, is fine), or `~/Library` (but iCloud Drive and the cloud drives macOS keeps there,
 *   `~/Library/Mobile Documents/…` and `~/Library/CloudStorage/…`, are fine);
 * - a system folder or inside one: `/etc`, `/usr`, `/var`, `/System`, `/Library`, `/Applications`, `/private`…
 *   (temp folders inside them, `/var/folders/…`, `/private/tmp/…`, and `/var/home/…` homes, are fine), or on any
 *   drive `Windows`, `Program Files`, `ProgramData`…; and `/tmp` itself (a folder inside it is fine).
 */
import { isDevicePath } from './network-path';

/** Where this computer keeps what must never be watched. */
export interface FolderPlaces {
  /** The user's home folder (`os.homedir()`). */
  home: string;
  /** Songshelf's data folder: the database, backups, the session vault, the local cloud's secrets. */
  dataDir: string;
}

/** A refused folder and why, as the user reads it. */
export interface RefusedFolder {
  folder: string;
  reason: string;
}

/** `*` matches any one name. Every name lower-case. */
type Pattern = readonly string[];

const POSIX_SYSTEM_TREES: Pattern[] = [
  ...['bin', 'boot', 'dev', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'nix', 'opt', 'proc', 'root', 'run', 'sbin', 'snap', 'sys', 'usr', 'var'],
  ...['system', 'library', 'applications', 'cores', 'private', 'network'],
].map((name) => [name]);
/** Folders strictly inside these are not system folders, though a tree above holds them. */
const POSIX_SYSTEM_EXCEPTIONS: Pattern[] = [
  ['run', 'media', '*', '*'],
  ['var', 'folders'],
  ['var', 'tmp'],
  ['var', 'home'],
  ['private', 'tmp'],
  ['private', 'var', 'folders'],
  ['private', 'var', 'tmp'],
];
/** Folders of folders: refused themselves, fine inside. */
const POSIX_SYSTEM_FOLDERS: Pattern[] = [['home'], ['users'], ['tmp']];
const POSIX_DRIVES: Pattern[] = [['volumes'], ['volumes', '*'], ['mnt'], ['mnt', '*'], ['media'], ['media', '*'], ['media', '*', '*']];
const WINDOWS_SYSTEM_TREES: Pattern[] = [
  'windows',
  'program files',
  'program files (x86)',
  'programdata',
  '$recycle.bin',
  'system volume information',
  'recovery',
  'perflogs',
  'boot',
  'documents and settings',
].map((name) => [name]);
const WINDOWS_SYSTEM_FOLDERS: Pattern[] = [['users']];
/** Below the home folder. */
const HOME_APP_TREES: Pattern[] = [['appdata'], ['library']];
const HOME_APP_EXCEPTIONS: Pattern[] = [
  ['library', 'mobile documents'],
  ['library', 'cloudstorage'],
  // Windows' temp folder (`os.tmpdir()`): a folder made there is the user's.
  ['appdata', 'local', 'temp'],
];

/** Why `folder` may not be watched on a computer with these places, or null when it may. */
export function folderRefusal(folder: string, places: FolderPlaces): string | null {
  if (isDevicePath(folder)) return `${folder} is a device path, not a folder Songshelf can watch.`;
  const parsed = parseFolder(folder);
  if (!parsed) return `${folder} is not a full path to a folder.`;
  const { parts } = parsed;
  if (parsed.share && parts.length === 0) return `Songshelf cannot watch a whole network share (${folder}). Choose the folder on it that holds your projects.`;
  if (parts.length === 0 && parsed.windows) return `Songshelf cannot watch a whole drive (${folder}). Choose the folder on it that holds your projects.`;
  if (parts.length === 0) return `Songshelf cannot watch the whole disk (${folder}). Choose the folder that holds your projects.`;
  if (!parsed.windows && !parsed.share && POSIX_DRIVES.some((pattern) => matches(parts, pattern))) {
    return `Songshelf cannot watch a whole drive (${folder}). Choose the folder on it that holds your projects.`;
  }

  const data = parseFolder(places.dataDir);
  const nearData = data !== null && sameRoot(parsed, data);
  if (nearData && startsWith(parts, data.parts)) {
    return `${folder} is Songshelf's own data (its database and keys): Songshelf does not watch it.`;
  }
  const home = parseFolder(places.home);
  if (home && sameRoot(parsed, home)) {
    if (startsWith(home.parts, parts)) {
      return `Songshelf cannot watch your whole home folder (${folder}). Choose the folder that holds your projects, such as Music.`;
    }
    const below = startsWith(parts, home.parts) ? parts.slice(home.parts.length) : null;
    if (below && (below[0]?.startsWith('.') || inTree(below, HOME_APP_TREES, HOME_APP_EXCEPTIONS))) {
      return `${folder} holds apps' settings and keys, not projects: Songshelf does not watch it.`;
    }
  }
  if (nearData && startsWith(data.parts, parts)) {
    return `${folder} holds Songshelf's own data (its database and keys), which no watched folder may include.`;
  }

  const system = parsed.share
    ? false
    : parsed.windows
      ? inTree(parts, WINDOWS_SYSTEM_TREES, []) || WINDOWS_SYSTEM_FOLDERS.some((pattern) => matches(parts, pattern))
      : inTree(parts, POSIX_SYSTEM_TREES, POSIX_SYSTEM_EXCEPTIONS) || POSIX_SYSTEM_FOLDERS.some((pattern) => matches(parts, pattern));
  return system ? `${folder} is a system folder, not a folder of projects: Songshelf does not watch it.` : null;
}

/** The folders of `folders` that may be watched, and the others with the reason each is refused. */
export function partitionFolders(folders: readonly string[], places: FolderPlaces): { kept: string[]; refused: RefusedFolder[] } {
  const kept: string[] = [];
  const refused: RefusedFolder[] = [];
  for (const folder of folders) {
    const reason = folderRefusal(folder, places);
    if (reason === null) kept.push(folder);
    else refused.push({ folder, reason });
  }
  return { kept, refused };
}

interface ParsedFolder {
  windows: boolean;
  /** A UNC path: `root` is `\\server\share`. */
  share: boolean;
  /** Lower-case: `/`, `c:`, `\\server\share`. */
  root: string;
  /** Lower-case names below the root, `.` and `..` resolved. */
  parts: string[];
}

function parseFolder(folder: string): ParsedFolder | null {
  const drive = /^([a-z]):[\\/]/i.exec(folder);
  if (drive) return { windows: true, share: false, root: `${drive[1]!.toLowerCase()}:`, parts: windowsNames(folder.slice(3)) };
  if (/^[\\/]{2}[^\\/]/.test(folder)) {
    const [server = '', share = '', ...rest] = folder.slice(2).toLowerCase().split(/[\\/]+/);
    if (server === '' || share === '') return { windows: true, share: true, root: `\\\\${server}`, parts: [] };
    return { windows: true, share: true, root: `\\\\${server}\\${share}`, parts: windowsNames(rest.join('/')) };
  }
  if (folder.startsWith('/')) return { windows: false, share: false, root: '/', parts: resolveNames(folder.toLowerCase().split('/')) };
  return null;
}

/** Windows drops a name's trailing dots and spaces: `C:\Windows.` is `C:\Windows`. */
function windowsNames(rest: string): string[] {
  return resolveNames(rest.toLowerCase().split(/[\\/]/).map((name) => (name === '.' || name === '..' ? name : name.replace(/[. ]+$/, ''))));
}

function resolveNames(names: readonly string[]): string[] {
  const parts: string[] = [];
  for (const name of names) {
    if (name === '' || name === '.') continue;
    if (name === '..') parts.pop();
    else parts.push(name);
  }
  return parts;
}

function sameRoot(a: ParsedFolder, b: ParsedFolder): boolean {
  return a.root === b.root;
}

function startsWith(parts: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= parts.length && prefix.every((name, index) => parts[index] === name);
}

function matches(parts: readonly string[], pattern: Pattern): boolean {
  return parts.length === pattern.length && startsWithPattern(parts, pattern);
}

function startsWithPattern(parts: readonly string[], pattern: Pattern): boolean {
  return pattern.length <= parts.length && pattern.every((name, index) => name === '*' || parts[index] === name);
}

/** Inside (or one of) the trees, and not strictly inside one of the exceptions. */
function inTree(parts: readonly string[], trees: readonly Pattern[], exceptions: readonly Pattern[]): boolean {
  if (!trees.some((tree) => startsWithPattern(parts, tree))) return false;
  return !exceptions.some((exception) => parts.length > exception.length && startsWithPattern(parts, exception));
}
