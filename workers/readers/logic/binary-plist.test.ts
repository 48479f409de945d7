import { describe, expect, it } from 'vitest';
import { encodeBinaryPlist, PlistReal, type WritablePlistValue } from '../../../fixtures/generators/logicx';
import { parseBinaryPlist } from './binary-plist';
import { PlistFormatError, type PlistValue } from './plist-value';

interface Layout {
  root?: number;
  /** Object offsets to write instead of the real ones. */
  offsets?: number[];
  referenceWidth?: number;
}

/** Hand-assembles a bplist00 from raw object bytes (references already encoded): for files no writer makes. */
function assembleBplist(objects: number[][], layout: Layout = {}): Buffer {
  const body: number[] = [];
  const computed: number[] = [];
  for (const object of objects) {
    computed.push(8 + body.length);
    body.push(...object);
  }
  const offsets = layout.offsets ?? computed;
  const table = Buffer.alloc(offsets.length * 2);
  offsets.forEach((offset, index) => table.writeUInt16BE(offset, index * 2));
  const trailer = Buffer.alloc(32);
  trailer.writeUInt8(2, 6);
  trailer.writeUInt8(layout.referenceWidth ?? 1, 7);
  trailer.writeBigUInt64BE(BigInt(offsets.length), 8);
  trailer.writeBigUInt64BE(BigInt(layout.root ?? 0), 16);
  trailer.writeBigUInt64BE(BigInt(8 + body.length), 24);
  return Buffer.concat([Buffer.from('bplist00', 'latin1'), Buffer.from(body), table, trailer]);
}

function expectRefusal(bytes: Uint8Array, reason: RegExp): void {
  expect(() => parseBinaryPlist(bytes)).toThrow(PlistFormatError);
  expect(() => parseBinaryPlist(bytes)).toThrow(reason);
}

describe('parseBinaryPlist on values our writer encodes', () => {
  it.each<[string, WritablePlistValue, PlistValue]>([
    ['an ASCII string', 'Logic Pro X 10.4.4', 'Logic Pro X 10.4.4'],
    ['a non-ASCII string (UTF-16)', 'Café ♯ 日本', 'Café ♯ 日本'],
    ['a string longer than 14 characters', 'Audio Files/Vocals#01.wav', 'Audio Files/Vocals#01.wav'],
    ['a one-byte integer', 75, 75],
    ['a two-byte integer', 44_100, 44_100],
    ['a four-byte integer', 192_000_000, 192_000_000],
    ['an eight-byte integer', 2 ** 40, 2 ** 40],
    ['a negative integer', -3, -3],
    ['a real', 119.5, 119.5],
    ['a whole real', new PlistReal(125), 125],
    ['true', true, true],
    ['false', false, false],
    ['data', Uint8Array.from([1, 2, 3]), Uint8Array.from([1, 2, 3])],
    ['a date', new Date('2020-05-01T10:00:00Z'), new Date('2020-05-01T10:00:00Z')],
    ['an array of 20 items', Array.from({ length: 20 }, (_, index) => index), Array.from({ length: 20 }, (_, index) => index)],
    ['an empty dictionary', new Map(), new Map()],
  ])('decodes %s', (_name, written, expected) => {
    expect(parseBinaryPlist(encodeBinaryPlist(written))).toEqual(expected);
  });

  it('decodes nested dictionaries and arrays into Maps and arrays', () => {
    const written = new Map<string, WritablePlistValue>([
      ['VariantNames', new Map([['0', 'Song']])],
      ['AudioFiles', ['Audio Files/a.aif', 'Audio Files/b.aif']],
    ]);
    const decoded = parseBinaryPlist(encodeBinaryPlist(written));
    expect(decoded).toEqual(
      new Map<string, PlistValue>([
        ['VariantNames', new Map([['0', 'Song']])],
        ['AudioFiles', ['Audio Files/a.aif', 'Audio Files/b.aif']],
      ]),
    );
  });

  it('keeps a __proto__ key as an ordinary key', () => {
    const decoded = parseBinaryPlist(encodeBinaryPlist(new Map([['__proto__', 'x']])));
    expect(decoded).toEqual(new Map([['__proto__', 'x']]));
  });
});

describe('parseBinaryPlist on hostile bytes', () => {
  const valid = encodeBinaryPlist(new Map([['BeatsPerMinute', 120]]));

  it.each<[string, Uint8Array, RegExp]>([
    ['an empty buffer', new Uint8Array(0), /no bplist00 magic/],
    ['the wrong magic', Buffer.from('bplist01 and then some bytes that are long enough to hold a trailer'), /no bplist00 magic/],
    ['a file cut before its trailer', valid.subarray(0, 20), /truncated/],
    ['a file missing its last bytes', valid.subarray(0, valid.length - 5), /truncated/],
  ])('refuses %s', (_name, bytes, reason) => {
    expectRefusal(bytes, reason);
  });

  it('refuses a root object beyond the object count', () => {
    expectRefusal(assembleBplist([[0x09]], { root: 5 }), /root object/);
  });

  it('refuses an object offset that points into the trailer', () => {
    expectRefusal(assembleBplist([[0x09]], { offsets: [0x4000] }), /outside the object area/);
  });

  it('refuses a string whose length runs past the end of the objects', () => {
    expectRefusal(assembleBplist([[0x5f, 0x12, 0xff, 0xff, 0x41]]), /past the object area/);
  });

  it('refuses an array that contains itself', () => {
    expectRefusal(assembleBplist([[0xa1, 0x00]]), /reference cycle/);
  });

  it('refuses a dictionary whose key is not a string', () => {
    expectRefusal(assembleBplist([[0xd1, 0x01, 0x01], [0x10, 0x07]]), /key that is not a string/);
  });

  it('refuses arrays nested deeper than any real plist', () => {
    // Object i is an array holding object i + 1 (two-byte references), 300 levels down to a `true`.
    const chain = Array.from({ length: 300 }, (_, index) => [0xa1, (index + 1) >> 8, (index + 1) & 0xff]);
    chain.push([0x09]);
    expectRefusal(assembleBplist(chain, { referenceWidth: 2 }), /nested too deeply/);
  });

  it('decodes each shared object once instead of expanding every path to it', () => {
    // Object 0 holds 14 references to object 1, which holds 14 to object 2, ... twelve levels: 14^12 paths.
    const levels = 12;
    const objects = Array.from({ length: levels }, (_, index) => [0xae, ...Array<number>(14).fill(index + 1)]);
    objects.push([0x09]);
    const decoded = parseBinaryPlist(assembleBplist(objects));
    expect(Array.isArray(decoded) && decoded.length === 14 && decoded[0] === decoded[13]).toBe(true);
  });

  it('refuses an offset table whose entries all point at one large array', () => {
    // Object 0 lists objects 1 to 198; all of them are the same 200-reference array at one offset, so
    // following them would re-read that array 198 times: more references than the file has bytes.
    const root = [0xaf, 0x10, 198, ...Array.from({ length: 198 }, (_, index) => index + 1)];
    const shared = [0xaf, 0x10, 200, ...Array<number>(200).fill(199)];
    const rootOffset = 8;
    const sharedOffset = rootOffset + root.length;
    const leafOffset = sharedOffset + shared.length;
    const offsets = [rootOffset, ...Array<number>(198).fill(sharedOffset), leafOffset];
    expectRefusal(assembleBplist([root, shared, [0x09]], { offsets }), /more references than it can hold/);
  });
});
