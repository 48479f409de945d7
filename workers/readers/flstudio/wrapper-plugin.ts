/**
 * The plug-in a `Fruity Wrapper` hosts, from its data event (213): u32 kind, then for the VST kinds (8 and 10)
 * records `[u32 id][u64 size][bytes]`; 54 is the plug-in's own name, 55 the path of its file, 51 a VST2 FourCC, 52 a
 * VST3 class id (FORMATS-MORE.md "FL Studio"; PyFLP `pyflp/plugin.py` VSTPluginEvent). The channel's name (203) is
 * the user's label ("VST2", "OTT (failed to load)"), never the plug-in's.
 */
import { PLUGIN_EXTENSIONS, type PluginFormat } from '../../../common/projects/plugins';
import { MalformedFlpError } from './flp-events';

/** The data kinds whose records are a VST's (PyFLP VSTPluginEvent.VST_MARKERS). */
const VST_KINDS = new Set([8, 10]);
const RECORD = { fourcc: 51, guid: 52, name: 54, path: 55 } as const;
const RECORD_HEADER_BYTES = 12;
/** A plug-in's name or path longer than this is not one a plug-in has. */
const MAX_RECORD_TEXT_BYTES = 4096;

export interface WrappedPlugin {
  name: string;
  format: PluginFormat;
}

/**
 * The hosted plug-in, or null when the data does not say which (another kind, no name, a file of no plug-in format).
 * A record running past its event is a damaged file: MalformedFlpError.
 */
export function wrappedPluginOf(data: Uint8Array, start: number, length: number): WrappedPlugin | null {
  if (length < 4) return null;
  const view = new DataView(data.buffer, data.byteOffset + start, length);
  if (!VST_KINDS.has(view.getUint32(0, true))) return null;
  let name: string | null = null;
  let pluginPath: string | null = null;
  let hasFourCc = false;
  let hasGuid = false;
  for (let at = 4; at < length; ) {
    if (length - at < RECORD_HEADER_BYTES) throw new MalformedFlpError(`a plug-in record at byte ${start + at} is cut short`);
    const id = view.getUint32(at, true);
    // Two halves: a u64 read as one number would lose the high bits that make a size hostile.
    const sizeLow = view.getUint32(at + 4, true);
    const sizeHigh = view.getUint32(at + 8, true);
    const body = at + RECORD_HEADER_BYTES;
    if (sizeHigh !== 0 || sizeLow > length - body) {
      throw new MalformedFlpError(`a plug-in record at byte ${start + at} claims more bytes than its event holds`);
    }
    if (id === RECORD.name) name = recordText(data, start + body, sizeLow);
    else if (id === RECORD.path) pluginPath = recordText(data, start + body, sizeLow);
    else if (id === RECORD.fourcc) hasFourCc = sizeLow > 0;
    else if (id === RECORD.guid) hasGuid = sizeLow > 0;
    at = body + sizeLow;
  }
  const format = formatOfPath(pluginPath) ?? (hasGuid ? 'VST3' : hasFourCc ? 'VST2' : null);
  const shown = name || (pluginPath === null ? '' : fileStem(pluginPath));
  return format === null || shown === '' ? null : { name: shown, format };
}

/** By the file's extension (common/projects/plugins.ts PLUGIN_EXTENSIONS: `.vst3`, `.dll`/`.vst`, `.clap`, `.component`). */
export function formatOfPath(pluginPath: string | null): PluginFormat | null {
  if (pluginPath === null) return null;
  // A VST3 on Windows may name the binary inside its bundle (`Foo.vst3/Contents/x86_64-win/Foo.vst3`): the last
  // part still ends in `.vst3`. Separators of either system: a project moves between them.
  const file = lastPart(pluginPath).toLowerCase();
  for (const [format, extensions] of Object.entries(PLUGIN_EXTENSIONS) as [PluginFormat, readonly string[]][]) {
    if (extensions.some((extension) => file.endsWith(extension))) return format;
  }
  return null;
}

/**
 * Names and paths are ASCII in PyFLP's reading; UTF-8 keeps those and any other name FL wrote in it. Cut at a NUL,
 * control characters dropped, trimmed: a label shown in a list.
 */
function recordText(data: Uint8Array, start: number, length: number): string {
  const bytes = Buffer.from(data.buffer, data.byteOffset + start, Math.min(length, MAX_RECORD_TEXT_BYTES));
  const text = bytes.toString('utf8');
  const end = text.indexOf('\0');
  return (end === -1 ? text : text.slice(0, end)).replace(/\p{Cc}/gu, '').trim();
}

function lastPart(filePath: string): string {
  return filePath.split(/[\\/]/).filter((part) => part !== '').pop() ?? '';
}

function fileStem(filePath: string): string {
  const file = lastPart(filePath);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}
