/**
 * The plug-ins a Cubase / Nuendo project loads (FORMATS-MORE.md), from its attribute lists: `[u32 key length][key\0]
 * [u16 type][value]`, type 8 a string, type 2 a list (`[u16][u32 count]`, then that many attributes), types 1 and 4
 * eight bytes (an integer, a real). Each instance holds a `Plugin UID` list whose `GUID` is the plug-in's class id,
 * then `Plugin Name`, then, when the user renamed the instrument track (Cubase 8+), `Original Plugin Name`: the
 * plug-in's own name, `Plugin Name` then being the track's title.
 *
 * The archive's object graph is not walked: records are found by the `Plugin UID` key with its length prefix and its
 * list type (17 bytes), which in the fixtures occur only where a record starts, then read field by field, each length
 * checked against its end. A record that does not read so (a length past the end, a key out of place, a GUID that is
 * not 32 hex digits, a name with control characters) is dropped, never the whole read.
 */
import { countPlugins, MAX_PLUGIN_INSTANCES, type PluginFormat, type PluginUse } from '../../../common/projects/plugins';
import { isPlainText, stringAt, u16At, u32At } from './archive-fields';

export interface PluginInstance {
  guid: string;
  name: string;
}

const TYPE_INTEGER = 1;
const TYPE_LIST = 2;
const TYPE_REAL = 4;
const TYPE_STRING = 8;
/** Values of these types are eight bytes long. */
const FIXED_EIGHT_BYTES = new Set([TYPE_INTEGER, TYPE_REAL]);

const PLUGIN_UID_ANCHOR = Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('Plugin UID\0', 'latin1'), Buffer.from([0, TYPE_LIST])]);
/** Attribute keys are short words ("Original Plugin Name" is the longest read here). */
const MAX_KEY_BYTES = 64;
/** A name or GUID with its NUL and marker; a plug-in's name is tens of bytes. */
const MAX_VALUE_BYTES = 1024;
/** The `Plugin UID` list holds one attribute (its GUID) in every fixture; a few more are allowed for. */
const MAX_UID_ATTRIBUTES = 16;
const GUID = /^[0-9A-Fa-f]{32}$/;
/** "VST" in hex: the class id of a VST2 plug-in, or of a VST3 keeping its VST2-compatible id. */
const VST2_ID_PREFIX = '565354';

/**
 * Every plug-in instance whose record lies between `start` and `end`, in file order, at most MAX_PLUGIN_INSTANCES
 * (far past any real project; a song may claim no more of one plug-in: common/projects/plugins.ts).
 */
export function pluginInstancesIn(data: Buffer, start: number, end: number): PluginInstance[] {
  const region = data.subarray(0, end);
  const found: PluginInstance[] = [];
  for (let at = region.indexOf(PLUGIN_UID_ANCHOR, start); at !== -1 && found.length < MAX_PLUGIN_INSTANCES; at = region.indexOf(PLUGIN_UID_ANCHOR, at + PLUGIN_UID_ANCHOR.length)) {
    const instance = instanceAt(region, at + PLUGIN_UID_ANCHOR.length, end);
    if (instance) found.push(instance);
  }
  return found;
}

/**
 * One entry per plug-in and format with its instances. The entry keeps no class id, so two ids of one name and format
 * are one entry. A VST2-style id may also be a VST3 that kept it (Sylenth1, Omnisphere: FORMATS-MORE.md); it is
 * reported as VST2, the format the id names.
 */
export function cubasePlugins(instances: readonly PluginInstance[]): PluginUse[] {
  return countPlugins(instances.map(({ guid, name }) => ({ name, format: formatOf(guid) })));
}

function formatOf(guid: string): PluginFormat {
  return guid.toUpperCase().startsWith(VST2_ID_PREFIX) ? 'VST2' : 'VST3';
}

/** The record whose `Plugin UID` list's header starts at `at` (after the key and its type), or null. */
function instanceAt(data: Buffer, at: number, end: number): PluginInstance | null {
  const count = u32At(data, at + 2, end);
  if (count === null || count < 1 || count > MAX_UID_ATTRIBUTES) return null;
  let position = at + 6;
  let guid: string | null = null;
  for (let index = 0; index < count; index += 1) {
    const attribute = attributeAt(data, position, end);
    if (!attribute) return null;
    if (attribute.key === 'GUID' && attribute.text !== null) guid = attribute.text;
    position = attribute.next;
  }
  if (guid === null || !GUID.test(guid)) return null;

  const named = attributeAt(data, position, end);
  if (!named || named.key !== 'Plugin Name' || named.text === null) return null;
  const original = attributeAt(data, named.next, end);
  const name = (original?.key === 'Original Plugin Name' && original.text !== null ? original.text : named.text).trim();
  return name !== '' && isPlainText(name) ? { guid: guid.toUpperCase(), name } : null;
}

interface Attribute {
  key: string;
  /** A string's value; null for other types. */
  text: string | null;
  /** After the value (after a list's header: its attributes follow). */
  next: number;
}

function attributeAt(data: Buffer, at: number, end: number): Attribute | null {
  const key = stringAt(data, at, end, MAX_KEY_BYTES);
  const type = key && u16At(data, key.next, end);
  if (!key || type === null) return null;
  const valueAt = key.next + 2;
  if (type === TYPE_STRING) {
    const value = stringAt(data, valueAt, end, MAX_VALUE_BYTES);
    return value && { key: key.text, text: value.text, next: value.next };
  }
  if (type === TYPE_LIST) return valueAt + 6 <= end ? { key: key.text, text: null, next: valueAt + 6 } : null;
  if (FIXED_EIGHT_BYTES.has(type)) return valueAt + 8 <= end ? { key: key.text, text: null, next: valueAt + 8 } : null;
  return null;
}
