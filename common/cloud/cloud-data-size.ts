/**
 * A cloud row's size as the database counts it for its cap (cloud/migrations/0005_plan.sql:
 * `octet_length(data::text) <= CLOUD_DATA_MAX_BYTES`): the UTF-8 bytes of the text Postgres prints for a jsonb
 * value. That text is not JSON.stringify's: a space follows every `:` and `,`, and a number is printed in full
 * (1e21 is 22 digits). Counted here without building the text, so a push can tell before it sends.
 */
import { CLOUD_DATA_MAX_BYTES } from '../constants';
import type { JsonValue } from '../bridge/schema-parts';

/** Bytes of `value`'s jsonb text. `undefined` members are left out and `undefined` items are null, as in JSON. */
export function cloudDataBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      return numberBytes(value);
    case 'string':
      return stringBytes(value);
    case 'object': {
      if (Array.isArray(value)) return value.reduce<number>((sum, item, index) => sum + cloudDataBytes(item) + (index > 0 ? 2 : 0), 2);
      const members = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
      return members.reduce((sum, [key, member], index) => sum + stringBytes(key) + 2 + cloudDataBytes(member) + (index > 0 ? 2 : 0), 2);
    }
    default:
      return 4;
  }
}

export function fitsInCloud(data: unknown): boolean {
  return cloudDataBytes(data) <= CLOUD_DATA_MAX_BYTES;
}

/**
 * Lists read from a project's files, longest first: every computer that has the project reads its own, and no
 * screen shows another computer's, so they are what gives way when a song would not fit. The plug-ins go last: the
 * website's Plugins view shows them.
 */
const SHORTENED_META_LISTS = ['samples', 'devices', 'tracks', 'missingSamples', 'plugins'] as const;

/**
 * A song's cloud record within the cap: when it is larger, its `meta` lists lose entries from the end until it fits.
 * What the user typed is never cut; a record still too large after that is returned as it is (see `fitsInCloud`).
 */
export function fitCloudSong(data: Record<string, JsonValue>): Record<string, JsonValue> {
  let excess = cloudDataBytes(data) - CLOUD_DATA_MAX_BYTES;
  if (excess <= 0 || typeof data.meta !== 'object' || data.meta === null || Array.isArray(data.meta)) return data;
  const meta = { ...data.meta };
  for (const key of SHORTENED_META_LISTS) {
    const list = meta[key];
    if (!Array.isArray(list)) continue;
    let kept = list.length;
    while (excess > 0 && kept > 0) {
      kept -= 1;
      excess -= cloudDataBytes(list[kept]) + (kept > 0 ? 2 : 0);
    }
    meta[key] = list.slice(0, kept);
    if (excess <= 0) break;
  }
  return { ...data, meta };
}

function numberBytes(value: number): number {
  // JSON has no NaN or Infinity: JSON.stringify sends null.
  if (!Number.isFinite(value)) return 4;
  const text = String(value);
  const e = text.indexOf('e');
  if (e === -1) return text.length;
  // 1.5e-7 -> 0.00000015, 1.2e+21 -> 1200000000000000000000: the digits, with the point moved by the exponent.
  const sign = text.startsWith('-') ? 1 : 0;
  const mantissa = text.slice(sign, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.length - (dot === -1 ? 0 : 1);
  const beforePoint = (dot === -1 ? mantissa.length : dot) + Number(text.slice(e + 1));
  if (beforePoint >= digits) return sign + beforePoint;
  if (beforePoint <= 0) return sign + 2 - beforePoint + digits;
  return sign + digits + 1;
}

/** Quotes, escapes as Postgres prints them (`\"`, `\\`, `\n`..., `\u0001`), the rest as UTF-8. */
function stringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) bytes += 6; // a lone surrogate: JSON.stringify escapes it
    else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * PostgreSQL's JSON cannot hold the NUL character (`\u0000`): one in any string of a row makes the database refuse it,
 * and with it the whole request, on every sync. A user can type one and a crafted project file can carry one (a track
 * name), so every row leaves for the cloud without them. Rows are bounded in depth (`MAX_JSON_DEPTH`), so this
 * recursion is too.
 */
export function withoutNulCharacters<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNulCharacters(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutNulCharacters(key), withoutNulCharacters(item)])) as T;
  }
  return value;
}
