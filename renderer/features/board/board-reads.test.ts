// What a board's change costs in reads, against a real core: the six status columns are the real `SongWindow`s with
// the queries `SongBoard` gives them, every page read goes through the change feed as over the bridge, and each
// column's reads are counted. The timers (the core's coalescing, the feed's interval) are fake and moved by the test,
// so "no read" is said once every timer that could read has fired.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../../../common/bridge/ipc';
import type { SongPage } from '../../../common/views/query';
import { STATUSES, type Song, type Status } from '../../../common/songs/song';
import type { View } from '../../../common/views/view';
import { writeSongColumns } from '../../../db/repositories/song-writer';
import { writeSongs } from '../../../fixtures/generators/songs';
import { call, createTestCore, type TestCore } from '../../../main/test-support';
import { CoreChangeFeed, followingChanges } from '../../api/core-changes';
import { SongWindow, type PageReader } from '../song-table/song-window';
import { columnSearch } from './board-moves';

const INTERVAL_MS = 20;
/** Songs in the library: 200 in each status column, so each column holds its first page only. */
const SONGS = STATUSES.length * 200;

let core: TestCore;
let feed: CoreChangeFeed;
let api: Api;
let columns: Map<Status, SongWindow>;
/** The view's table, kept behind the board (its count in the header, its rows for the player), as `DashboardPage` keeps it. */
let table: SongWindow;
let tableReads: number;
let reads: Map<Status, number>;
/** Reads sent and not yet answered. */
let pending: number;
/** How long the page takes to see an edit's reply after its event (a page busy drawing): 0 unless a test says. */
let replyLagMs: number;

/**
 * The clock moved past the core's coalescing (100 ms) and the feed's interval, and the reads it started answered: a
 * column with a read in flight reads again at any change (the answer on its way may be older), so a test's change
 * comes once every column has its rows.
 */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(250);
  for (let turn = 0; pending > 0 && turn < 100; turn++) await vi.advanceTimersByTimeAsync(10);
  expect(pending).toBe(0);
}
const readsSoFar = () => Object.fromEntries([...reads].filter(([, count]) => count > 0));
const totals = () => Object.fromEntries(STATUSES.map((status) => [status, columns.get(status)!.total]));

/** Counts a list's reads and those in flight. */
function counted(count: () => void): PageReader {
  return async (query) => {
    count();
    pending++;
    try {
      return await api['songs:query'](query);
    } finally {
      pending--;
    }
  };
}

/** The board of All Songs: a column per status, its first cards on screen, read; the view's table behind it. */
async function showBoard(): Promise<void> {
  const allSongs = (await call<View[]>(core, 'db:get-views')).find((view) => view.type === 'custom')!;
  table = new SongWindow(counted(() => tableReads++));
  feed.showSongs(table);
  table.setQuery({ viewId: allSongs.id, search: '', sort: null, viewFilters: [] });
  table.setShown(false);
  for (const status of STATUSES) {
    const column = new SongWindow(counted(() => reads.set(status, (reads.get(status) ?? 0) + 1)));
    feed.showSongs(column);
    column.setQuery({ viewId: allSongs.id, search: columnSearch('', status), sort: null, viewFilters: [] });
    column.setVisible(0, 10);
    columns.set(status, column);
  }
  await settle();
  reads.clear();
  tableReads = 0;
}

/** The song at `index` of the column `status`, read straight from the core (not through the feed: not counted). */
async function songOf(status: Status, index: number): Promise<Song> {
  const page = await call<SongPage>(core, 'songs:query', { search: columnSearch('', status), offset: index, limit: 1 });
  return page.rows[0]!;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  core = createTestCore();
  writeSongs(core.db, SONGS);
  feed = new CoreChangeFeed(INTERVAL_MS);
  feed.connect({ invalidate: () => {} });
  replyLagMs = 0;
  const invoke = async (channel: string, input: unknown) => {
    const reply = await core.router.dispatch(channel, input);
    // The core tells the edit's event first, then answers: a lagging page sees the answer later.
    if (channel === 'db:update-song' && replyLagMs > 0) await new Promise((resolve) => setTimeout(resolve, replyLagMs));
    return reply;
  };
  api = followingChanges(createApi({ invoke, subscribe: (event, listener) => core.events.on(event, listener) }), feed);
  columns = new Map();
  reads = new Map();
  pending = 0;
  await showBoard();
});
afterEach(async () => {
  vi.useRealTimers();
  await core.close();
});

describe("the board's own moves", () => {
  it('a card moved between two columns costs two reads: the column it left and the one it joined', async () => {
    const card = columns.get('Backlog')!.rowAt(0)!;
    await api['db:update-song']({ id: card.id, patch: { status: 'Writing' } });
    await settle();
    expect(readsSoFar()).toEqual({ Backlog: 1, Writing: 1 });
    expect(totals()).toEqual({ ...Object.fromEntries(STATUSES.map((status) => [status, 200])), Backlog: 199, Writing: 201 });
    // Newest first: the moved card heads its new column.
    expect(columns.get('Writing')!.rowAt(0)?.id).toBe(card.id);
    expect(columns.get('Backlog')!.indexOf(card.id)).toBe(-1);
    // The table behind the board: its count cannot change, so it reads nothing.
    expect(tableReads).toBe(0);
    expect(table.total).toBe(SONGS);
  });

  it('a card moved while the page is slow to see the reply (its event comes first) still costs two reads', async () => {
    replyLagMs = 10 * INTERVAL_MS;
    const card = columns.get('Backlog')!.rowAt(0)!;
    const moved = api['db:update-song']({ id: card.id, patch: { status: 'Writing' } });
    await settle();
    await moved;
    await settle();
    expect(readsSoFar()).toEqual({ Backlog: 1, Writing: 1 });
    expect(columns.get('Writing')!.rowAt(0)?.id).toBe(card.id);
  });

  it('a card moved back and forth costs two reads each time', async () => {
    const card = columns.get('Mixing')!.rowAt(3)!;
    await api['db:update-song']({ id: card.id, patch: { status: 'Mastering' } });
    await settle();
    await api['db:update-song']({ id: card.id, patch: { status: 'Mixing' } });
    await settle();
    expect(readsSoFar()).toEqual({ Mixing: 2, Mastering: 2 });
    expect(columns.get('Mixing')!.rowAt(0)?.id).toBe(card.id);
    expect(columns.get('Mastering')!.total).toBe(200);
  });

  it('a tempo edit of a card reads its own column only, once', async () => {
    const card = columns.get('Recording')!.rowAt(5)!;
    await api['db:update-song']({ id: card.id, patch: { tempo: '97' } });
    await settle();
    expect(readsSoFar()).toEqual({ Recording: 1 });
    expect(columns.get('Recording')!.rowAt(0)).toMatchObject({ id: card.id, tempo: '97' });
  });

  it('a tempo edit of a song no column holds (far down its column) reads at most its column', async () => {
    const far = await songOf('Done', 150);
    expect(columns.get('Done')!.indexOf(far.id)).toBe(-1);
    await api['db:update-song']({ id: far.id, patch: { tempo: '97' } });
    await settle();
    expect(readsSoFar()).toEqual({ Done: 1 });
    expect(columns.get('Done')!.rowAt(0)?.id).toBe(far.id);
  });
});

describe('what the board cannot know, it reads', () => {
  it('a song no column holds moved: which column it left is not known, so every column it may have left reads, and every count is right', async () => {
    const far = await songOf('Backlog', 150);
    await api['db:update-song']({ id: far.id, patch: { status: 'Writing' } });
    await settle();
    expect(Object.values(readsSoFar()).every((count) => count === 1)).toBe(true);
    expect(totals()).toEqual({ ...Object.fromEntries(STATUSES.map((status) => [status, 200])), Backlog: 199, Writing: 201 });
  });

  it("another page's move (its event carries no song as written) reads each column once after the interval, and every count is right", async () => {
    const card = columns.get('Backlog')!.rowAt(0)!;
    await call(core, 'db:update-song', { id: card.id, patch: { status: 'Done' } });
    expect(readsSoFar()).toEqual({});
    await settle();
    expect(Object.values(readsSoFar()).every((count) => count === 1)).toBe(true);
    expect(totals()).toEqual({ ...Object.fromEntries(STATUSES.map((status) => [status, 200])), Backlog: 199, Done: 201 });
    expect(columns.get('Done')!.rowAt(0)?.id).toBe(card.id);
  });

  it("an analysis (a write of meta) reads the column that shows the song, and nothing for a song no column holds", async () => {
    const analysed = (song: Song): Song => ({ ...song, meta: { ...song.meta, openComments: 2 } });
    const far = await songOf('Mixing', 150);
    writeSongColumns(core.db, [analysed(far)], ['meta'], null);
    await settle();
    expect(readsSoFar()).toEqual({});
    const shown = columns.get('Mixing')!.rowAt(2)!;
    writeSongColumns(core.db, [analysed(shown)], ['meta'], null);
    await settle();
    expect(readsSoFar()).toEqual({ Mixing: 1 });
  });
});

describe('the table behind the board', () => {
  it('reads when its count may change (a song hidden), and its rows once it is shown again', async () => {
    const card = columns.get('Writing')!.rowAt(0)!;
    await api['db:update-song']({ id: card.id, patch: { tempo: '99' } });
    await settle();
    expect(tableReads).toBe(0);
    expect(table.rowAt(0)).toBeUndefined();
    await api['db:update-song']({ id: card.id, patch: { hidden: true } });
    await settle();
    expect(tableReads).toBe(1);
    expect(table.total).toBe(SONGS - 1);
    table.setShown(true);
    table.setVisible(0, 10);
    await settle();
    expect(table.rowAt(0)?.id).not.toBe(card.id);
    expect(table.rowAt(0)).toBeDefined();
  });
});
