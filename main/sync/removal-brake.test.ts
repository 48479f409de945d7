import { describe, expect, it } from 'vitest';
import type { HeldRemovals } from '../../common/cloud/sync';
import { removalHeld, removedNotice } from './removal-brake';

const pass = (songs: number, librarySongs: number, more: Partial<HeldRemovals> = {}): HeldRemovals => ({ songs, librarySongs, views: 0, customFields: 0, cloudEmpty: false, ...more });

describe('the brake on removals', () => {
  it.each([
    ['nothing to remove', pass(0, 50), null, false],
    ['1 song of 50', pass(1, 50), null, false],
    ['10 songs of 50: 20% exactly', pass(10, 50), null, false],
    ['11 songs of 50: more than 20%', pass(11, 50), null, true],
    ['1 song of 4', pass(1, 4), null, true],
    ['views and fields, however many, while the cloud holds something', pass(0, 50, { views: 3, customFields: 2 }), null, false],
    ['the cloud holds nothing: any song', pass(1, 50, { cloudEmpty: true }), null, true],
    ['the cloud holds nothing: a view', pass(0, 50, { views: 1, cloudEmpty: true }), null, true],
    ['the cloud holds nothing and there is nothing here', pass(0, 0, { cloudEmpty: true }), null, false],
    ['what the user let go', pass(11, 50), pass(11, 50), false],
    ['what the user let go, smaller since', pass(9, 50, { cloudEmpty: true }), pass(11, 50, { cloudEmpty: true }), false],
    ['what the user let go, grown since', pass(12, 50), pass(11, 50), true],
    ['what the user let go, with a view more', pass(11, 50, { views: 1 }), pass(11, 50), true],
  ])('%s', (_name, removal, approved, held) => {
    expect(removalHeld(removal, approved)).toBe(held);
  });
});

describe('the notice of a removal', () => {
  it('names three songs and counts the rest, then the views and fields', () => {
    expect(removedNotice({ songNames: ['A', 'B', 'C'], songs: 5, views: ['Mixing'], customFields: ['Mood'] })).toEqual({
      kind: 'info',
      title: 'Removed on another device',
      body: 'A, B, C and 2 more: moved to Hidden, where you can restore them for 30 days. Removed here too: view Mixing, field Mood.',
    });
    expect(removedNotice({ songNames: [], songs: 0, views: [], customFields: [] })).toBeNull();
  });
});
