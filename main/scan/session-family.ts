/**
 * Which session files in one folder are versions of one song (DESIGN.md, "One song per song"): a "family" is the
 * files whose names are one name once the suffixes musicians and DAWs add for a new version are taken off
 * (`Night Drive 2`, `Night Drive v3`, `Night Drive (final)`, `Night Drive_mix2`, `Night Drive copy`, Cubase's and
 * LMMS's `Night Drive-01`, Live's `Night Drive [2024-01-01 101010]`, a trailing date). Pure, so the scan's grouping
 * and the versions timeline hold the same families, and the rule is tested on plain names.
 *
 * - Ardour names every snapshot of a session as the user likes, inside the session's own folder: an `.ardour` file's
 *   family is its folder's name, so the folder is one song however many snapshots it holds.
 * - Backups (backup folders, `.rpp-bak`) never start a family: they join the one whose name they match, else the
 *   folder's main family.
 * - The main family is the one named after the folder (`Night` in `Night Project/`), else the newest one's: it keeps
 *   the audio that matches no family, as the one song of the folder kept all of it before families.
 */
import { extensionOf, stripExtension } from '../../common/projects/file-kinds';

const SEPARATOR = String.raw`[\s._\-#]`;
/** Words a new version is saved with, after the name (optionally numbered: `mix2`, `take 3`). */
const VERSION_WORDS = ['copy', 'final', 'mix', 'master', 'mastered', 'edit', 'alt', 'version', 'ver', 'rev', 'take', 'wip', 'draft', 'bak', 'backup', 'autosave', 'autosaved'];

/** Taken off the end of a name, one at a time, until none applies (so `copy 2`, then `2024-01-01`, come off whole). */
const SUFFIXES = [
  // `(final)`, `(Autosaved)`, `(2)`, Live's and Bitwig's `[2024-01-01 101010]`.
  /\s*[[(][^[\]()]*[\])]\s*$/u,
  // ` 2`, `-01`, `_3`, `.001`, and date parts one by one.
  new RegExp(`${SEPARATOR}+\\d+$`, 'u'),
  new RegExp(`${SEPARATOR}+v\\d+(?:\\.\\d+)*$`, 'iu'),
  new RegExp(`${SEPARATOR}+(?:${VERSION_WORDS.join('|')})${SEPARATOR}*\\d*$`, 'iu'),
  new RegExp(`${SEPARATOR}+$`, 'u'),
];
const COPY_OF = /^copy of\s+/iu;

/**
 * Names and keys already worked out: every rescan groups the same names again (three times per project: its family,
 * its name, the folder's main family), and the suffixes' patterns were a fifth of a 20,000-project rescan's grouping.
 * Emptied when full, so a library that churns names never holds more than this.
 */
const remembered = { names: new Map<string, string>(), keys: new Map<string, string>() };
const REMEMBERED_NAMES = 50_000;

function remember(cache: Map<string, string>, stem: string, work: (stem: string) => string): string {
  let value = cache.get(stem);
  if (value === undefined) {
    value = work(stem);
    if (cache.size >= REMEMBERED_NAMES) cache.clear();
    cache.set(stem, value);
  }
  return value;
}

/** The name with its version suffixes taken off, as written (`Night Drive_mix2` -> `Night Drive`); never empty. */
export function familyName(stem: string): string {
  return remember(remembered.names, stem, withoutVersionSuffixes);
}

function withoutVersionSuffixes(stem: string): string {
  let name = stem.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of [COPY_OF, ...SUFFIXES]) {
      const shorter = name.replace(suffix, '').trim();
      // A name that is all suffix (`2024-01-01`, `Mix`) keeps what is left of it.
      if (shorter !== name && /[\p{L}\p{N}]/u.test(shorter)) {
        name = shorter;
        changed = true;
      }
    }
  }
  return name;
}

/** What a family is known by: its name without case, accents, spaces or punctuation (`Night_Drive` = `night drive`). */
export function familyKey(stem: string): string {
  return remember(remembered.keys, stem, (named) => {
    const key = familyName(named).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    return key || named.toLowerCase();
  });
}

/** The name a session file is grouped by: its name without the extension, or for Ardour its folder's name. */
export function sessionStem(fileName: string, folderName: string): string {
  if (extensionOf(fileName) === '.ardour') return folderName;
  return stripExtension(fileName);
}

/**
 * Ardour's copy of a session it upgraded: opening an older session, it first saves the file as
 * `<snapshot>-<its format version>.ardour` (`Ubidoo-3002.ardour` beside `Ubidoo.ardour`: libs/ardour/session_state.cc).
 * A backup, so never the recording session while the session it copied is there. A snapshot the user named with four
 * digits has no session of the name before them beside it, and stays a snapshot.
 */
export function isArdourUpgradeCopy(fileName: string, siblingNames: ReadonlySet<string>): boolean {
  if (extensionOf(fileName) !== '.ardour') return false;
  const copied = /^(.+)-\d{4}$/u.exec(stripExtension(fileName))?.[1];
  return copied !== undefined && siblingNames.has(`${copied}${fileName.slice(fileName.length - '.ardour'.length)}`);
}

/** The folder's name as a song's name: Live's `Night Project` is the song `Night`. */
export function folderSongName(folderName: string): string {
  return folderName.replace(/ Project$/i, '');
}

export interface FamilyMember {
  /** See `sessionStem`. */
  stem: string;
  mtimeMs: number;
  backup: boolean;
}

export interface Family<T> {
  key: string;
  /** The family's name as its first file (by name) writes it. */
  name: string;
  members: T[];
}

export interface FolderFamilies<T> {
  /** Main first (see the header), then by key: the same order on every scan. */
  families: Family<T>[];
}

/** The families of one folder's session files (`members`: its sessions and the backups that belong to the folder). */
export function familiesOf<T extends FamilyMember>(members: readonly T[], folderName: string): FolderFamilies<T> {
  const byKey = new Map<string, Family<T>>();
  const sorted = [...members].sort((a, b) => (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0));
  for (const member of sorted.filter((candidate) => !candidate.backup)) {
    const key = familyKey(member.stem);
    const family = byKey.get(key);
    if (family) family.members.push(member);
    else byKey.set(key, { key, name: familyName(member.stem), members: [member] });
  }
  const main = mainFamilyKey(byKey, sorted, folderName);
  for (const member of sorted.filter((candidate) => candidate.backup)) {
    let family = byKey.get(familyKey(member.stem)) ?? byKey.get(main);
    if (!family) {
      family = { key: main, name: folderSongName(folderName), members: [] };
      byKey.set(main, family);
    }
    family.members.push(member);
  }
  const families = [...byKey.values()].sort((a, b) => (a.key === main ? -1 : b.key === main ? 1 : a.key < b.key ? -1 : 1));
  return { families };
}

function mainFamilyKey<T extends FamilyMember>(byKey: Map<string, Family<T>>, sorted: T[], folderName: string): string {
  const folderKey = familyKey(folderSongName(folderName));
  if (byKey.has(folderKey) || byKey.size === 0) return folderKey;
  let newest: T | null = null;
  for (const member of sorted) if (!member.backup && (!newest || member.mtimeMs > newest.mtimeMs)) newest = member;
  return familyKey((newest as T).stem);
}

/** The family a bounce in a folder of several belongs to: the one its name holds, else the main family (`keys[0]`). */
export function bounceOwner(audioStem: string, keys: readonly string[]): string | undefined {
  return bounceFamily(audioStem, keys) ?? keys[0];
}

/** The family a bounce belongs to: the longest family key its name holds, or null when it holds none. */
export function bounceFamily(audioStem: string, keys: readonly string[]): string | null {
  const name = audioStem.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  let best: string | null = null;
  for (const key of keys) if (name.includes(key) && (best === null || key.length > best.length)) best = key;
  return best;
}
