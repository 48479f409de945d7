import { describe, expect, it } from 'vitest';
import { keyTable, toggleObfuscation } from './obfuscation';
import { HEADER_BYTES, type ObfuscationScheme } from './session-header';

const ALL_SEEDS = Array.from({ length: 256 }, (_, seed) => seed);

describe('keyTable', () => {
  // The derivation as ptformat states it: delta is the number whose product with the multiplier is the seed
  // (negated for scheme 5), and entry i of the table is i * delta. Checked for every seed.
  function deltaAndTableOf(scheme: ObfuscationScheme, seed: number) {
    const table = keyTable(scheme, seed);
    const delta = table[1] ?? -1;
    return { delta, regular: table.every((entry, index) => entry === ((index * delta) & 0xff)) };
  }

  it('derives each scheme 1 key from the number that times 53 gives the seed', () => {
    for (const seed of ALL_SEEDS) {
      const { delta, regular } = deltaAndTableOf(1, seed);
      expect({ seed, product: (delta * 53) & 0xff, regular }).toEqual({ seed, product: seed, regular: true });
    }
  });

  it('derives each scheme 5 key from minus the number that times 11 gives the seed', () => {
    for (const seed of ALL_SEEDS) {
      const { delta, regular } = deltaAndTableOf(5, seed);
      expect({ seed, product: (((256 - delta) & 0xff) * 11) & 0xff, regular }).toEqual({ seed, product: seed, regular: true });
    }
  });
});

describe('toggleObfuscation', () => {
  const plain = Uint8Array.from({ length: 3 * 4096 + 100 }, (_, index) => (index * 7 + 3) & 0xff);

  it.each<[ObfuscationScheme, number]>([
    [1, 0x89],
    [1, 0xa5],
    [5, 0x3c],
    [5, 0xff],
  ])('restores the bytes when applied twice (scheme %i, seed %i)', (scheme, seed) => {
    const bytes = plain.slice();
    toggleObfuscation(bytes, scheme, seed);
    expect(bytes).not.toEqual(plain);
    toggleObfuscation(bytes, scheme, seed);
    expect(bytes).toEqual(plain);
  });

  it('leaves the 20-byte header as it is', () => {
    const bytes = plain.slice();
    toggleObfuscation(bytes, 1, 0x89);
    expect(bytes.subarray(0, HEADER_BYTES)).toEqual(plain.subarray(0, HEADER_BYTES));
  });

  it('leaves the first 4 KiB of a scheme 5 session plain, as in every .ptx', () => {
    const bytes = plain.slice();
    toggleObfuscation(bytes, 5, 0x3c);
    expect(bytes.subarray(0, 4096)).toEqual(plain.subarray(0, 4096));
    expect(bytes.subarray(4096, 8192)).not.toEqual(plain.subarray(4096, 8192));
  });
});
