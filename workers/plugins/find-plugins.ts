/**
 * The plug-ins installed on this computer (issue 31): every bundle or file of each format in the standard folders
 * (`standardPluginFolders`), by the names it answers to. An Audio Unit declares its names in its bundle's Info.plist
 * (`AudioComponents`, "FabFilter: Pro-Q 3"); a VST3 may in `Contents/Resources/moduleinfo.json`; otherwise the
 * file's name is the name. A folder that does not exist holds none; nothing here fails a refresh but a bug.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installedNames, PLUGIN_EXTENSIONS, type FoundPlugins, type PluginFolder, type PluginFormat } from '../../common/projects/plugins';
import { BoundedReadError, readBoundedFile } from '../readers/bounded-file';
import { readPlistFile } from '../readers/logic/plist-file';
import { isPlistDict, PlistFormatError } from '../readers/logic/plist-value';

/** Vendors nest a folder or two ("VST/Audio Damage/RoughRider3.vst"); deeper is not a plug-in folder's shape. */
const MAX_DEPTH = 6;
/** A plug-in folder holds hundreds of entries; past this many, a folder is not walked further (and its format is unsure). */
const MAX_ENTRIES_PER_FOLDER = 50_000;
const MAX_MODULE_INFO_BYTES = 1024 * 1024;

export async function findPlugins(folders: readonly PluginFolder[]): Promise<FoundPlugins> {
  const found: FoundPlugins = { plugins: [], errors: [], unsureFormats: [] };
  for (const folder of folders) {
    let entries = 0;
    const errorsBefore = found.errors.length;
    const stack = [{ dir: folder.path, depth: 0 }];
    while (stack.length > 0) {
      if (entries >= MAX_ENTRIES_PER_FOLDER) {
        found.errors.push({ path: folder.path, reason: `more than ${MAX_ENTRIES_PER_FOLDER} entries: not looked through whole` });
        break;
      }
      const { dir, depth } = stack.pop() as { dir: string; depth: number };
      let children: fs.Dirent[];
      try {
        children = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (depth > 0 || (code !== 'ENOENT' && code !== 'ENOTDIR')) found.errors.push({ path: dir, reason: `folder not readable (${code ?? 'error'})` });
        continue;
      }
      for (const child of children) {
        entries += 1;
        const full = path.join(dir, child.name);
        if (isPluginName(child.name, folder.format)) {
          found.plugins.push({ format: folder.format, path: full, names: installedNames(baseName(child.name), await declaredNames(full, folder.format)) });
        } else if (child.isDirectory() && depth < MAX_DEPTH) {
          // A link is not followed (it can loop); a plug-in that is a link is found by its name above.
          stack.push({ dir: full, depth: depth + 1 });
        }
      }
    }
    // A folder not read whole may hold any plug-in of its format: none of that format is called missing.
    if (found.errors.length > errorsBefore && !found.unsureFormats.includes(folder.format)) found.unsureFormats.push(folder.format);
  }
  return found;
}

function isPluginName(name: string, format: PluginFormat): boolean {
  const lower = name.toLowerCase();
  return PLUGIN_EXTENSIONS[format].some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

function baseName(name: string): string {
  return name.slice(0, name.lastIndexOf('.'));
}

/** The names a bundle declares; none where it declares none or its files cannot be read. */
async function declaredNames(bundle: string, format: PluginFormat): Promise<string[]> {
  try {
    if (format === 'AU') return audioComponentNames(readPlistFile(path.join(bundle, 'Contents', 'Info.plist')));
    if (format === 'VST3') return moduleInfoNames(readBoundedFile(path.join(bundle, 'Contents', 'Resources', 'moduleinfo.json'), MAX_MODULE_INFO_BYTES, 'module info'));
  } catch (error) {
    if (error instanceof PlistFormatError || error instanceof BoundedReadError || error instanceof SyntaxError) return [];
    throw error;
  }
  return [];
}

function audioComponentNames(plist: Awaited<ReturnType<typeof readPlistFile>>): string[] {
  if (!isPlistDict(plist)) return [];
  const components = plist.get('AudioComponents');
  if (!Array.isArray(components)) return [];
  return components.flatMap((component) => {
    const name = isPlistDict(component) ? component.get('name') : undefined;
    return typeof name === 'string' ? [name] : [];
  });
}

/** moduleinfo.json (VST3 SDK 3.7.5+): its audio processors' names. It may carry comments and trailing commas. */
function moduleInfoNames(bytes: Buffer): string[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '').replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
  const info = JSON.parse(text) as unknown;
  const classes = typeof info === 'object' && info !== null ? (info as { Classes?: unknown }).Classes : undefined;
  if (!Array.isArray(classes)) return [];
  return classes.flatMap((entry: unknown) => {
    const { Name, Category } = (typeof entry === 'object' && entry !== null ? entry : {}) as { Name?: unknown; Category?: unknown };
    return typeof Name === 'string' && Category === 'Audio Module Class' ? [Name] : [];
  });
}
