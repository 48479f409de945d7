/**
 * The rows behind the virtual table: pages of 100 songs fetched through `songs:query` as the user scrolls, so
 * the renderer holds a few thousand rows of a 200,000-song library, never all of it. It also carries the
 * optimistic edits: a patch shows at once, and is dropped (rolled back) or replaced by the core's answer. The change
 * feed tells it what changed (`songsChanged`); it reads its rows again only when it must.
 */
import type { ErrorShape } from '../../../common/errors';
import type { Envelope } from '../../../common/ipc';
import type { Filter, SongPage, SongQuery, SortConfig } from '../../../common/query';
import { changeShows, editCanMoveRows, type SongListShape } from '../../../common/row-moves';
import type { Song } from '../../../common/song';
import type { SongRows, SongsChange } from '../../api/core-changes';

export const PAGE_SIZE = 100;
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

export class SongWindow implements SongRows {
  private query: WindowQuery | null = null;
  private key = '';
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
  private refreshWaiting = false;
  total: number | null = null;
  error: ErrorShape | null = null;
  /** The search of the query whose rows are shown: set once its first page has arrived. */
  shownSearch: string | null = null;
  version = 0;

  constructor(private readonly read: PageReader) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  setQuery(query: WindowQuery): void {
    const key = JSON.stringify(query);
    if (key === this.key) return;
    this.key = key;
    this.query = query;
    this.generation++;
    this.pages.clear();
    this.inflight.clear();
    this.stale.clear();
    this.total = null;
    this.error = null;
    this.shownSearch = null;
    this.visible = { start: 0, stop: 0 };
    this.loadVisible();
    this.bump();
  }

  /** The rows on screen: their pages (and the next one either side) are fetched if missing. */
  setVisible(start: number, stop: number): void {
    this.visible = { start, stop };
    this.loadVisible();
  }

  /**
   * The core changed songs. Songs the call's reply carried are shown as the core wrote them; when they were all the
   * change and its fields cannot move rows under this query (a status edit under a name sort), nothing is read.
   * A change of only the app's books (a first push's cloud id) shows nowhere: nothing is read. Otherwise the rows on
   * screen are read again: their order or their values may differ.
   */
  songsChanged({ fields, settled }: SongsChange): void {
    if (!changeShows(fields)) return;
    if (settled) {
      this.putRows(settled);
      if (this.query && !editCanMoveRows(listShape(this.query), fields)) {
        this.bump();
        return;
      }
    }
    this.refresh();
  }

  /**
   * Read again, in one call, the pages on screen (keeping them shown meanwhile). The
   * pages either side are kept but stale, read again when scrolled onto the screen; farther ones are dropped.
   */
  refresh(): void {
    if (this.held) {
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
    if (!held && this.refreshWaiting) {
      this.refreshWaiting = false;
      this.refresh();
    }
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

  /** Songs as the core has them, in the rows that show them. */
  private putRows(songs: readonly Song[]): void {
    const byId = new Map(songs.map((song) => [song.id, song]));
    for (const rows of this.pages.values()) {
      rows.forEach((row, at) => {
        const song = byId.get(row.id);
        if (song) rows[at] = song;
      });
    }
  }

  /**
   * Reads the missing pages on screen and beside it, each run of neighbouring pages in one call: a new search is one
   * `songs:query` (one count of its matches), not one per page.
   */
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

  /** The pages with visible rows, and one more either side to scroll into. */
  private pagesNearVisible(): number[] {
    return this.pageRange(1);
  }

  private pagesOnScreen(): number[] {
    return this.pageRange(0);
  }

  private pageRange(margin: number): number[] {
    const first = Math.max(0, Math.floor(this.visible.start / PAGE_SIZE) - margin);
    let last = Math.floor(this.visible.stop / PAGE_SIZE) + margin;
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
    if (!query || pages.length !== count) return;
    const generation = this.generation;
    for (const page of pages) this.inflight.add(page);
    const result = await this.read({
      viewId: query.viewId,
      search: query.search,
      ...(query.sort ? { sort: query.sort } : {}),
      offset: first * PAGE_SIZE,
      limit: count * PAGE_SIZE,
    });
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
      this.shownSearch = query.search;
      this.evictFarPages();
    } else {
      this.error = result.error;
      this.shownSearch = query.search;
      if (this.total === null) this.total = 0;
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
