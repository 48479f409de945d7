/**
 * The page's one consumer of the core's changes. Changes arrive two ways, both numbered by the core: in the reply
 * of a call that wrote (this page's own edits), and as `db:changed` events (background work, other pages). Each
 * number is applied once, and a burst of them (a scan writes a batch every few milliseconds) becomes one refresh:
 * RTK Query refetches what the changed tables feed, and the song tables on screen read their visible rows again.
 */
import { CHANNELS, type Api, type ChangedTable, type CoreChanges } from '../../common/ipc';
import type { TagType } from './songshelf-api';

/** A scan writes a batch every few milliseconds: refresh at most this often. */
const REFRESH_INTERVAL_MS = 150;
/** Numbers remembered to skip the second telling of a change (its reply and its event come close together). */
const SEQS_REMEMBERED = 256;

/** What a song table on screen shows: rows of songs, their custom fields' values among them. */
const SONG_ROWS: readonly ChangedTable[] = ['songs', 'custom_fields'];

export interface Refreshable {
  refresh(): void;
}

export interface ChangeTargets {
  /** RTK Query: invalidate the cache entries these tables feed. */
  invalidate(tags: TagType[]): void;
}

class CoreChangeFeed {
  private targets: ChangeTargets | null = null;
  private readonly songTables = new Set<Refreshable>();
  private readonly seen: number[] = [];
  private pending = new Set<ChangedTable>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Where RTK's invalidations go; set once at start. */
  connect(targets: ChangeTargets): void {
    this.targets = targets;
  }

  /** A song table on screen. Returns the function that takes it off. */
  showSongs(table: Refreshable): () => void {
    this.songTables.add(table);
    return () => this.songTables.delete(table);
  }

  /** From a reply or an event: applied once per number (0: the connection came back, always applied). */
  take(changes: CoreChanges): void {
    if (changes.seq !== 0) {
      if (this.seen.includes(changes.seq)) return;
      this.seen.push(changes.seq);
      if (this.seen.length > SEQS_REMEMBERED) this.seen.shift();
    }
    for (const table of changes.tables) this.pending.add(table);
    this.timer ??= setTimeout(() => this.flush(), REFRESH_INTERVAL_MS);
  }

  private flush(): void {
    this.timer = null;
    const tables = [...this.pending];
    this.pending = new Set();
    this.targets?.invalidate(tables);
    if (tables.some((table) => SONG_ROWS.includes(table))) for (const table of this.songTables) table.refresh();
  }
}

export const coreChanges = new CoreChangeFeed();

/**
 * The bridge the page uses: `raw`'s calls and events, with every change (a reply's and the events') going to the
 * feed. Every read and write of the page goes through it: RTK Query's base query, the song tables, the actions.
 */
export function followingChanges(raw: Api): Api {
  raw.on('db:changed', (changes) => coreChanges.take(changes));
  const api: Record<string, unknown> = { on: raw.on.bind(raw) };
  for (const name of CHANNELS) {
    const call = raw[name] as (input: unknown) => ReturnType<Api[typeof name]>;
    api[name] = async (input: unknown) => {
      const result = await call(input);
      if (result.ok && result.changes) coreChanges.take(result.changes);
      return result;
    };
  }
  return api as Api;
}
