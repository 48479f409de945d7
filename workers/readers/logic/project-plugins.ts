/**
 * The Audio Units a Logic project loads (issue 31), from its `ProjectData`: an undocumented binary file, read here
 * for one thing only. Each plug-in instance is a chunk tagged `UCuA` ("AuCU" stored backwards, as Logic stores its
 * four-character codes) holding, at fixed offsets measured on the shared fixture (flying-nothing.logicx: six
 * instances of u-he Diva), the plug-in's name and its component's manufacturer, type and subtype codes. Logic's own
 * plug-ins (ES2, Bitcrusher) carry Apple's "Emagic" code and no component type: they come with Logic, like Live's
 * devices, and are not listed. The tag also occurs by chance inside other data; a chunk counts only when its type
 * code is an Audio Unit's and its name and manufacturer are text.
 */
import { countPlugins, type PluginUse } from '../../../common/projects/plugins';
import { BoundedReadError, readBoundedFile } from '../bounded-file';

const TAG = Buffer.from('UCuA', 'latin1');
/** Where the name starts, and where the codes (manufacturer, type, subtype; each backwards) follow it. */
const NAME_OFFSET = 156;
const CODES_OFFSET = 168;
const CHUNK_BYTES = CODES_OFFSET + 12;
/** Instruments, effects, music effects, MIDI processors, generators, offline effects. */
const AUDIO_UNIT_TYPES = new Set(['aumu', 'aufx', 'aumf', 'aumi', 'augn', 'auol']);
/**
 * A large project's ProjectData is tens of megabytes; past this its plug-ins are not read (the read is whole, inside
 * the read's time limit, which a package's own size on disk does not raise).
 */
export const MAX_PROJECT_DATA_BYTES = 64 * 1024 * 1024;

/** The project's Audio Units with their instances; null when ProjectData cannot be read (missing, too large). */
export function logicProjectPlugins(projectDataPath: string): PluginUse[] | null {
  let data: Buffer;
  try {
    data = readBoundedFile(projectDataPath, MAX_PROJECT_DATA_BYTES, 'ProjectData');
  } catch (error) {
    if (error instanceof BoundedReadError) return null;
    throw error;
  }
  return countPlugins(audioUnitsIn(data).map((name) => ({ name, format: 'AU' as const })));
}

/** Every Audio Unit instance's name, in the order the chunks come. */
export function audioUnitsIn(data: Buffer): string[] {
  const names: string[] = [];
  for (let at = data.indexOf(TAG); at !== -1 && at + CHUNK_BYTES <= data.length; at = data.indexOf(TAG, at + TAG.length)) {
    const type = fourCharacterCode(data, at + CODES_OFFSET + 4);
    const manufacturer = fourCharacterCode(data, at + CODES_OFFSET);
    if (type === null || manufacturer === null || !AUDIO_UNIT_TYPES.has(type)) continue;
    const field = data.subarray(at + NAME_OFFSET, at + CODES_OFFSET);
    const end = field.indexOf(0);
    const name = field.subarray(0, end === -1 ? field.length : end).toString('utf8');
    if (name.trim() !== '' && [...name].every((char) => char >= ' ' && char !== '\uFFFD')) names.push(name.trim());
  }
  return names;
}

/** Four printable bytes stored backwards ("XfHU" is u-he's "UHfX"), or null. */
function fourCharacterCode(data: Buffer, at: number): string | null {
  const bytes = data.subarray(at, at + 4);
  if (bytes.length < 4 || bytes.some((byte) => byte < 0x20 || byte > 0x7e)) return null;
  return Buffer.from(bytes).reverse().toString('latin1');
}
