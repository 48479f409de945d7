/**
 * The page's one consumer of the core's changes, and so its one cache invalidator (no endpoint invalidates tags of
 * its own). Changes arrive two ways, both numbered by the core: in the reply of a call this page made, and as
 * `db:changed` events (background work, other pages, jobs, and this page's calls told to everyone). Each number is
 * applied once:
 *
 * - a call's own changes at once: RTK Query refetches what they feed, and each song table on screen reads its rows
 *   again only when the change reaches it (`features/song-table/window-reads.ts`): a changed song it holds, or one that
 *   may now be in it, or may have been;
 * - events after a short wait, a burst of them (a scan writes a batch every few milliseconds) as one refresh. The
 *   event of this page's own call comes just before its reply: it waits for the reply and is applied as the call's,
 *   with the songs the reply settled (a board's move then reads two columns, not six), also when the page is slow to
 *   see the reply: events wait while a call that was in flight when they came still is (at most a second).
 *
 * What a change feeds is read by the fields and the songs it names where they are known: a song's status changing
 * does not refetch a waveform (it provides the `songs` fields it reads, `songshelf-api.ts`), and another song's
 * analysis does not refetch the playing song's (a read of one song provides its id too: `readsSong`).
 */
import type { TagDescription } from '@reduxjs/toolkit/query';
import { ChangeSet } from '../../common/bridge/change-set';
import { BRIDGE_CHANNELS, type Api, type BridgeChannel, type ChangedTable, type CoreChanges } from '../../common/bridge/ipc';
import type { Song } from '../../common/songs/song';
import type { SongFieldName } from '../../common/songs/song-fields';

/** A scan writes a batch every few milliseconds: refresh at most this often. */
const REFRESH_INTERVAL_MS = 150;
/** Numbers remembered to skip the second telling of a change (its reply and its event come close together). */
const SEQS_REMEMBERED = 256;
/** The longest events wait for the replies of the calls in flight when they came (one of them may be theirs). */
const REPLY_WAIT_MS = 1000;

/** What changed in the songs a table shows. */
export interface SongsChange {
  /** The song fields that changed; null: any (songs added or removed, a whole row written, a custom field changed). */
  fields: readonly string[] | null;
  /** The ids of the songs that changed; null: any (many of them, or a change that names none). */
  rows: readonly string[] | null;
  /** The songs as the core wrote them, when the call's reply carried them (an edit). */
  settled: readonly Song[] | null;
  /** Settled songs as a table on screen held them just before, where one did: which lists they were in. */
  before: ReadonlyMap<string, Song>;
}

/** A song table on screen. */
export interface SongRows {
  songsChanged(change: SongsChange): void;
  /** The song `id` as this table holds it, when it does and its rows are current (no read of them in flight). */
  heldSong(id: string): Song | undefined;
}

/** The cache's tag types: the core's tables, and `song`: the reads of one song, by its id (`readsSong`). */
export type CacheTag = ChangedTable | 'song';

/** A read of one song: `id` and `field`, either `*` (any song, any field). */
function songTag(id: string, field: string): TagDescription<CacheTag> {
  return { type: 'song', id: `${id}:${field}` };
}

/**
 * What an endpoint that reads one song provides (the waveform, `songshelf-api.ts`): those fields of that song, so a
 * change of another song (or of another field) does not refetch it; the same fields of any song, for a change that
 * does not say which songs; and the song whole, for a change that does not say which fields.
 */
export function readsSong(id: string, ...fields: SongFieldName[]): TagDescription<CacheTag>[] {
  return [songTag(id, '*'), ...fields.flatMap((field) => [songTag(id, field), songTag('*', field)])];
}

export interface ChangeTargets {
  /** RTK Query: invalidate the cache entries these tags name. */
  invalidate(tags: TagDescription<CacheTag>[]): void;
}

/**
 * The tags a set of changes invalidates: each table's, and for songs with known fields, only those fields'; the reads
 * of one song, only those of the songs changed where they are known (each of them whole, when the fields are not).
 */
export function tagsOf(changes: ChangeSet): TagDescription<CacheTag>[] {
  return changes.tables.flatMap((table): TagDescription<CacheTag>[] => {
    if (table !== 'songs') return [table];
    const fields = changes.fieldsOf(table);
    const rows = changes.rowsOf(table);
    const lists: TagDescription<CacheTag>[] = fields ? fields.map((id) => ({ type: table, id })) : [table];
    const ids = rows ?? ['*'];
    const ones: TagDescription<CacheTag>[] = fields ? ids.flatMap((id) => fields.map((field) => songTag(id, field))) : rows ? rows.map((id) => songTag(id, '*')) : ['song'];
    return [...lists, ...ones];
  });
}

/** Calls whose reply is the one song they changed, as the core wrote it. */
const SETTLING: Partial<Record<BridgeChannel, (data: unknown) => readonly Song[]>> = {
  'db:update-song': (song) => [song as Song],
};

export class CoreChangeFeed {
  private targets: ChangeTargets | null = null;
  private readonly songTables = new Set<SongRows>();
  private readonly seen: number[] = [];
  private waiting: CoreChanges[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** This page's calls in flight, by number; and those that were when the first waiting event came. */
  private readonly calls = new Set<number>();
  private callsBefore = new Set<number>();
  private lastCall = 0;
  /** How long the waiting events have waited for those calls' replies. */
  private waitedMs = 0;

  /** `intervalMs` default: 150. */
  constructor(private readonly intervalMs = REFRESH_INTERVAL_MS) {}

  /** Where RTK's invalidations go; set once at start. */
  connect(targets: ChangeTargets): void {
    this.targets = targets;
  }

  /** A song table on screen. Returns the function that takes it off. */
  showSongs(table: SongRows): () => void {
    this.songTables.add(table);
    return () => this.songTables.delete(table);
  }

  /** An event: applied after the interval, with the others that came meanwhile (seq 0: the connection came back). */
  event(changes: CoreChanges): void {
    if (changes.seq !== 0 && !this.remember(changes.seq)) return;
    if (this.waiting.length === 0) this.callsBefore = new Set(this.calls);
    this.waiting.push(changes);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** A call of this page went out; returns its number, for `called`. */
  calling(): number {
    this.calls.add(++this.lastCall);
    return this.lastCall;
  }

  /** A call's reply has been applied (`replied`) or it failed: events that waited for it go now. */
  called(call: number): void {
    this.calls.delete(call);
    if (this.waitedMs > 0 && !this.awaitsReply()) {
      if (this.timer) clearTimeout(this.timer);
      this.flush();
    }
  }

  /** The changes of a call this page made, applied now; its event, if it came first and still waits, is taken back. */
  reply(changes: CoreChanges, settled: readonly Song[] | null = null): void {
    const early = this.waiting.findIndex((event) => event.seq === changes.seq);
    if (early !== -1) this.waiting.splice(early, 1);
    else if (!this.remember(changes.seq)) return;
    this.apply([changes], settled);
  }

  /** A call's reply, as `followingChanges` hands it over. */
  replied(channel: BridgeChannel, changes: CoreChanges, data: unknown): void {
    this.reply(changes, SETTLING[channel]?.(data) ?? null);
  }

  private remember(seq: number): boolean {
    if (this.seen.includes(seq)) return false;
    this.seen.push(seq);
    if (this.seen.length > SEQS_REMEMBERED) this.seen.shift();
    return true;
  }

  private flush(): void {
    this.timer = null;
    // One of the calls in flight when these came may be theirs: its reply settles what they changed.
    if (this.awaitsReply() && this.waitedMs < REPLY_WAIT_MS) {
      this.waitedMs += this.intervalMs;
      this.timer = setTimeout(() => this.flush(), this.intervalMs);
      return;
    }
    this.waitedMs = 0;
    const events = this.waiting;
    this.waiting = [];
    if (events.length > 0) this.apply(events, null);
  }

  private awaitsReply(): boolean {
    return this.waiting.length > 0 && [...this.callsBefore].some((call) => this.calls.has(call));
  }

  private apply(told: readonly CoreChanges[], settled: readonly Song[] | null): void {
    const changes = new ChangeSet();
    for (const one of told) changes.addChanges(one);
    this.targets?.invalidate(tagsOf(changes));
    // A custom field changed: the table's columns, and the values' order under them, may have.
    if (changes.has('custom_fields')) this.tellSongTables({ fields: null, rows: null, settled: null, before: new Map() });
    else if (changes.has('songs')) this.tellSongTables({ fields: changes.fieldsOf('songs'), rows: changes.rowsOf('songs'), settled, before: this.heldBefore(settled) });
  }

  /** The settled songs as a table held them before the change: asked of every table before any is told. */
  private heldBefore(settled: readonly Song[] | null): Map<string, Song> {
    const before = new Map<string, Song>();
    for (const { id } of settled ?? []) {
      for (const table of this.songTables) {
        const held = table.heldSong(id);
        if (held) {
          before.set(id, held);
          break;
        }
      }
    }
    return before;
  }

  private tellSongTables(change: SongsChange): void {
    for (const table of this.songTables) table.songsChanged(change);
  }
}

export const coreChanges = new CoreChangeFeed();

/**
 * The bridge the page uses: `raw`'s calls and events, with every change (a reply's and the events') going to the
 * feed. Every read and write of the page goes through it: RTK Query's base query, the song tables, the actions.
 */
export function followingChanges(raw: Api, feed: CoreChangeFeed = coreChanges): Api {
  raw.on('db:changed', (changes) => feed.event(changes));
  const api: Record<string, unknown> = { on: raw.on.bind(raw) };
  for (const name of BRIDGE_CHANNELS) {
    const call = raw[name] as (input: unknown) => ReturnType<Api[typeof name]>;
    api[name] = async (input: unknown) => {
      const pending = feed.calling();
      try {
        const result = await call(input);
        if (result.ok && result.changes) feed.replied(name, result.changes, result.data);
        return result;
      } finally {
        feed.called(pending);
      }
    };
  }
  return api as Api;
}
