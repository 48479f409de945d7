// The page's change feed against a real core: what a change costs in reads. The page's calls go through the feed as
// they do over the bridge (the core tells its event, then answers); the song table is the real `SongWindow`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../common/ipc';
import type { SortConfig } from '../../common/query';
import type { Song } from '../../common/song';
import type { View } from '../../common/view';
import { markSongsPushed } from '../../db/repositories/song-writer';
import { enqueue } from '../../main/jobs/queue';
import { call, createTestCore, type TestCore } from '../../main/test-support';
import { SongWindow } from '../features/song-table/song-window';
import { CoreChangeFeed, followingChanges } from './core-changes';

const INTERVAL_MS = 20;
const BY_NAME: SortConfig = { column: 'name', direction: 'Ascending' };

let core: TestCore;
let feed: CoreChangeFeed;
let api: Api;
let invalidated: unknown[];
let reads: number;
let table: SongWindow;
let songs: Song[];

/** Past the core's coalescing of background changes (100 ms) and the feed's interval. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

/** The table of All Songs under `sort` (null: the default, newest first), its first rows on screen, read. */
async function showTable(sort: SortConfig | null): Promise<void> {
  const allSongs = (await call<View[]>(core, 'db:get-views')).find((view) => view.type === 'custom')!;
  table = new SongWindow((query) => {
    reads++;
    return api['songs:query'](query);
  });
  feed.showSongs(table);
  table.setQuery({ viewId: allSongs.id, search: '', sort, viewFilters: [] });
  table.setVisible(0, 10);
  await settle();
  reads = 0;
  invalidated = [];
}

beforeEach(async () => {
  core = createTestCore();
  feed = new CoreChangeFeed(INTERVAL_MS);
  invalidated = [];
  feed.connect({ invalidate: (tags) => invalidated.push(...tags) });
  api = followingChanges(createApi({ invoke: (channel, input) => core.router.dispatch(channel, input), subscribe: (event, listener) => core.events.on(event, listener) }), feed);
  songs = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie']) songs.push(await call<Song>(core, 'db:add-song', { name }));
});
afterEach(() => core.close());

describe("the page's own edit", () => {
  it('a status edit under a name sort costs no page read: the reply settles the row, the event is not applied again', async () => {
    await showTable(BY_NAME);
    const edited = await api['db:update-song']({ id: songs[1]!.id, patch: { status: 'Mixing' } });
    expect(edited.ok && edited.changes?.fields?.songs).toEqual(expect.arrayContaining(['status']));
    await settle();
    expect(reads).toBe(0);
    expect(table.rowAt(1)?.status).toBe('Mixing');
    // Only what reads the status (and the times the edit stamps) is refetched; the waiting sync record feeds nothing shown.
    expect(invalidated).toContainEqual({ type: 'songs', id: 'status' });
    expect(invalidated).not.toContain('songs');
  });

  it('a name edit under a name sort reads the rows on screen once, at once', async () => {
    await showTable(BY_NAME);
    await api['db:update-song']({ id: songs[0]!.id, patch: { name: 'Zulu' } });
    expect(reads).toBe(1);
    await settle();
    expect(reads).toBe(1);
    expect(table.rowAt(2)?.name).toBe('Zulu');
  });

  it('any edit under the default sort, newest first, reads the rows once: the edited song comes first', async () => {
    await showTable(null);
    await api['db:update-song']({ id: songs[0]!.id, patch: { status: 'Done' } });
    await settle();
    expect(reads).toBe(1);
    expect(table.rowAt(0)?.name).toBe('Alpha');
  });
});

describe('changes from elsewhere', () => {
  it("another page's status edit reads the rows on screen once, after the interval: their values changed", async () => {
    await showTable(BY_NAME);
    await call(core, 'db:update-song', { id: songs[2]!.id, patch: { status: 'Mastering' } });
    expect(reads).toBe(0);
    await settle();
    expect(reads).toBe(1);
    expect(table.rowAt(2)?.status).toBe('Mastering');
  });

  it('a burst of events is one read', async () => {
    await showTable(BY_NAME);
    for (const song of songs) await call(core, 'db:update-song', { id: song.id, patch: { tempo: '128' } });
    await settle();
    expect(reads).toBe(1);
  });

  it("a sync's bookkeeping (a first push's cloud ids, its records, the last sync's time) and a job read no songs", async () => {
    await showTable(BY_NAME);
    await api['db:update-song']({ id: songs[0]!.id, patch: { status: 'Mixing' } });
    markSongsPushed(core.db, songs.map((song) => song.id));
    core.db.sqlite.prepare("UPDATE sync_records SET synced = 1").run();
    core.db.sqlite.prepare("INSERT OR REPLACE INTO kv (key, value) VALUES ('last_sync', '1')").run();
    enqueue(core.db, { kind: 'scan', payload: { directoryId: 'nowhere' } });
    await settle();
    expect(reads).toBe(0);
    expect(invalidated).toEqual(expect.arrayContaining(['sync_records', 'kv', 'jobs']));
  });
});

describe('a new search', () => {
  it('reads the rows on screen and the page beside them in one call: one count of its matches, not one per page', async () => {
    await showTable(BY_NAME);
    const allSongs = (await call<View[]>(core, 'db:get-views')).find((view) => view.type === 'custom')!;
    const asked: unknown[] = [];
    table = new SongWindow((query) => {
      asked.push(query);
      return api['songs:query'](query);
    });
    table.setQuery({ viewId: allSongs.id, search: 'a', sort: BY_NAME, viewFilters: [] });
    await settle();
    expect(asked).toEqual([expect.objectContaining({ search: 'a', offset: 0, limit: 200 })]);
    expect(table.rowAt(0)?.name).toBe('Alpha');
    // Scrolled to rows already read: nothing more is asked.
    table.setVisible(0, 2);
    await settle();
    expect(asked).toHaveLength(1);
  });
});
