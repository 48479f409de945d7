// Edit times: what stamps them, how old rows read, and the comparison merges settle on.
import { describe, expect, it } from 'vitest';
import { readEditTimes, sameValue, stampEdits } from './song-edits';

const edited = (fields: Record<string, unknown> = {}) => ({
  name: 'Tune', priority: 'Medium', tier: 'C', status: 'Backlog', tags: [] as string[], notes: '', focus: null, nextStep: '', tempo: '', key: '', timeSignature: '', hidden: false,
  file: null, recordingSession: null, needsUploadRetry: false, meta: {}, custom: {} as Record<string, string>, editedAt: {} as Record<string, number>,
  ...fields,
});

describe('stampEdits', () => {
  it('stamps the fields and custom values whose value changed, and nothing the app keeps for itself', () => {
    const before = edited({ status: 'Backlog', custom: { mood: 'dark', gear: 'old' }, editedAt: { tempo: 1 } });
    const after = edited({ status: 'Done', custom: { gear: 'old' }, needsUploadRetry: true, meta: { daw: 'ableton' } });
    expect(stampEdits(before, after, 50)).toEqual({ tempo: 1, status: 50, 'custom.mood': 50 });
  });
});

describe('sameValue', () => {
  it('compares as JSON whatever the order of keys (two computers build the same maps in different orders)', () => {
    expect(sameValue({ status: 1, notes: 2, nested: { b: 1, a: [1, { y: 1, x: 2 }] } }, { nested: { a: [1, { x: 2, y: 1 }], b: 1 }, notes: 2, status: 1 })).toBe(true);
    expect(sameValue({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toBe(false);
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});

describe('readEditTimes', () => {
  it.each([
    ['the map of times', { status: 5, 'custom.mood': 7 }, { status: 5, 'custom.mood': 7 }],
    ['a list from before edits had times: each at time 0', ['tempo', 'key'], { tempo: 0, key: 0 }],
    ['entries that are not a field and a time are dropped', { status: 5, notes: -1, key: 1.5, tempo: '9', ['x'.repeat(151)]: 1 }, { status: 5 }],
    ['anything else: no edits', 'tempo', {}],
    ['nothing: no edits', null, {}],
  ])('%s', (_case, value, expected) => {
    expect(readEditTimes(value)).toEqual(expected);
  });

  it('keeps at most 200 fields', () => {
    expect(Object.keys(readEditTimes(Array.from({ length: 500 }, (_, i) => `field${i}`)))).toHaveLength(200);
  });
});
