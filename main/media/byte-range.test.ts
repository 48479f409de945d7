import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    ['no header', undefined, 100, { kind: 'whole' }],
    ['a closed range', 'bytes=10-19', 100, { kind: 'part', start: 10, end: 19 }],
    ['an open range', 'bytes=90-', 100, { kind: 'part', start: 90, end: 99 }],
    ['a range past the end, cut to the file', 'bytes=90-500', 100, { kind: 'part', start: 90, end: 99 }],
    ['a suffix', 'bytes=-10', 100, { kind: 'part', start: 90, end: 99 }],
    ['a suffix longer than the file', 'bytes=-500', 100, { kind: 'part', start: 0, end: 99 }],
    ['a start at the end', 'bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['an empty suffix', 'bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['any range of an empty file', 'bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['several ranges (ignored)', 'bytes=0-1,5-6', 100, { kind: 'whole' }],
    ['another unit (ignored)', 'items=0-1', 100, { kind: 'whole' }],
    ['a reversed range (ignored)', 'bytes=20-10', 100, { kind: 'whole' }],
    ['garbage (ignored)', 'bytes=abc', 100, { kind: 'whole' }],
  ] as const)('%s', (_case, header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
