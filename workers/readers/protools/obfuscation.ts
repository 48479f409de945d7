/**
 * The XOR obfuscation of everything after a Pro Tools session's 20-byte header.
 *
 * Format knowledge from Ardour's ptformat library (libptformat, LGPL-2.1, by Damien Zammit and Robin Gareus;
 * `PTFFormat::unxor`), re-expressed here rather than copied. The key is a 256-entry table whose entry i is
 * i * delta (mod 256), where delta comes from the header's seed:
 *   scheme 1 (Pro Tools 5 to 9):  delta is the number whose product with 53 is the seed (mod 256), and each
 *                                 byte uses the entry of its position (mod 256);
 *   scheme 5 (Pro Tools 10 and later): delta is minus the number whose product with 11 is the seed (mod 256),
 *                                 and a whole 4 KiB page shares the entry of its page number (mod 256).
 * 53 and 11 are odd, so each seed has exactly one such number: its product with the multiplier's inverse.
 * Entry 0 is 0, which is why the first 4 KiB of a .ptx read as plain bytes.
 *
 * XOR is its own inverse: the same function obfuscates (the fixture generator) and decodes (the reader).
 */
import { HEADER_BYTES, type ObfuscationScheme } from './session-header';

const SCHEME_1_MULTIPLIER = 53;
const SCHEME_5_MULTIPLIER = 11;
const SCHEME_5_PAGE_SHIFT = 12;

export function keyTable(scheme: ObfuscationScheme, seed: number): Uint8Array {
  const delta =
    scheme === 1
      ? (seed * inverseModulo256(SCHEME_1_MULTIPLIER)) & 0xff
      : (256 - ((seed * inverseModulo256(SCHEME_5_MULTIPLIER)) & 0xff)) & 0xff;
  const table = new Uint8Array(256);
  for (let index = 0; index < 256; index += 1) table[index] = (index * delta) & 0xff;
  return table;
}

/** XORs `bytes` after the header in place with the key of `scheme` and `seed`; applying it twice restores them. */
export function toggleObfuscation(bytes: Uint8Array, scheme: ObfuscationScheme, seed: number): void {
  const table = keyTable(scheme, seed);
  if (scheme === 1) {
    for (let position = HEADER_BYTES; position < bytes.length; position += 1) {
      bytes[position] = (bytes[position] ?? 0) ^ (table[position & 0xff] ?? 0);
    }
    return;
  }
  for (let position = HEADER_BYTES; position < bytes.length; position += 1) {
    bytes[position] = (bytes[position] ?? 0) ^ (table[(position >> SCHEME_5_PAGE_SHIFT) & 0xff] ?? 0);
  }
}

function inverseModulo256(odd: number): number {
  for (let candidate = 1; candidate < 256; candidate += 2) {
    if (((candidate * odd) & 0xff) === 1) return candidate;
  }
  throw new Error(`${odd} has no inverse modulo 256`);
}
