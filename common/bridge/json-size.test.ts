// A call's input is bounded in bytes (issue 42), counted as the bounds walk passes each value: exactly the bytes
// JSON.stringify writes in UTF-8, so the browser host's frame cap can be set just above the largest call allowed.
import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNELS, inputBoundsRefusal } from './ipc';
import { jsonBoundsProblem } from './json-bounds';
import { jsonByteLimit, MAX_CALL_INPUT_BYTES } from './json-size';
import { IMPORT_CHUNK_CHARS, MAX_IMPORT_BYTES } from '../songs/library-export';
import { LOCAL_FILE_CHUNK_BYTES, MAX_LOCAL_FILE_BYTES } from '../audio/local-files';

/** Whether the walk with a limit of `limit` bytes lets `value` through. */
function fits(value: unknown, limit: number): boolean {
  return jsonBoundsProblem(value, { check: jsonByteLimit(limit) }) === null;
}

const VALUES: [string, unknown][] = [
  ['null, booleans, numbers', [null, true, false, 0, -0, 1.5, -1e-7, 1e21, 2 ** 53 + 1, -Number.MAX_VALUE]],
  ['ASCII text', 'plain text, base64/+=='],
  ['escapes', 'quote " backslash \\ newline \n tab \t return \r backspace \b feed \f'],
  ['control characters', '\u0000\u0001\u001f\u007f'],
  ['two- and three-byte characters', 'Café ß 夜のドライブ \u0800 \uffff'],
  ['surrogate pairs and lone surrogates', '🎸 \ud83c\udfb8 lone \ud83c high, lone \udfb8 low, \udfb8\ud83c reversed'],
  ['nested objects and arrays', { a: [1, { 'kéy "q"': ['x', [], {}] }], empty: {}, list: [[[]]], '🎸': 'v' }],
  ['an empty object and array', [{}, []]],
];

describe('jsonByteLimit', () => {
  it.each(VALUES)('counts %s as the bytes JSON.stringify writes, to the byte', (_case, value) => {
    const bytes = Buffer.byteLength(JSON.stringify(value));
    expect(fits(value, bytes)).toBe(true);
    expect(fits(value, bytes - 1)).toBe(false);
  });

  it('names the refusal in words a caller can act on', () => {
    expect(jsonBoundsProblem('x'.repeat(100), { check: jsonByteLimit(4 * 1024 * 1024) })).toBeNull();
    expect(jsonBoundsProblem('x'.repeat(4 * 1024 * 1024), { check: jsonByteLimit(4 * 1024 * 1024) })).toBe('too large (more than 4 MiB as JSON)');
  });
});

describe('MAX_CALL_INPUT_BYTES', () => {
  it('refuses any call whose input is larger, by the one refusal window.api and the router give', () => {
    const over = { name: 'x'.repeat(MAX_CALL_INPUT_BYTES) };
    expect(inputBoundsRefusal('db:add-song', over)).toEqual({ code: 'invalid_input', message: 'Invalid input for db:add-song: the input is too large (more than 4 MiB as JSON).' });
    const at = { name: 'x'.repeat(MAX_CALL_INPUT_BYTES - '{"name":""}'.length) };
    expect(Buffer.byteLength(JSON.stringify(at))).toBe(MAX_CALL_INPUT_BYTES);
    expect(inputBoundsRefusal('db:add-song', at)).toBeNull();
  });

  it('lets through the largest calls the page makes: an import chunk of 3-byte characters, a saved file chunk', () => {
    const importChunk = { uploadId: '8f4b8a2e-6a53-4c1e-9f53-0b6d2f4f1a77', offset: MAX_IMPORT_BYTES, text: '\uffff'.repeat(IMPORT_CHUNK_CHARS), done: false };
    expect(Buffer.byteLength(JSON.stringify(importChunk))).toBeGreaterThan(3 * IMPORT_CHUNK_CHARS);
    expect(inputBoundsRefusal('library:import-upload', importChunk)).toBeNull();
    const fileChunk = { uploadId: 'u'.repeat(100), fileName: '"'.repeat(500), kind: 'session', offset: MAX_LOCAL_FILE_BYTES, data: 'A'.repeat(Math.ceil(LOCAL_FILE_CHUNK_BYTES / 3) * 4), done: false };
    expect(inputBoundsRefusal('saveLocalFile', fileChunk)).toBeNull();
    expect(BRIDGE_CHANNELS).toContain('library:import-upload');
  });
});
