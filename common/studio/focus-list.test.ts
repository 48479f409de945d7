// The focus list's room: one rule, the core's and the website's (renderer/features/web-library/core-contract.test.ts
// holds both to it through their channels).
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors';
import { checkFocusRoom, isOnFocusList } from './focus-list';

function refusal(work: () => void): string | null {
  try {
    work();
    return null;
  } catch (error) {
    return isAppError(error) ? `${error.code}: ${error.message}` : String(error);
  }
}

describe('the focus list’s room', () => {
  it.each([
    // [pinned before, patch's focus, on the list, limit, refused]
    [null, 10, 4, 5, false],
    [null, 10, 5, 5, true],
    [null, 10, 7, 5, true],
    [3, 10, 5, 5, false], // moved within the list
    [3, null, 5, 5, false], // unpinned
    [null, null, 5, 5, false],
    [null, undefined, 5, 5, false], // an edit that leaves the pin alone
  ] as const)('pinned %j, edit %j, %i of %i on the list: refused %j', (focus, patched, pinned, limit, refused) => {
    const problem = refusal(() => checkFocusRoom({ focus }, patched === undefined ? {} : { focus: patched }, () => ({ pinned, limit })));
    expect(problem).toBe(refused ? `limit_reached: Your focus list holds ${limit} songs: unpin one first, or raise the limit in Studio time.` : null);
  });

  it('counts the list only for an edit that pins', () => {
    let asked = 0;
    checkFocusRoom({ focus: 3 }, { focus: 4 }, () => ({ pinned: ++asked, limit: 0 }));
    expect(asked).toBe(0);
  });

  it.each([
    [{ focus: 1, hidden: false }, true],
    [{ focus: 1, hidden: true }, false],
    [{ focus: null, hidden: false }, false],
  ])('%j is on the list: %j', (song, on) => {
    expect(isOnFocusList(song)).toBe(on);
  });
});
