// The page's change feed against a real core: what a change costs in reads. The page's calls go through the feed as
// they do over the bridge (the core tells its event, then answers); the song table is the real `SongWindow`. The
// timers (the core's coalescing, the feed's interval) are fake and moved by the test: "no read" is said once every
// timer that could read has fired, not after a sleep.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../../common/bridge/ipc';
import type { SongQuery, SortConfig } from '../../common/views/query';
import type { Song } from '../../common/songs/song';
import type { View } from '../../common/views/view';
import { markSongsPushed } from '../../db/repositories/song-writer';
import { enqueue } from '../../main/jobs/queue';
import { call, createTestCore, type TestCore } from '../../main/test-support';
import { SongWindow, type PageReader } from '../features/song-table/song-window';
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

/** The clock moved past the core's coalescing of background changes (100 ms) and the feed's interval, every timer due meanwhile fired and what it started (the reads) done. */
const settle = () => vi.advanceTimersByTimeAsync(250);

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
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  core = createTestCore();
  feed = new CoreChangeFeed(INTERVAL_MS);
  invalidated = [];
  feed.connect({ invalidate: (tags) => invalidated.push(...tags) });
  api = followingChanges(createApi({ invoke: (channel, input) => core.router.dispatch(channel, input), subscribe: (event, listener) => core.events.on(event, listener) }), feed);
  songs = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie']) songs.push(await call<Song>(core, 'db:add-song', { name }));
});
afterEach(async () => {
  vi.useRealTimers();
  await core.close();
});

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
  it('reads the page on screen in one call, and the next page only when the rows shown come within reach of it', async () => {
    for (let n = 0; n < 150; n++) await call<Song>(core, 'db:add-song', { name: `Alpha ${String(n).padStart(3, '0')}` });
    await showTable(BY_NAME);
    const allSongs = (await call<View[]>(core, 'db:get-views')).find((view) => view.type === 'custom')!;
    const asked: unknown[] = [];
    table = new SongWindow((query) => {
      asked.push(query);
      return api['songs:query'](query);
    });
    table.setQuery({ viewId: allSongs.id, search: 'a', sort: BY_NAME, viewFilters: [] });
    await settle();
    expect(asked).toEqual([expect.objectContaining({ search: 'a', offset: 0, limit: 100 })]);
    expect(table.rowAt(0)?.name).toBe('Alpha');
    // A screen of rows at the top: all of them read, nothing more is asked.
    table.setVisible(0, 24);
    await settle();
    expect(asked).toHaveLength(1);
    // Scrolled to within 50 rows of the next page: it is read ahead, once.
    table.setVisible(30, 54);
    table.setVisible(31, 55);
    await settle();
    expect(asked).toEqual([expect.objectContaining({ offset: 0, limit: 100 }), expect.objectContaining({ search: 'a', offset: 100, limit: 100 })]);
  });

  /** A slow core without clocks: each read waits until the test answers it, and is answered as the core is then. */
  function slowCore() {
    const reads: { query: SongQuery; answer: () => Promise<void> }[] = [];
    const read: PageReader = (query) =>
      new Promise((resolve) => {
        reads.push({
          query,
          answer: async () => {
            resolve(await api['songs:query'](query));
            // The table's own steps after the answer (and any read they send) run before the test goes on.
            await vi.advanceTimersByTimeAsync(0);
          },
        });
      });
    return { reads, read, searches: () => reads.map((one) => one.query.search) };
  }

  async function allSongsId(): Promise<string> {
    return (await call<View[]>(core, 'db:get-views')).find((view) => view.type === 'custom')!.id;
  }

  /** The table on a slow core, the rows of `search` shown (its first read answered). */
  async function slowTable(search: string) {
    const viewId = await allSongsId();
    const slow = slowCore();
    table = new SongWindow(slow.read);
    table.setQuery({ viewId, search, sort: BY_NAME, viewFilters: [] });
    await slow.reads[0]!.answer();
    return { viewId, slow };
  }

  /** What the table shows at each change it tells: the search of its rows, and their names. */
  function watchShown(window: SongWindow): string[] {
    const seen: string[] = [];
    window.subscribe(() => seen.push(`${window.shownSearch}: ${Array.from({ length: window.total ?? 0 }, (_, at) => window.rowAt(at)?.name).join(', ')}`));
    return seen;
  }

  it('typing five letters while the first read is slow asks the first and the latest only; the old rows stay until the latest answer, and the outdated one never shows', async () => {
    const { viewId, slow } = await slowTable('Charlie');
    const shown = watchShown(table);

    for (const search of ['a', 'al', 'alp', 'alph', 'alpha']) table.setQuery({ viewId, search, sort: BY_NAME, viewFilters: [] });
    expect(slow.searches()).toEqual(['Charlie', 'a']);
    expect(table.shownSearch).toBe('Charlie');
    expect(table.rowAt(0)?.name).toBe('Charlie');

    // "a" (all three songs) is outdated: dropped, and only the latest is asked.
    await slow.reads[1]!.answer();
    expect(slow.searches()).toEqual(['Charlie', 'a', 'alpha']);
    expect(table.shownSearch).toBe('Charlie');
    expect(table.total).toBe(1);
    expect(table.rowAt(0)?.name).toBe('Charlie');

    await slow.reads[2]!.answer();
    expect(table.shownSearch).toBe('alpha');
    expect(table.rowAt(0)?.name).toBe('Alpha');
    expect(shown).toEqual(['alpha: Alpha']);
  });

  it("a new search's rows move the table to its top once; a refresh of the same rows does not", async () => {
    const { viewId, slow } = await slowTable('');
    const first = table.shownQueries;

    table.refresh();
    await slow.reads[1]!.answer();
    expect(table.shownQueries).toBe(first);

    table.setQuery({ viewId, search: 'bravo', sort: BY_NAME, viewFilters: [] });
    await slow.reads[2]!.answer();
    expect(table.shownQueries).toBe(first + 1);
    expect(table.rowAt(0)?.name).toBe('Bravo');
  });

  it('a change while a new search is awaited reads nothing for the old rows; the new rows come, then are read again once', async () => {
    const { viewId, slow } = await slowTable('');

    table.setQuery({ viewId, search: 'a', sort: BY_NAME, viewFilters: [] });
    table.refresh();
    table.setVisible(0, 2);
    expect(slow.searches()).toEqual(['', 'a']);
    await slow.reads[1]!.answer();
    expect(table.shownSearch).toBe('a');
    expect(slow.reads.slice(2).map((read) => read.query)).toEqual([expect.objectContaining({ search: 'a', offset: 0, limit: 100 })]);
  });

  it('typing back to the search shown needs no read: the rows are there', async () => {
    const { viewId, slow } = await slowTable('bravo');

    table.setQuery({ viewId, search: 'bravox', sort: BY_NAME, viewFilters: [] });
    table.setQuery({ viewId, search: 'bravo', sort: BY_NAME, viewFilters: [] });
    await slow.reads[1]!.answer();
    expect(slow.searches()).toEqual(['bravo', 'bravox']);
    expect(table.shownSearch).toBe('bravo');
    expect(table.rowAt(0)?.name).toBe('Bravo');
  });

  it("a search the core refuses shows its error, and none of the last search's rows", async () => {
    const { viewId, slow } = await slowTable('');

    table.setQuery({ viewId, search: 'bpm:fast', sort: BY_NAME, viewFilters: [] });
    expect(table.error).toBeNull();
    await slow.reads[1]!.answer();
    expect(table.error?.message).toContain('bpm:');
    expect(table.shownSearch).toBe('bpm:fast');
    expect(table.total).toBe(0);
    expect(table.rowAt(0)).toBeUndefined();
  });

  it('a read that throws ends the search in an error, and the next search is asked', async () => {
    const viewId = await allSongsId();
    let broken = true;
    const asked: string[] = [];
    table = new SongWindow(async (query) => {
      asked.push(query.search ?? '');
      if (broken) throw new Error('the bridge broke');
      return api['songs:query'](query);
    });
    table.setQuery({ viewId, search: 'alpha', sort: BY_NAME, viewFilters: [] });
    await settle();
    expect(table.error?.code).toBe('internal');
    expect(table.shownSearch).toBe('alpha');
    broken = false;
    table.setQuery({ viewId, search: 'bravo', sort: BY_NAME, viewFilters: [] });
    await settle();
    expect(asked).toEqual(['alpha', 'bravo']);
    expect(table.rowAt(0)?.name).toBe('Bravo');
  });

  it("the player's next row asked while a search is awaited comes when the search is typed back", async () => {
    for (let n = 0; n < 150; n++) await call<Song>(core, 'db:add-song', { name: `Delta ${String(n).padStart(3, '0')}` });
    const { viewId, slow } = await slowTable('');

    table.setQuery({ viewId, search: 'x', sort: BY_NAME, viewFilters: [] });
    const next = table.rowAtAsync(120);
    table.setQuery({ viewId, search: '', sort: BY_NAME, viewFilters: [] });
    const pageRead = slow.reads.find((read) => read.query.offset === 100);
    expect(pageRead?.query.search).toBe('');
    await pageRead!.answer();
    expect((await next)?.name).toBe('Delta 117');
  });

  it('an edit while a new search is awaited shows at once in the rows still shown', async () => {
    // The new search's read is never answered: the edit comes while it is awaited.
    const { viewId } = await slowTable('');
    feed.showSongs(table);

    table.setQuery({ viewId, search: 'b', sort: BY_NAME, viewFilters: [] });
    const version = table.version;
    await api['db:update-song']({ id: songs[1]!.id, patch: { status: 'Mixing' } });
    expect(table.version).toBeGreaterThan(version);
    expect(table.rowAt(1)?.status).toBe('Mixing');
  });
});
