/**
 * Every JSON value that crosses a boundary (a bridge call, a cloud row) is bounded in depth and size before anything
 * else looks at it (DESIGN.md "Trust rules"). The walk is iterative: a value nested 5,000 deep is measured with a
 * loop, where a recursive validator (zod's, `JSON.stringify`'s) would overflow the stack and crash the process.
 */

/** Nesting a real call or row never comes near: a song is 4 deep, a custom value at most 3 more. */
export const MAX_JSON_DEPTH = 32;
/**
 * Values (array items, object members and the leaves under them) in one message: far above any real call (the
 * largest, a bulk edit of 50,000 ids, is about 50,000) and low enough that walking it costs a few milliseconds.
 */
const MAX_JSON_NODES = 250_000;

/** What else a walk checks at each value it passes: a problem in words, or null. */
export type JsonCheck = (value: unknown) => string | null;

/**
 * What is wrong with a value's shape, in words a caller can act on; null when it is within the bounds. `check`, when
 * given, is asked about every value on the way (types, lengths, keys).
 */
export function jsonBoundsProblem(value: unknown, options: { maxDepth?: number; maxNodes?: number; check?: JsonCheck } = {}): string | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const maxNodes = options.maxNodes ?? MAX_JSON_NODES;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    nodes += 1;
    if (nodes > maxNodes) return `too large (more than ${maxNodes} values)`;
    const problem = options.check?.(current) ?? null;
    if (problem) return problem;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return `nested too deeply (more than ${maxDepth} levels)`;
    const children = Array.isArray(current) ? current : Object.values(current as Record<string, unknown>);
    // Counted before they are walked: a wide array is refused without pushing a million entries.
    if (nodes + pending.length + children.length > maxNodes) return `too large (more than ${maxNodes} values)`;
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return null;
}

/** Keys that reach an object's prototype when copied with assignment: never accepted as data. */
export function isPrototypeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}
