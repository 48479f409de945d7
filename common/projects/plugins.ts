/**
 * The plug-ins a song's project needs (issue 31): each by the name its DAW shows and its format, with how many
 * instances the project holds. Readers fill `ProjectMeta.plugins` as far as their format reveals them (Live: every
 * `PluginDevice` and `AuPluginDevice` of the set, FORMATS.md).
 */

export const PLUGIN_FORMATS = ['VST2', 'VST3', 'AU', 'AAX', 'CLAP'] as const;
export type PluginFormat = (typeof PLUGIN_FORMATS)[number];

export interface PluginUse {
  /** As the DAW shows it: "Serum", "FF Pro-Q 2". */
  name: string;
  format: PluginFormat;
  /** How many times the project loads it (a plug-in on three tracks: 3). */
  instances: number;
}

/** The most instances of one plug-in a song may claim (as `song_plugins`' triggers keep them, migration 0016). */
export const MAX_PLUGIN_INSTANCES = 100_000;

/** Instances in document order, as one entry per plug-in and format with its count, in order of first use. */
export function countPlugins(instances: readonly { name: string; format: PluginFormat }[]): PluginUse[] {
  const uses = new Map<string, PluginUse>();
  for (const { name, format } of instances) {
    const key = `${format}\n${name}`;
    const use = uses.get(key);
    if (use) use.instances += 1;
    else uses.set(key, { name, format, instances: 1 });
  }
  return [...uses.values()];
}

/** `meta.plugins` as stored on a song (JSON from a file or the cloud): only well-formed entries count. */
export function pluginsOf(value: unknown): PluginUse[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PluginUse =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PluginUse).name === 'string' &&
      (entry as PluginUse).name !== '' &&
      (PLUGIN_FORMATS as readonly unknown[]).includes((entry as PluginUse).format) &&
      Number.isInteger((entry as PluginUse).instances) &&
      (entry as PluginUse).instances > 0 &&
      (entry as PluginUse).instances <= MAX_PLUGIN_INSTANCES,
  );
}

/**
 * A plug-in's name as it is compared and grouped, the one fold for the computer and the website (issue 44): Unicode's
 * compatibility form (NFKC: an "Ö" typed whole or as O and a combining diaeresis, full-width letters) lower-cased by
 * Unicode's rules, so "Öl Comp", "öl comp" and "ÖL COMP" are one plug-in everywhere. SQLite keeps it beside each name
 * (`song_plugins.name_key`, `installed_plugins.name_key`), computed by this very function (`db/sql-functions.ts`).
 */
export function pluginNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/**
 * Text in code point order, as SQLite's BINARY collation orders it (UTF-8's bytes): JavaScript's `<` compares UTF-16
 * units, which differs for characters past U+FFFF against U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const [x, y] = [a.codePointAt(i) as number, b.codePointAt(j) as number];
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** A plug-in of the library, as the Plugins view lists it. */
export interface PluginSummary {
  name: string;
  format: PluginFormat;
  /** Songs outside Hidden whose project loads it. */
  songs: number;
  /** Its instances across those songs. */
  instances: number;
  /** Whether it is installed on this computer; null where that cannot be told (no look yet, another system, the website). */
  installed: boolean | null;
}

/**
 * The library's plug-ins from songs in memory (the website's), as `db/repositories/plugins.ts` lists them in SQLite:
 * one per name key and format, shown in its smallest spelling, most used first, then by key and format in code point
 * order.
 */
export function summarisePlugins(songs: Iterable<{ hidden: boolean; meta: Record<string, unknown> }>): PluginSummary[] {
  const summaries = new Map<string, PluginSummary & { key: string }>();
  for (const song of songs) {
    if (song.hidden) continue;
    const counted = new Set<string>();
    for (const use of pluginsOf(song.meta.plugins)) {
      const nameKey = pluginNameKey(use.name);
      const key = `${nameKey}\n${use.format}`;
      const summary = summaries.get(key) ?? { key: nameKey, name: use.name, format: use.format, songs: 0, instances: 0, installed: null };
      // A song counts once per plug-in, as SQLite counts distinct songs, whatever its list repeats.
      if (!counted.has(key)) summary.songs += 1;
      counted.add(key);
      summary.instances += use.instances;
      if (compareCodePoints(use.name, summary.name) < 0) summary.name = use.name;
      summaries.set(key, summary);
    }
  }
  return [...summaries.values()]
    .sort((a, b) => b.songs - a.songs || compareCodePoints(a.key, b.key) || compareCodePoints(a.format, b.format))
    .map(({ key: _key, ...summary }) => summary);
}

/** One of the folders where a system keeps plug-ins of one format (issue 31, "Will it open here?"). */
export interface PluginFolder {
  path: string;
  format: PluginFormat;
  scope: 'user' | 'system';
}

/** What the standard folders are found from: the system's root (a test's fake tree), the user's home, and Windows' variables. */
export interface PluginFolderPlaces {
  /** Where `/Library` is on macOS. Default '/'. */
  root?: string;
  home: string;
  /** Windows: %ProgramFiles%, %CommonProgramFiles%, %LOCALAPPDATA%. */
  programFiles?: string | undefined;
  commonProgramFiles?: string | undefined;
  localAppData?: string | undefined;
}

/**
 * The folders each system's DAWs load plug-ins from, per user and system-wide: Audio Units, VST, VST3 and AAX on
 * macOS; VST3, the usual VST2 folders and AAX on Windows. None elsewhere: a Linux computer runs none of these DAWs.
 * `join` is the platform's path join (the tests build both systems' trees on one).
 */
export function standardPluginFolders(platform: string, places: PluginFolderPlaces, join: (...parts: string[]) => string): PluginFolder[] {
  const folder = (base: string | undefined, format: PluginFormat, scope: PluginFolder['scope'], ...parts: string[]): PluginFolder[] =>
    base ? [{ path: join(base, ...parts), format, scope }] : [];
  if (platform === 'darwin') {
    const root = places.root ?? '/';
    const audio = ['Library', 'Audio', 'Plug-Ins'];
    return [
      ...folder(root, 'AU', 'system', ...audio, 'Components'),
      ...folder(places.home, 'AU', 'user', ...audio, 'Components'),
      ...folder(root, 'VST2', 'system', ...audio, 'VST'),
      ...folder(places.home, 'VST2', 'user', ...audio, 'VST'),
      ...folder(root, 'VST3', 'system', ...audio, 'VST3'),
      ...folder(places.home, 'VST3', 'user', ...audio, 'VST3'),
      ...folder(root, 'AAX', 'system', 'Library', 'Application Support', 'Avid', 'Audio', 'Plug-Ins'),
      ...folder(root, 'CLAP', 'system', ...audio, 'CLAP'),
      ...folder(places.home, 'CLAP', 'user', ...audio, 'CLAP'),
    ];
  }
  if (platform === 'win32') {
    return [
      ...folder(places.commonProgramFiles, 'VST3', 'system', 'VST3'),
      ...folder(places.localAppData, 'VST3', 'user', 'Programs', 'Common', 'VST3'),
      ...folder(places.programFiles, 'VST2', 'system', 'VSTPlugins'),
      ...folder(places.programFiles, 'VST2', 'system', 'Steinberg', 'VSTPlugins'),
      ...folder(places.commonProgramFiles, 'VST2', 'system', 'VST2'),
      ...folder(places.commonProgramFiles, 'VST2', 'system', 'Steinberg', 'VST2'),
      ...folder(places.commonProgramFiles, 'AAX', 'system', 'Avid', 'Audio', 'Plug-Ins'),
      ...folder(places.commonProgramFiles, 'CLAP', 'system', 'CLAP'),
    ];
  }
  return [];
}

/** The file a plug-in of each format is: a bundle folder on macOS, a file (VST2 .dll) or bundle on Windows. */
export const PLUGIN_EXTENSIONS: Readonly<Record<PluginFormat, readonly string[]>> = {
  AU: ['.component'],
  VST2: ['.vst', '.dll'],
  VST3: ['.vst3'],
  AAX: ['.aaxplugin'],
  CLAP: ['.clap'],
};

/** A build's architecture in a file name: "Serum_x64", "Massive x64", "Kontakt (64 bit)". */
const ARCHITECTURE_SUFFIX = /[\s_.-]*\(?(?:x64|x86_64|x86-64|64[\s-]?bit)\)?$/i;

/**
 * The names an installed plug-in may be shown by in a project: its file's name without the build's
 * architecture, the names its bundle declares ("FabFilter: Pro-Q 3" gives "Pro-Q 3" too), and each of those without
 * its first words ("FabFilter Pro-Q 3" is "Pro-Q 3" in a VST3's project), down to a last part that still holds a
 * letter and three characters. A project's plug-in is here when its name key (`pluginNameKey`) is one of theirs.
 */
export function installedNames(fileName: string, declared: readonly string[] = []): string[] {
  // Kept as written (SQLite compares them by their key), one spelling per name key.
  const names = new Map<string, string>();
  const keep = (name: string) => {
    if (!names.has(pluginNameKey(name))) names.set(pluginNameKey(name), name);
  };
  const add = (name: string) => {
    const clean = name.trim().replace(ARCHITECTURE_SUFFIX, '').trim();
    if (clean === '') return;
    keep(clean);
    const words = clean.split(/\s+/);
    for (let first = 1; first < words.length; first++) {
      const rest = words.slice(first).join(' ');
      if (rest.length >= 3 && /\p{L}/u.test(rest)) keep(rest);
    }
  };
  add(fileName);
  for (const name of declared) {
    add(name);
    const colon = name.indexOf(': ');
    if (colon > 0) add(name.slice(colon + 2));
  }
  return [...names.values()];
}

/** A plug-in found in one of the folders, by the names it answers to (`installedNames`). */
export interface InstalledPlugin {
  format: PluginFormat;
  path: string;
  names: string[];
}

/** What a look through the folders found. */
export interface FoundPlugins {
  plugins: InstalledPlugin[];
  /** Folders that exist but could not be read whole (unreadable, or past the walk's limits), with why. */
  errors: { path: string; reason: string }[];
  /** The formats of those folders: whether one of their plug-ins is here cannot be told. */
  unsureFormats: PluginFormat[];
}
