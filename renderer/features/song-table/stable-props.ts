/**
 * Props that keep their identity while their content stays the same. react-window re-renders a row only when one of
 * its props changes (a shallow compare), so a key typed in the search box, which re-renders the page above the table,
 * re-renders no row: the rows change when their songs do (`version`), or the cursor, the selection or the columns.
 */
import { useCallback, useRef } from 'react';

/** `value`, or the one returned before when `same` says they are equal. */
export function useSameValue<T>(value: T, same: (a: T, b: T) => boolean): T {
  const kept = useRef(value);
  if (kept.current !== value && !same(kept.current, value)) kept.current = value;
  return kept.current;
}

/**
 * A function of one identity that calls the `handler` of the last render. Set while rendering, not after: a row
 * rendered now (an editor opened) calls it in the same render and must get this render's handler.
 */
export function useLatestHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback((...args: A) => latest.current(...args), []);
}

export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, at) => item === b[at]);
}

export function sameMembers<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}
