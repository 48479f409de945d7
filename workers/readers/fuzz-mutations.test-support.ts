/**
 * Test support only (no reader imports it; vitest runs `*.test.ts`, so this file is not a suite): seeded damage for
 * every reader's fuzz test, the ways a project file goes wrong on disk, in a sync tool or in hostile hands. A file cut
 * short, bytes overwritten, a length or number made huge, a region doubled or dropped; and `readMutant`, which holds
 * each read to what every reader promises: a ProjectMeta or an UnreadableFileError, never another exception.
 *
 * The pieces draw from the `random` they are given, so a test mixes them as its format needs (Cubase fixes its RIFF
 * size after a flip, FL Studio aims huge values at its event lengths) and a seed still names a case that replays.
 * `mutate` (the zipped and binary formats) and `mutants` (the text formats) are two ready mixes.
 */
import { expect } from 'vitest';
import { UnreadableFileError, type Daw, type ProjectMeta } from '../../common/projects/project-meta';
import { seededRandom } from '../synthetic/seeded-random';

/** How many mutants were read and how many refused: a test expects both, or its mutations missed the reader. */
export interface Outcomes {
  read: number;
  refused: number;
}

/**
 * One mutant's read, counted: a ProjectMeta of `daw` is read, an UnreadableFileError with a reason is refused, and
 * any other exception fails the test, named by `where` (the mutant's run or kind) so that its seed replays it.
 */
export async function readMutant(outcomes: Outcomes, daw: Daw, where: string, read: () => ProjectMeta | Promise<ProjectMeta>): Promise<ProjectMeta | UnreadableFileError> {
  let meta: ProjectMeta;
  try {
    meta = await read();
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw new Error(`${where} threw ${String(error)}`);
    expect(error.reason.length, where).toBeGreaterThan(0);
    outcomes.refused++;
    return error;
  }
  expect(meta.daw, where).toBe(daw);
  outcomes.read++;
  return meta;
}

/** A whole number below `below`. */
export const pick = (random: () => number, below: number): number => Math.floor(random() * below);

/** Cut at a random point. */
export function truncate(bytes: Buffer, random: () => number): Buffer {
  return bytes.subarray(0, pick(random, bytes.length));
}

/** 1 to `maxFlips` bytes overwritten; with a `header`, a quarter of them land in its first bytes. */
export function overwriteBytes(bytes: Buffer, random: () => number, maxFlips = 8, header = 0): Buffer {
  const copy = Buffer.from(bytes);
  for (let flips = 1 + pick(random, maxFlips); flips > 0; flips -= 1) {
    const at = header > 0 && pick(random, 4) === 0 ? pick(random, header) : pick(random, copy.length);
    copy[at] = pick(random, 256);
  }
  return copy;
}

/** A big-endian 32-bit word from `words` written at one of the first `positions` offsets: a length or count lied about. */
export function writeHugeWord(bytes: Buffer, random: () => number, words: readonly number[], positions: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt32BE(words[pick(random, words.length)] ?? 0, pick(random, positions));
  return copy;
}

/** A region of up to `maxSpan` bytes copied in `copies` times at a random place: repeated blocks, unbalanced nesting. */
export function duplicateRegion(bytes: Buffer, random: () => number, maxSpan = 4096, copies = 1): Buffer {
  const start = pick(random, bytes.length);
  const region = bytes.subarray(start, start + 1 + pick(random, maxSpan));
  const at = pick(random, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), ...Array<Buffer>(copies).fill(region), bytes.subarray(at)]);
}

/** A region of up to `maxSpan` bytes dropped. */
export function dropRegion(bytes: Buffer, random: () => number, maxSpan = 256): Buffer {
  const start = pick(random, bytes.length);
  return Buffer.concat([bytes.subarray(0, start), bytes.subarray(start + 1 + pick(random, maxSpan))]);
}

/** One of five kinds of damage, for the zipped and binary formats (Studio One, DAWproject, Bitwig). */
export function mutate(bytes: Buffer, random: () => number): Buffer {
  const at = Math.floor(random() * bytes.length);
  const span = 1 + Math.floor(random() * Math.min(256, bytes.length));
  switch (Math.floor(random() * 5)) {
    case 0:
      return bytes.subarray(0, at);
    case 1: {
      const flipped = Buffer.from(bytes);
      const flips = 1 + Math.floor(random() * 8);
      for (let flip = 0; flip < flips; flip++) {
        const index = Math.floor(random() * flipped.length);
        flipped[index] = (flipped[index] ?? 0) ^ (1 + Math.floor(random() * 255));
      }
      return flipped;
    }
    case 2: {
      // A length or count made huge: four bytes of 0xff, or a large big- or little-endian number.
      const huge = Buffer.from(bytes);
      const word = [0xffffffff, 0x7fffffff, 0x10000000 + Math.floor(random() * 0x1000000)][Math.floor(random() * 3)] ?? 0xffffffff;
      if (at + 4 <= huge.length) {
        if (random() < 0.5) huge.writeUInt32BE(word, at);
        else huge.writeUInt32LE(word, at);
      }
      return huge;
    }
    case 3:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + span), bytes.subarray(at)]);
    default:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + span)]);
  }
}

export type MutationKind = 'truncate' | 'flip' | 'huge-number' | 'duplicate';

export interface Mutant {
  kind: MutationKind;
  bytes: Buffer;
}

const KINDS: readonly MutationKind[] = ['truncate', 'flip', 'huge-number', 'duplicate'];
const HUGE_NUMBERS = ['4294967295', '99999999999999999999', '-1', '1e308', 'NaN', '0'];
const HUGE_HEADER_WORDS = [0xffffffff, 0x7fffffff, 0x10000000, 0];

/**
 * `count` mutants of a text project (REAPER, Ardour, LMMS), the kinds in turn, the same ones for the same seed.
 * `header` bytes (a binary length field, as in a `.mmpz`) are hit often.
 */
export function* mutants(original: Buffer, count: number, seed: number, header = 0): Generator<Mutant> {
  const random = seededRandom(seed);
  for (let index = 0; index < count; index++) {
    const kind = KINDS[index % KINDS.length]!;
    yield { kind, bytes: mutantOf(original, kind, random, header) };
  }
}

function mutantOf(original: Buffer, kind: MutationKind, random: () => number, header: number): Buffer {
  switch (kind) {
    case 'truncate':
      return Buffer.from(truncate(original, random));
    case 'flip':
      return overwriteBytes(original, random, 8, header);
    case 'huge-number':
      if (header >= 4 && pick(random, 2) === 0) return writeHugeWord(original, random, HUGE_HEADER_WORDS, header - 3);
      return overwriteNumber(original, random);
    case 'duplicate':
      return duplicateRegion(original, random);
  }
}

/** A run of digits replaced by a huge or absurd value (a length, a count, a tempo). */
function overwriteNumber(original: Buffer, random: () => number): Buffer {
  const text = original.toString('latin1');
  const digits = [...text.matchAll(/\d+(?:\.\d+)?/g)];
  const target = digits[pick(random, digits.length)];
  if (target?.index === undefined) return Buffer.from(original);
  const replacement = HUGE_NUMBERS[pick(random, HUGE_NUMBERS.length)]!;
  return Buffer.concat([original.subarray(0, target.index), Buffer.from(replacement, 'latin1'), original.subarray(target.index + target[0].length)]);
}
