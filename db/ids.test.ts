import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is a version 7, variant 10 UUID', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('orders by creation time and never repeats', () => {
    const ids = [newId(1_000), newId(2_000), newId(3_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => newId())).size).toBe(10_000);
  });

  it('keeps its version, variant and randomness across the refills of its pool of random bytes', () => {
    // One millisecond for all: only the random bits tell them apart, through several refills (256 ids each).
    const ids = Array.from({ length: 1_000 }, () => newId(5_000));
    for (const id of ids) expect(id).toMatch(/^00000000-1388-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(1_000);
  });
});
