/**
 * Seeded mutations of a valid project file, for the readers' fuzz tests (REAPER, Ardour, LMMS): what a disk, a sync
 * tool or a hostile folder does to a file. Each mutant is one of: cut at a random point, random bytes flipped, a
 * number overwritten with a huge one (a length, a count, a tempo), or a region copied elsewhere (duplicated blocks,
 * unbalanced nesting). Test support only: no reader imports it.
 */
import { seededRandom } from '../../synthetic/seeded-random';

export type MutationKind = 'truncate' | 'flip' | 'huge-number' | 'duplicate';

export interface Mutant {
  kind: MutationKind;
  bytes: Buffer;
}

const KINDS: readonly MutationKind[] = ['truncate', 'flip', 'huge-number', 'duplicate'];
const HUGE_NUMBERS = ['4294967295', '99999999999999999999', '-1', '1e308', 'NaN', '0'];

/** `count` mutants of `original`, the same ones for the same seed. `header` bytes (a binary length field) are hit often. */
export function* mutants(original: Buffer, count: number, seed: number, header = 0): Generator<Mutant> {
  const random = seededRandom(seed);
  const below = (limit: number) => Math.floor(random() * limit);
  for (let index = 0; index < count; index++) {
    const kind = KINDS[index % KINDS.length]!;
    yield { kind, bytes: mutate(original, kind, below, header) };
  }
}

function mutate(original: Buffer, kind: MutationKind, below: (limit: number) => number, header: number): Buffer {
  switch (kind) {
    case 'truncate':
      return Buffer.from(original.subarray(0, below(original.length)));
    case 'flip': {
      const bytes = Buffer.from(original);
      const flips = 1 + below(8);
      for (let flip = 0; flip < flips; flip++) {
        const at = header > 0 && below(4) === 0 ? below(header) : below(bytes.length);
        bytes[at] = below(256);
      }
      return bytes;
    }
    case 'huge-number':
      return overwriteNumber(original, below, header);
    case 'duplicate': {
      const start = below(original.length);
      const end = Math.min(original.length, start + 1 + below(4096));
      const at = below(original.length);
      return Buffer.concat([original.subarray(0, at), original.subarray(start, end), original.subarray(at)]);
    }
  }
}

/** A run of digits (in text) or the binary header (a declared length) replaced by a huge or absurd value. */
function overwriteNumber(original: Buffer, below: (limit: number) => number, header: number): Buffer {
  if (header >= 4 && below(2) === 0) {
    const bytes = Buffer.from(original);
    bytes.writeUInt32BE([0xffffffff, 0x7fffffff, 0x10000000, 0][below(4)]!, below(header - 3));
    return bytes;
  }
  const text = original.toString('latin1');
  const digits = [...text.matchAll(/\d+(?:\.\d+)?/g)];
  const target = digits[below(digits.length)];
  if (target?.index === undefined) return Buffer.from(original);
  const replacement = HUGE_NUMBERS[below(HUGE_NUMBERS.length)]!;
  return Buffer.concat([
    original.subarray(0, target.index),
    Buffer.from(replacement, 'latin1'),
    original.subarray(target.index + target[0].length),
  ]);
}
