/**
 * The rows behind the virtual table: pages of 100 songs fetched through `songs:query` as the user scrolls, so
 * the renderer holds a few thousand rows of a 200,000-song library, never all of it. It also carries the
 * optimistic edits: a patch shows at once, and is dropped (rolled back) or replaced by the core's answer. The change
 * feed tells it what changed (`songsChanged`); it reads its rows again only when it must.
 *
 * A new query (each keystroke in the search box) keeps the last query's rows on screen until its own first answer
 * replaces them in one step. One such read is in flight at a time: keys typed meanwhile send nothing, and when it
 * returns, an answer the typing has outdated is dropped and only the latest query is read.
 *
 * Over 300 lines: the pages, the optimistic edits and the reads the change feed asks for are one cache's state.
 */
import type { ErrorShape } from '../../../common/errors';
import { callFailed } from '../../../common/messages';
import type { Envelope } from '../../../common/bridge/ipc';
import type { Filter, SongPage, SongQuery, SortConfig } from '../../../common/views/query';
import { changeShows, editCanChangeMembers, type SongListShape } from '../../../common/views/row-moves';
import type { Song } from '../../../common/songs/song';
import type { SongRows, SongsChange } from '../../api/core-changes';
import { changeNeedsRead } from './window-reads';

export const PAGE_SIZE = 100;
/**
 * Rows read ahead of the screen, either side: about two screens, so a page is asked for well before it scrolls into
 * view, and a new search reads only the page on screen (100 rows, not 200: the answer a keystroke waits for is half
 * as long to read, send and parse).
 */
const LEAD_ROWS = 50;
/** A new query's first read: the page at the top (one call, one count of its matches). */
const FIRST_PAGES = 1;
/** Pages kept around the visible rows; farther ones are dropped and fetched again if scrolled back to. */
const MAX_PAGES_KEPT = 40;

export interface WindowQuery {
  viewId: string;
  search: string;
  sort: SortConfig | null;
  /** The view's own filters: the core applies them; here they only tell that the rows changed. */
  viewFilters: Filter[];
}

/** Reads one page (or a few) of songs: the library's `songs:query` (`use-song-window.ts`). */
export type PageReader = (query: SongQuery) => Promise<Envelope<SongPage>>;

function listShape(query: WindowQuery): SongListShape {
  return { sort: query.sort, filters: query.viewFilters, search: query.search };
}

/** The call reading `count` pages from `first`. */
function pagesQuery(query: WindowQuery, first: number, count: number): SongQuery {
  return { viewId: query.viewId, search: query.search, ...(query.sort ? { sort: query.sort } : {}), offset: first * PAGE_SIZE, limit: count * PAGE_SIZE };
}

export class SongWindow implements SongRows {
  private query: WindowQuery | null = null;
  private key = '';
  /** The key of the query whose rows are in `pages`: until a new query's first answer, the last one's. */
  private shownKey = '';
  /** A new query's first answer has not arrived: the rows shown are an older query's, and nothing else is read. */
  private replacing = false;
  /** A new query's first read is in flight (perhaps for a query typed over since). */
  private searching = false;
  private generation = 0;
  private pages = new Map<number, Song[]>();
  private inflight = new Set<number>();
  /** Pages kept beside the screen after a change: shown if scrolled to, and read again then. */
  private stale = new Set<number>();
  private overlay = new Map<string, Partial<Song>>();
  private visible = { start: 0, stop: 0 };
  private listeners = new Set<() => void>();
  private waiters = new Map<number, Array<() => void>>();
  /** While a cell is being edited, refreshes wait: rows that re-sort under the editor would move it away. */
  private held = false;
  /** The rows are on screen (not a table behind a board, `setShown`). */
  private shown = true;
  /** A refresh asked while held, or while a new query's first answer is awaited (it would read rows about to be
   * replaced, and that answer may predate the change): it runs when neither holds. */
  private refreshWaiting = false;
  total: number | null = null;
  error: ErrorShape | null = null;
  /** The search of the query whose rows are shown: set once its first page has arrived. */
  shownSearch: string | null = null;
  /** Counts the queries whose rows have been shown: it moves when a new query's first answer arrives (the table goes
   * to its top then), not when the same query's rows are read again. */
  shownQueries = 0;
  version = 0;

  constructor(private readonly read: PageReader) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The rows shown stay until the new query's first answer arrives (`readNewQuery`). */
  setQuery(query: WindowQuery): void {
    const key = JSON.stringify(query);
    if (key === this.key) return;
    this.key = key;
    this.query = query;
    this.generation++;
    this.inflight.clear();
    if (key === this.shownKey) {
      // Typed back to the search on screen: its rows are already there. A row asked for meanwhile (the player's next)
      // is read now: while the search was awaited, nothing was.
      this.replacing = false;
      this.runWaitingRefresh();
      this.loadVisible();
      for (const page of [...this.waiters.keys()]) if (!this.pages.has(page)) void this.fetchPage(page);
      return;
    }
    this.replacing = true;
    void this.readNewQuery();
  }

  /** The rows on screen: their pages (and the next one either side) are fetched if missing. */
  setVisible(start: number, stop: number): void {
    this.visible = { start, stop };
    if (!this.replacing) this.loadVisible();
  }

  /**
   * The core changed songs. Songs the call's reply carried are shown as the core wrote them (also while a new query's
   * rows are awaited: those are read again after it, as its answer may predate the change). The rows on screen are
   * read again only when the change reaches them (`window-reads.ts`): a status edit under a name sort, or a card moved
   * between two other columns of a board, reads nothing. A change of only the app's books (a first push's cloud id)
   * shows nowhere: nothing is read.
   */
  songsChanged(change: SongsChange): void {
    if (!changeShows(change.fields)) return;
    const shape = this.query && listShape(this.query);
    // The ids held, gathered once when asked (a change names up to 1,000 songs; 40 pages hold 4,000 rows).
    let held: Set<string> | null = null;
    const holds = (id: string) => (held ??= new Set([...this.pages.values()].flatMap((rows) => rows.map((row) => row.id)))).has(id);
    const reads = changeNeedsRead({ shape, holds, busy: this.busy() }, change);
    if (change.settled && this.putRows(change.settled)) this.bump();
    if (!reads) return;
    // Off screen, only the count shows: it is read when it may change; otherwise the rows go, read when needed.
    if (this.shown || this.replacing || shape === null || editCanChangeMembers(shape, change.fields)) this.refresh();
    else this.letRowsGo();
  }

  /**
   * Whether the rows are on screen. A table kept behind a board (its count in the header, its rows for the player)
   * reads nothing for a change that leaves its count as it is: its rows go, and are read again when it is shown or
   * a row is asked for (the player's next). Default: shown.
   */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    if (shown && !this.replacing) this.loadVisible();
  }

  private letRowsGo(): void {
    this.generation++;
    this.inflight.clear();
    this.pages.clear();
    this.stale.clear();
    this.bump();
  }

  heldSong(id: string): Song | undefined {
    if (this.busy()) return undefined;
    for (const [page, rows] of this.pages) {
      if (this.stale.has(page)) continue;
      const song = rows.find((row) => row.id === id);
      if (song) return song;
    }
    return undefined;
  }

  /** A read of the rows is in flight, or waits: the rows held may be older than the last change. */
  private busy(): boolean {
    return this.replacing || this.searching || this.refreshWaiting || this.inflight.size > 0;
  }

  /**
   * Read again, in one call, the pages on screen (keeping them shown meanwhile). The
   * pages either side are kept but stale, read again when scrolled onto the screen; farther ones are dropped.
   */
  refresh(): void {
    if (this.held || this.replacing) {
      this.refreshWaiting = true;
      return;
    }
    this.generation++;
    this.inflight.clear();
    const shown = this.pagesOnScreen();
    const near = this.pagesNearVisible();
    for (const page of [...this.pages.keys()]) {
      if (!near.includes(page)) this.pages.delete(page);
      else if (!shown.includes(page)) this.stale.add(page);
    }
    void this.fetchPages(shown[0] ?? 0, Math.max(1, shown.length));
  }

  /** Holds refreshes while the table edits a cell; the one that waited runs when the edit ends. */
  hold(held: boolean): void {
    this.held = held;
    this.runWaitingRefresh();
  }

  private runWaitingRefresh(): void {
    if (!this.refreshWaiting || this.held || this.replacing) return;
    this.refreshWaiting = false;
    this.refresh();
  }

  rowAt(index: number): Song | undefined {
    const song = this.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
    if (!song) return undefined;
    const patch = this.overlay.get(song.id);
    return patch ? { ...song, ...patch } : song;
  }

  isPending(id: string): boolean {
    return this.overlay.has(id);
  }

  /** The row at `index`, fetching its page if needed (the player's next and previous). */
  async rowAtAsync(index: number): Promise<Song | undefined> {
    if (this.total !== null && (index < 0 || index >= this.total)) return undefined;
    const page = Math.floor(index / PAGE_SIZE);
    if (!this.pages.has(page)) {
      await new Promise<void>((resolve) => {
        this.waiters.set(page, [...(this.waiters.get(page) ?? []), resolve]);
        void this.fetchPage(page);
      });
    }
    return this.rowAt(index);
  }

  indexOf(id: string): number {
    for (const [page, rows] of this.pages) {
      const at = rows.findIndex((song) => song.id === id);
      if (at !== -1) return page * PAGE_SIZE + at;
    }
    return -1;
  }

  applyOptimistic(id: string, patch: Partial<Song>): void {
    this.overlay.set(id, { ...this.overlay.get(id), ...patch });
    this.bump();
  }

  /** The core answered: show its song (accepted) or what was there before (refused). */
  settle(id: string, song: Song | null): void {
    this.overlay.delete(id);
    if (song) this.putRows([song]);
    this.bump();
  }

  /** Songs as the core has them, in the rows that show them. Returns whether any row showed one. */
  private putRows(songs: readonly Song[]): boolean {
    const byId = new Map(songs.map((song) => [song.id, song]));
    let put = false;
    for (const rows of this.pages.values()) {
      rows.forEach((row, at) => {
        const song = byId.get(row.id);
        if (song) {
          rows[at] = song;
          put = true;
        }
      });
    }
    return put;
  }

  /**
   * Reads a new query's first pages, once no older one's first read is in flight: when that returns, an answer the
   * query has moved on from is dropped and the latest query is read, so typing sends no call per key.
   */
  private async readNewQuery(): Promise<void> {
    const query = this.query;
    if (this.searching || !query) return;
    this.searching = true;
    const generation = this.generation;
    const key = this.key;
    let result: Envelope<SongPage>;
    try {
      result = await this.read(pagesQuery(query, 0, FIRST_PAGES));
    } catch (error) {
      // A bridge answers with an envelope; should one ever throw, the search still ends (in an error), never waits on.
      console.error('[songs] a read of the rows failed', error);
      result = { ok: false, error: { code: 'internal', message: callFailed('songs:query') } };
    } finally {
      this.searching = false;
    }
    if (generation !== this.generation) {
      if (this.replacing) void this.readNewQuery();
      return;
    }
    this.pages.clear();
    this.stale.clear();
    if (result.ok) {
      for (let page = 0; page < FIRST_PAGES; page++) this.pages.set(page, result.data.rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE));
      this.total = result.data.total;
      this.error = null;
    } else {
      this.total = 0;
      this.error = result.error;
    }
    this.shownKey = key;
    this.shownSearch = query.search;
    this.shownQueries++;
    this.replacing = false;
    // The table goes to the top of the new rows; it tells where it is once there.
    this.visible = { start: 0, stop: 0 };
    // Waiters asked for rows of the last query: answered with what is there now.
    this.releaseWaiters([...this.waiters.keys()]);
    this.bump();
    this.runWaitingRefresh();
  }

  /** Reads the missing pages on screen and beside it, each run of neighbouring pages in one call. */
  private loadVisible(): void {
    const shown = this.pagesOnScreen();
    const wanted = this.pagesNearVisible().filter((page) => !this.inflight.has(page) && (!this.pages.has(page) || (this.stale.has(page) && shown.includes(page))));
    let first = 0;
    for (let at = 0; at < wanted.length; at++) {
      const page = wanted[at] as number;
      if (at === 0 || page !== (wanted[at - 1] as number) + 1) first = page;
      if (at === wanted.length - 1 || wanted[at + 1] !== page + 1) void this.fetchPages(first, page - first + 1);
    }
  }

  /** The pages with visible rows, and those within `LEAD_ROWS` of them to scroll into. */
  private pagesNearVisible(): number[] {
    return this.pageRange(LEAD_ROWS);
  }

  private pagesOnScreen(): number[] {
    return this.pageRange(0);
  }

  private pageRange(lead: number): number[] {
    const first = Math.floor(Math.max(0, this.visible.start - lead) / PAGE_SIZE);
    let last = Math.floor((this.visible.stop + lead) / PAGE_SIZE);
    if (this.total !== null) last = Math.min(last, Math.max(0, Math.ceil(this.total / PAGE_SIZE) - 1));
    const pages: number[] = [];
    for (let page = first; page <= last; page++) pages.push(page);
    return pages;
  }

  private async fetchPage(page: number): Promise<void> {
    return this.fetchPages(page, 1);
  }

  /** Reads `count` pages from `first` in one call. */
  private async fetchPages(first: number, count: number): Promise<void> {
    const query = this.query;
    const pages = Array.from({ length: count }, (_, i) => first + i).filter((page) => !this.inflight.has(page));
    if (!query || this.replacing || pages.length !== count) return;
    const generation = this.generation;
    for (const page of pages) this.inflight.add(page);
    const result = await this.read(pagesQuery(query, first, count));
    if (generation !== this.generation) {
      this.releaseWaiters(pages);
      return;
    }
    for (const page of pages) this.inflight.delete(page);
    if (result.ok) {
      for (const page of pages) {
        this.pages.set(page, result.data.rows.slice((page - first) * PAGE_SIZE, (page - first + 1) * PAGE_SIZE));
        this.stale.delete(page);
      }
      this.total = result.data.total;
      this.error = null;
      this.evictFarPages();
    } else {
      this.error = result.error;
    }
    this.releaseWaiters(pages);
    this.bump();
  }

  private releaseWaiters(pages: number[]): void {
    for (const page of pages) {
      for (const resolve of this.waiters.get(page) ?? []) resolve();
      this.waiters.delete(page);
    }
  }

  private evictFarPages(): void {
    if (this.pages.size <= MAX_PAGES_KEPT) return;
    const centre = Math.floor(this.visible.start / PAGE_SIZE);
    const byDistance = [...this.pages.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const page of byDistance.slice(0, this.pages.size - MAX_PAGES_KEPT)) {
      this.pages.delete(page);
      this.stale.delete(page);
    }
  }

  private bump(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
