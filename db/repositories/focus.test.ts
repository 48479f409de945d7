// The focus list (issue 32): pinned songs in pin order, hidden ones never; the user's limit refuses one more pin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOCUS_LIMIT } from '../../common/constants';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import { focusedSongs } from './focus';
import { addSong, updateSong } from './songs';
import { getStudioSettings, setStudioSettings } from './studio-settings';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

const FULL = (limit: number) => `Your focus list holds ${limit} songs: unpin one first, or raise the limit in Studio time.`;

describe('the focus list', () => {
  it('holds the pinned songs in pin order with their next steps, up to the user’s limit', () => {
    const songs = Array.from({ length: DEFAULT_FOCUS_LIMIT + 2 }, (_, index) => addSong(db, { name: `Focus ${index}` }));
    for (const [index, song] of songs.slice(0, DEFAULT_FOCUS_LIMIT).entries()) updateSong(db, song.id, { focus: 1000 - index, nextStep: `step ${index}` });
    expect(focusedSongs(db).map((song) => [song.name, song.nextStep])).toEqual(
      songs.slice(0, DEFAULT_FOCUS_LIMIT).map((_, index) => [`Focus ${index}`, `step ${index}`]).reverse(),
    );
    const extra = songs[DEFAULT_FOCUS_LIMIT]!;
    expect(() => updateSong(db, extra.id, { focus: 2000 })).toThrow(FULL(DEFAULT_FOCUS_LIMIT));
    expect(focusedSongs(db)).toHaveLength(DEFAULT_FOCUS_LIMIT);
    // A pinned song's next step and order still change; the limit only refuses one more pin.
    expect(updateSong(db, songs[0]!.id, { focus: 5, nextStep: 'bounce it' }).nextStep).toBe('bounce it');

    setStudioSettings(db, { focusLimit: DEFAULT_FOCUS_LIMIT + 1 });
    updateSong(db, extra.id, { focus: 2000 });
    expect(focusedSongs(db).at(-1)?.id).toBe(extra.id);

    // A hidden song leaves the list and makes room; unpinning does too.
    updateSong(db, songs[1]!.id, { hidden: true });
    updateSong(db, songs[2]!.id, { focus: null });
    expect(focusedSongs(db).map((song) => song.id)).not.toContain(songs[1]!.id);
    expect(focusedSongs(db)).toHaveLength(DEFAULT_FOCUS_LIMIT - 1);
    updateSong(db, songs[DEFAULT_FOCUS_LIMIT + 1]!.id, { focus: 3000 });
  });

  it('reads the settings back whole, whatever the stored row holds', () => {
    expect(getStudioSettings(db)).toEqual({ focusLimit: 5, nudges: false, sessionGapMinutes: 90, stalledAfterDays: 30 });
    expect(setStudioSettings(db, { nudges: true, stalledAfterDays: 45 })).toEqual({ focusLimit: 5, nudges: true, sessionGapMinutes: 90, stalledAfterDays: 45 });
    db.sqlite.prepare(`UPDATE kv SET value = '{"focusLimit": -3, "nudges": "yes", "sessionGapMinutes": 60}' WHERE key = 'studio.settings'`).run();
    expect(getStudioSettings(db)).toEqual({ focusLimit: 5, nudges: false, sessionGapMinutes: 60, stalledAfterDays: 30 });
  });
});
