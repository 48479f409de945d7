/**
 * A call's input bounded in bytes, not only in values and depth (`json-bounds.ts`): 250,000 values of text 100,000
 * characters long each pass those bounds, and a schema's limits (a list's length, a string's) multiply to far more
 * than any call the page makes (a custom value or a sync record's data: gigabytes; 250,000 ids of 100 characters:
 * 150 MB). One budget for every channel, counted as the bounds walk passes each value, lets `window.api` and the
 * router refuse such an input in words, and lets the browser host cap its frames just above it
 * (main/host/server.ts `MAX_FRAME_BYTES`) instead of parsing whatever a page sends.
 */
import type { JsonCheck } from './json-bounds';

/**
 * The most bytes a call's input may take as JSON (UTF-8, as `JSON.stringify` writes it). The largest calls the page
 * makes carry a chunk: of a document to import (`IMPORT_CHUNK_CHARS`, at most 3 MiB once escaped: library-export.ts)
 * or of a file to save (`LOCAL_FILE_CHUNK_BYTES` as base64, 1.4 MB: local-files.ts); every other call is far smaller
 * (a bulk edit of 50,000 song ids: 2 MB). This leaves a chunk room to spare, and nothing else a reason to come near.
 */
export const MAX_CALL_INPUT_BYTES = 4 * 1024 * 1024;

/**
 * A check for `jsonBoundsProblem` that adds up the bytes of each value it is shown (a value's own: a leaf whole, an
 * array or object its brackets, commas and keys) and answers a problem once they pass `maxBytes`. For JSON values
 * the total is exactly what `JSON.stringify` writes in UTF-8; a new check for each walk.
 */
export function jsonByteLimit(maxBytes: number): JsonCheck {
  let total = 0;
  return (value) => {
    total += ownBytes(value);
    return total > maxBytes ? `too large (more than ${sizeInWords(maxBytes)} as JSON)` : null;
  };
}

function ownBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  // null, and what JSON writes as null in a list (undefined, a function): a member it leaves out is counted all the same.
  if (value === null || typeof value !== 'object') return 4;
  if (Array.isArray(value)) return 2 + Math.max(0, value.length - 1);
  // Only a plain object's keys are counted: anything else is refused by the schemas after the walk, and listing the
  // keys of a typed array of millions would cost more than the walk.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return 2;
  const keys = Object.keys(value);
  let bytes = 2 + Math.max(0, keys.length - 1);
  for (const key of keys) bytes += stringBytes(key) + 1;
  return bytes;
}

/** Text with nothing to escape and no character beyond ASCII: one byte each (base64, ids, most names). */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON: its quotes, escapes (`\n` 2 bytes, `\u0001` and a lone surrogate 6) and UTF-8 (1 to 4 bytes). */
function stringBytes(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length + 2;
  let bytes = 2;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 6;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function sizeInWords(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${bytes.toLocaleString('en')} bytes`;
}
