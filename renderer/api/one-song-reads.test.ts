// The reads of one song (the player's waveform: `songWaveform` provides `readsSong(id, 'file', 'meta')`; the panel's
// song: `readsSong(id, ...SONG_FIELD_NAMES)`) in RTK Query's real cache, invalidated by the real change feed over a
// real core: each is read again for a change of its own song, never for another song's. The timers (the core's coalescing, the feed's interval) are fake and
// moved by the test, and the absence of a read is said by a later change that does read (a sentinel), not by a sleep.
// (The page's own store is not used: its bridge module is typed with the DOM, and these tests run in Node.)
import { configureStore } from '@reduxjs/toolkit';
import { createApi as createQueryApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createApi, CHANGED_TABLES, type Api } from '../../common/bridge/ipc';
import type { Song } from '../../common/songs/song';
import { SONG_FIELD_NAMES } from '../../common/songs/song-fields';
import { replaceInstalledPlugins } from '../../db/repositories/installed-plugins';
import { MAX_TOLD_ROWS } from '../../common/bridge/change-set';
import { insertSongs, writeSongColumns } from '../../db/repositories/song-writer';
import { buildSong } from '../../db/repositories/songs';
import { call, createTestCore, type TestCore } from '../../main/test-support';
import { CoreChangeFeed, followingChanges, readsSong } from './core-changes';

const INTERVAL_MS = 20;

let core: TestCore;
let waveformReads: string[];
let panelReads: string[];
let library: Api;
let playing: Song;
let other: Song;

/** The clock moved past the core's coalescing (100 ms) and the feed's interval, and what that started done. */
const settle = () => vi.advanceTimersByTimeAsync(250);
const readsOf = (song: Song) => waveformReads.filter((id) => id === song.id).length;
/** What an analysis writes: the song's meta, nothing for the cloud. */
const analyse = (song: Song) => writeSongColumns(core.db, [{ ...song, meta: { ...song.meta, openComments: 1 } }], ['meta'], null);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  core = createTestCore();
  playing = await call<Song>(core, 'db:add-song', { name: 'Playing' });
  other = await call<Song>(core, 'db:add-song', { name: 'Other' });
  const feed = new CoreChangeFeed(INTERVAL_MS);
  library = followingChanges(createApi({ invoke: (channel, input) => core.router.dispatch(channel, input), subscribe: (event, listener) => core.events.on(event, listener) }), feed);
  waveformReads = [];
  panelReads = [];
  const cache = createQueryApi({
    baseQuery: fakeBaseQuery<{ message: string }>(),
    tagTypes: [...CHANGED_TABLES, 'song'],
    endpoints: (build) => ({
      songWaveform: build.query<unknown, string>({
        queryFn: async (id) => {
          waveformReads.push(id);
          const result = await library['songs:waveform']({ id });
          return result.ok ? { data: result.data } : { error: result.error };
        },
        providesTags: (_shape, _error, id) => readsSong(id, 'file', 'meta'),
      }),
      song: build.query<unknown, string>({
        queryFn: async (id) => {
          panelReads.push(id);
          const result = await library['db:get-songs']({ ids: [id], includeHidden: true });
          return result.ok ? { data: result.data[0] ?? null } : { error: result.error };
        },
        providesTags: (_song, _error, id) => readsSong(id, ...SONG_FIELD_NAMES),
      }),
    }),
  });
  const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer }, middleware: (defaults) => defaults().concat(cache.middleware) });
  feed.connect({ invalidate: (tags) => store.dispatch(cache.util.invalidateTags(tags)) });
  // Subscribed for the rest of the test, as the player is while the song plays: the subscription is the point.
  void store.dispatch(cache.endpoints.songWaveform.initiate(playing.id));
  // The panel open on the playing song.
  void store.dispatch(cache.endpoints.song.initiate(playing.id));
  await settle();
  expect(readsOf(playing)).toBe(1);
  expect(panelReads).toEqual([playing.id]);
});
afterEach(async () => {
  vi.useRealTimers();
  await core.close();
});

it("another song's analysis does not read the playing song's waveform again; its own does, once", async () => {
  analyse(other);
  await settle();
  analyse(playing);
  await settle();
  expect(readsOf(playing)).toBe(2);
});

it('a plug-in installed here changes no song: the waveform is not read again', async () => {
  replaceInstalledPlugins(core.db, [{ names: ['Serum'], format: 'VST3', path: '/Library/Audio/Plug-Ins/VST3/Serum.vst3' }]);
  await settle();
  analyse(playing);
  await settle();
  expect(readsOf(playing)).toBe(2);
});

it('a change of more songs than a change names (the cap) reads it again: any song may be the playing one', async () => {
  const many = Array.from({ length: MAX_TOLD_ROWS + 1 }, (_, at) => buildSong({ name: `Other ${at}` }, 1));
  insertSongs(core.db, many, null);
  await settle();
  const before = readsOf(playing);
  writeSongColumns(core.db, many.map((song) => ({ ...song, meta: { openComments: 1 } })), ['meta'], null);
  await settle();
  expect(readsOf(playing)).toBe(before + 1);
});

it("another song's edit made on this page (its reply applied at once) leaves the open panel's song be; its own reads it once", async () => {
  await library['db:update-song']({ id: other.id, patch: { status: 'Mixing' } });
  await settle();
  expect(panelReads).toEqual([playing.id]);
  await library['db:update-song']({ id: playing.id, patch: { status: 'Mixing' } });
  await settle();
  expect(panelReads).toEqual([playing.id, playing.id]);
});
