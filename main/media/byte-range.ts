/**
 * The `Range` header of a media request (RFC 9110 section 14), as the player sends it when it seeks: one
 * range of bytes. Anything else may be ignored by the rules, so it is: the whole file is sent instead.
 */

export type RangeVerdict =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  /** A valid range that lies past the end of the file: 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** `end` is inclusive, as in `Content-Range`. */
export function parseRange(header: string | undefined, size: number): RangeVerdict {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // `bytes=-500`: the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
