/**
 * The website's stand-in for the core (issue 20): the same contract (`window.api`'s channels, the same zod checks on
 * every input) answered from the signed-in pro user's synced library in the cloud, so `/dashboard`, `/:viewId` and
 * `/:viewId/modal/:modal` are the app's own dashboard page and table. Songs, custom views and custom fields are read
 * once (and again on "Sync now" or when the page comes back after a while), kept in memory, and queried by the
 * same rules the app runs in SQLite (`common/views/view-rules.ts`). Edits go back to the cloud at once; the desktop apps
 * pull them. What only a computer can do (its folders, files, versions, scans) answers a clear error.
 *
 * All Songs and Hidden are each device's own views and do not travel: here they are the website's, their sort,
 * filters and columns kept in this browser.
 *
 * Over 300 lines: it answers every channel the website needs, as the core's handlers do, and is held to them by the contract suite as one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { bulkEdited } from '../../../common/songs/bulk-edit';
import { DEFAULT_VIEW_ALL_SONGS, DEFAULT_VIEW_HIDDEN, WATCH_LIST_REFRESH_WEB_MS } from '../../../common/constants';
import type { WatchedDirectory } from '../../../common/projects/library';
import type { CustomField } from '../../../common/songs/custom-fields';
import { applyEdit, WEB_EDITABLE_FIELDS } from '../../../common/songs/apply-edit';
import { checkCustomPatch } from '../../../common/songs/custom-values';
import { checkFocusRoom, isOnFocusList } from '../../../common/studio/focus-list';
import { AppError, isAppError, type ErrorShape } from '../../../common/errors';
import { contract, createApi, invalidInputRefusal, type Api, type Channel, type ChangedTable, type Envelope, type EventName, type ParsedInput } from '../../../common/bridge/ipc';
import { MESSAGES } from '../../../common/messages';
import { summarisePlugins } from '../../../common/projects/plugins';
import type { Song, SongPatch } from '../../../common/songs/song';
import { readStudioSettings, type StudioSettings } from '../../../common/studio/studio-settings';
import { studioFactsOf, studioSummary } from '../../../common/studio/studio-time';
import type { SyncStatus } from '../../../common/cloud/sync';
import { uploadSkippedInBrowser } from '../../../common/cloud/upload-rules';
import { viewPath, type View, type ViewPatch } from '../../../common/views/view';
import { pageOf, songsOfView } from '../../../common/views/view-rules';
import { cloudAudioUrl, deleteCloudView, loadCloudLibrary, readCloudFolders, readCloudSongs, saveCloudSongs, saveCloudView, updateCloudView } from './cloud-library';

/** The website's own All Songs and Hidden (their ids name them: they never travel, so never meet a synced id). */
export const WEB_ALL_SONGS_ID = 'all-songs';
export const WEB_HIDDEN_ID = 'hidden';
/** Coming back to the page after this long reads the library from the cloud again. */
const STALE_AFTER_MS = 60_000;
/** Songs sent to the cloud in one request. */
const SAVE_BATCH = 200;

const LAYOUT_FIELDS = ['layout', 'sortConfig', 'activeFilters', 'columnVisibility', 'columnOrder', 'columnWidths'] as const;

export const ONLY_IN_APP = 'This is done in the Songshelf app on your computer, where your project folders are.';

type Result = { data: unknown; changed?: ChangedTable[] };
type Handler<C extends Channel> = (input: ParsedInput<C>) => Promise<Result> | Result;
type Listener = (payload: unknown) => void;

export interface CloudLibraryOptions {
  supabase: SupabaseClient;
  userId: string;
  /** Where the website's own views keep their layout; the browser's localStorage. */
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  now?: () => number;
  newId?: () => string;
}

export class CloudLibrary {
  private songs = new Map<string, Song>();
  private views: View[] = [];
  private fields: CustomField[] = [];
  /** The folders the user's computers watch (their settings in the cloud), read again every 30 s. */
  private folders: string[] = [];
  private watchListRead: Promise<boolean> | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt: number | null = null;
  private lastError: string | null = null;
  private rejected = 0;
  private seq = 0;
  /** The last view's songs in order, kept while nothing changed: the table asks one page at a time. */
  private ordered: { key: string; version: number; songs: Song[] } | null = null;
  private version = 0;
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly options: CloudLibraryOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** `window.api`'s shape over this library. */
  api(): Api {
    return createApi({
      invoke: (channel, input) => this.invoke(channel, input),
      subscribe: (event, listener) => {
        const set = this.listeners.get(event) ?? new Set<Listener>();
        set.add(listener);
        this.listeners.set(event, set);
        return () => set.delete(listener);
      },
    });
  }

  /** Reads everything again from the cloud (the first time, "Sync now", a page coming back after a while). */
  reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Reads again if the last read is older than a minute; tells the page when it has. */
  async refreshIfStale(): Promise<void> {
    if (this.loadedAt !== null && this.now() - this.loadedAt < STALE_AFTER_MS) return;
    await this.reload();
    this.emit('db:changed', { tables: ['songs', 'views', 'custom_fields'], seq: ++this.seq });
  }

  /**
   * Reads the watch list again every 30 s (spec section 9) while the dashboard is open: a folder a computer added or
   * stopped watching shows within that time. Returns the stop.
   */
  startWatchListRefresh(): () => void {
    const timer = setInterval(() => {
      // A failed read keeps the folders shown; the next one tries again.
      void this.readWatchList().catch(() => undefined);
    }, WATCH_LIST_REFRESH_WEB_MS);
    return () => clearInterval(timer);
  }

  /** Reads the folders from the cloud; tells the page when they changed. Answers whether they did. */
  readWatchList(): Promise<boolean> {
    this.watchListRead = readCloudFolders(this.options.supabase, this.options.userId).then((folders) => {
      if (folders.length === this.folders.length && folders.every((folder, index) => folder === this.folders[index])) return false;
      this.folders = folders;
      this.emit('db:changed', { tables: ['directories'], seq: ++this.seq });
      return true;
    });
    return this.watchListRead;
  }

  /** The last read of the watch list, under way or done; null before the first. */
  lastWatchListRead(): Promise<boolean> | null {
    return this.watchListRead;
  }

  /** The folders as the page lists them: by path (the website has no folder rows or folder views of its own). */
  private watchedFolders(): WatchedDirectory[] {
    return this.folders.map((folder) => ({ id: folder, path: folder, viewId: null, addedAt: 0, lastScanAt: null }));
  }

  private async load(): Promise<void> {
    try {
      const [snapshot, folders] = await Promise.all([loadCloudLibrary(this.options.supabase), readCloudFolders(this.options.supabase, this.options.userId)]);
      this.folders = folders;
      this.songs = new Map(snapshot.songs.map((song) => [song.id, song]));
      this.views = snapshot.views;
      this.fields = snapshot.fields;
      this.rejected = snapshot.rejected;
      this.loadedAt = this.now();
      this.lastError = null;
      this.version++;
    } catch (failure) {
      // What was read before stays shown: an unreachable cloud never empties the page.
      this.lastError = failure instanceof Error ? failure.message : String(failure);
      throw failure;
    }
  }

  private async invoke(channel: Channel, raw: unknown): Promise<Envelope<unknown>> {
    const handler = this.handlers[channel] as Handler<Channel> | undefined;
    if (!handler) return { ok: false, error: { code: 'not_allowed', message: ONLY_IN_APP } };
    const parsed = contract[channel].input.safeParse(raw);
    if (!parsed.success) return { ok: false, error: invalidInputRefusal(channel, parsed.error) };
    try {
      if (this.loadedAt === null) await this.reload();
      const result = await handler(parsed.data as ParsedInput<Channel>);
      if (!result.changed) return { ok: true, data: result.data };
      this.version++;
      return { ok: true, data: result.data, changes: { tables: result.changed, seq: ++this.seq } };
    } catch (failure) {
      return { ok: false, error: errorShape(failure) };
    }
  }

  private emit(event: EventName, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  // ---- Views: the website's All Songs and Hidden, and the synced custom views.

  private layoutKey(): string {
    return `songshelf.web-views.${this.options.userId}`;
  }

  /** The studio's settings on this browser (issue 32): the app's are its computer's. */
  private studioSettings(): StudioSettings {
    try {
      return readStudioSettings(JSON.parse(this.options.storage.getItem(`songshelf.studio.${this.options.userId}`) ?? '{}'));
    } catch {
      return readStudioSettings({});
    }
  }

  private storedLayouts(): Record<string, ViewPatch> {
    try {
      const parsed: unknown = JSON.parse(this.options.storage.getItem(this.layoutKey()) ?? '{}');
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, ViewPatch>) : {};
    } catch {
      return {};
    }
  }

  private webView(id: string, title: string, type: 'custom' | 'hidden', position: number): View {
    const stored = contract['db:update-view'].input.shape.patch.safeParse(this.storedLayouts()[id] ?? {});
    const layout = stored.success ? stored.data : {};
    return {
      id,
      title,
      type,
      layout: layout.layout ?? 'table',
      sortConfig: layout.sortConfig ?? null,
      activeFilters: layout.activeFilters ?? [],
      columnVisibility: layout.columnVisibility ?? {},
      columnOrder: layout.columnOrder ?? [],
      columnWidths: layout.columnWidths ?? {},
      path: viewPath(id),
      directoryPath: null,
      position,
      createdAt: 0,
      modifiedAt: 0,
      supabaseId: null,
    };
  }

  private allViews(): View[] {
    return [this.webView(WEB_ALL_SONGS_ID, DEFAULT_VIEW_ALL_SONGS, 'custom', -1), ...this.views, this.webView(WEB_HIDDEN_ID, DEFAULT_VIEW_HIDDEN, 'hidden', Number.MAX_SAFE_INTEGER)];
  }

  private view(id: string): View {
    const view = this.allViews().find((candidate) => candidate.id === id);
    if (!view) throw new AppError('not_found', MESSAGES.viewNotFound);
    return view;
  }

  private async updateView(id: string, patch: ViewPatch): Promise<View> {
    const current = this.view(id);
    if (id === WEB_ALL_SONGS_ID || id === WEB_HIDDEN_ID) {
      if (patch.title !== undefined || patch.position !== undefined) throw new AppError('not_allowed', 'All Songs and Hidden keep their names and places.');
      const layouts = this.storedLayouts();
      const layout = { ...layouts[id] };
      for (const field of LAYOUT_FIELDS) if (patch[field] !== undefined) Object.assign(layout, { [field]: patch[field] });
      this.options.storage.setItem(this.layoutKey(), JSON.stringify({ ...layouts, [id]: layout }));
      return this.view(id);
    }
    const next: View = { ...current, ...patch, modifiedAt: this.now() };
    try {
      await updateCloudView(this.options.supabase, next);
    } catch (error) {
      // Removed in the cloud meanwhile: gone from this page too, not written back.
      if (isAppError(error) && error.code === 'not_found') this.views = this.views.filter((view) => view.id !== id);
      throw error;
    }
    this.views = this.views.map((view) => (view.id === id ? next : view));
    return next;
  }

  // ---- Songs.

  private song(id: string, failure: string): Song {
    const song = this.songs.get(id);
    if (!song) throw new AppError('not_found', failure);
    return song;
  }

  private orderedSongs(view: View, search: string, sort: ParsedInput<'songs:query'>['sort'], filters: ParsedInput<'songs:query'>['filters']): Song[] {
    const key = JSON.stringify([view, search, sort ?? null, filters]);
    if (this.ordered?.key === key && this.ordered.version === this.version) return this.ordered.songs;
    const songs = songsOfView(this.songs.values(), { view, search, sort, filters });
    this.ordered = { key, version: this.version, songs };
    return songs;
  }

  /**
   * Writes changed songs to the cloud. A song the cloud did not take (another computer changed it later) is read
   * again and shown as the cloud has it, and the user is told: their edit did not silently win or vanish.
   */
  private async saveSongs(changed: Song[]): Promise<void> {
    const superseded: string[] = [];
    for (let at = 0; at < changed.length; at += SAVE_BATCH) {
      const batch = changed.slice(at, at + SAVE_BATCH);
      superseded.push(...(await saveCloudSongs(this.options.supabase, batch)));
      for (const song of batch) this.songs.set(song.id, song);
    }
    if (superseded.length === 0) return;
    for (const song of await readCloudSongs(this.options.supabase, superseded)) this.songs.set(song.id, song);
    this.version++;
    throw new AppError('cloud_error', superseded.length === 1 ? 'This song was changed on another computer since this page read it: its newer copy is shown.' : `${superseded.length} songs were changed on another computer since this page read them: their newer copies are shown.`);
  }

  /** A song edit, by the app's own rule (`applyEdit`); a song's files and folders belong to the computer that found them. */
  private editedSong(current: Song, patch: SongPatch): Song {
    const refused = Object.keys(patch).filter((field) => !WEB_EDITABLE_FIELDS.has(field as keyof SongPatch));
    if (refused.length > 0) throw new AppError('not_allowed', ONLY_IN_APP);
    const custom = patch.custom === undefined ? null : checkCustomPatch(patch.custom, new Map(this.fields.map((field) => [field.id, field])));
    return applyEdit(current, patch, custom, this.editTime(current));
  }

  /**
   * An edit's time: now, or just after the copy it edits where that copy is dated later (another computer's clock
   * ahead of this one), since the cloud keeps the copy with the later time and this edit is the newer one.
   */
  private editTime(current: Song): number {
    return Math.max(this.now(), current.modifiedAt + 1);
  }

  /** The songs on the focus list, in no order. */
  private focused(): Song[] {
    return [...this.songs.values()].filter(isOnFocusList);
  }

  private tags(prefix: string, limit: number): { tag: string; count: number }[] {
    const uses = new Map<string, { tag: string; count: number }>();
    for (const song of this.songs.values()) {
      for (const tag of song.tags) {
        const key = tag.toLowerCase();
        if (!key.startsWith(prefix.toLowerCase())) continue;
        const use = uses.get(key) ?? { tag, count: 0 };
        if (!song.hidden) use.count++;
        uses.set(key, use);
      }
    }
    return [...uses.values()].sort((a, b) => b.count - a.count || a.tag.toLowerCase().localeCompare(b.tag.toLowerCase())).slice(0, limit);
  }

  private syncStatus(): SyncStatus {
    return { signedIn: true, running: this.loading !== null, lastSync: this.loadedAt, pending: 0, lastError: this.lastError, heldRemovals: null };
  }

  private readonly handlers: { [C in Channel]?: Handler<C> } = {
    'db:get-views': () => ({ data: this.allViews() }),
    'db:add-view': async (input) => {
      if (input.type !== 'custom') throw new AppError('not_allowed', ONLY_IN_APP);
      const now = this.now();
      const id = this.newId();
      const view: View = {
        id,
        title: input.title,
        type: 'custom',
        layout: input.layout ?? 'table',
        sortConfig: input.sortConfig ?? null,
        activeFilters: input.activeFilters ?? [],
        columnVisibility: input.columnVisibility ?? {},
        columnOrder: [],
        columnWidths: {},
        path: viewPath(id),
        directoryPath: null,
        position: Math.max(0, ...this.views.map((candidate) => candidate.position + 1)),
        createdAt: now,
        modifiedAt: now,
        supabaseId: id,
      };
      await saveCloudView(this.options.supabase, view);
      this.views = [...this.views, view];
      return { data: view, changed: ['views'] };
    },
    'db:update-view': async ({ id, patch }) => ({ data: await this.updateView(id, patch), changed: ['views'] }),
    'db:delete-view': async ({ id }) => {
      if (id === WEB_ALL_SONGS_ID || id === WEB_HIDDEN_ID) throw new AppError('not_allowed', 'All Songs and Hidden stay.');
      this.view(id);
      await deleteCloudView(this.options.supabase, id);
      this.views = this.views.filter((view) => view.id !== id);
      return { data: { id, nextPath: viewPath(WEB_ALL_SONGS_ID) }, changed: ['views'] };
    },
    'songs:query': ({ viewId, search, sort, filters, offset, limit }) => {
      const view = this.view(viewId ?? WEB_ALL_SONGS_ID);
      return { data: pageOf(this.orderedSongs(view, search, sort, filters), offset, limit) };
    },
    'db:get-songs': (input) => {
      const wanted = input?.ids ? new Set(input.ids) : null;
      const songs = [...this.songs.values()].filter((song) => (wanted === null || wanted.has(song.id)) && (input?.includeHidden === true || !song.hidden));
      return { data: songs };
    },
    'db:update-song': async ({ id, patch }) => {
      const current = this.song(id, `${MESSAGES.songUpdateFailed}: ${MESSAGES.songNotFound}`);
      checkFocusRoom(current, patch, () => ({ pinned: this.focused().length, limit: this.studioSettings().focusLimit }));
      const next = this.editedSong(current, patch);
      await this.saveSongs([next]);
      return { data: next, changed: ['songs'] };
    },
    'songs:bulk-update': async ({ ids, patch }) => {
      const custom = patch.custom === undefined ? null : checkCustomPatch(patch.custom, new Map(this.fields.map((field) => [field.id, field])));
      const changed: Song[] = [];
      for (const id of new Set(ids)) {
        const song = this.songs.get(id);
        if (!song) continue;
        const next = bulkEdited(song, patch, custom, this.editTime(song));
        if (next) changed.push(next);
      }
      try {
        await this.saveSongs(changed);
      } finally {
        this.version++;
      }
      return { data: { updated: changed.length }, changed: ['songs'] };
    },
    'tags:list': (input) => ({ data: this.tags(input?.prefix ?? '', input?.limit ?? 50) }),
    'plugins:list': () => ({ data: summarisePlugins(this.songs.values()) }),
    'studio:summary': () => ({ data: studioSummary([...this.songs.values()].filter((song) => !song.hidden).map(studioFactsOf), this.now()) }),
    'studio:focus': () => ({ data: this.focused().sort((a, b) => (a.focus ?? 0) - (b.focus ?? 0)) }),
    'studio:settings': () => ({ data: this.studioSettings() }),
    'studio:set-settings': (patch) => {
      const next = { ...this.studioSettings(), ...patch };
      this.options.storage.setItem(`songshelf.studio.${this.options.userId}`, JSON.stringify(next));
      // Told as the core tells its own settings (they live in its kv table): the page's settings read follows.
      return { data: next, changed: ['kv'] };
    },
    'fields:list': () => ({ data: this.fields }),
    'songs:cloud-audio-url': async ({ id }) => {
      const url = await cloudAudioUrl(this.options.supabase, this.song(id, MESSAGES.songNotFound));
      if (!url) throw new AppError('not_found', 'This song’s audio is not in the cloud: it plays in the app on the computer that has it.');
      return { data: { url } };
    },
    // A browser has none of the song's files: nothing is sent (spec section 8's browser_environment).
    'songs:upload': ({ id }) => ({ data: uploadSkippedInBrowser(this.song(id, MESSAGES.songNotFound).file?.fileName ?? '') }),
    'songs:waveform': () => ({ data: { waveform: null } }),
    // The page's player asks whether the audio is on this computer: on the website nothing is, so it plays from the cloud.
    getFileStats: ({ path }) => ({ data: { path, exists: false, isFile: false, isDirectory: false, size: 0, modifiedTime: null, createdTime: null } }),
    getWatchedDirectories: () => ({ data: this.watchedFolders() }),
    'jobs:list': () => ({ data: [] }),
    'jobs:user-active': () => ({ data: { noted: true } }),
    'sync:status': () => ({ data: this.syncStatus() }),
    'sync:run': async () => {
      await this.reload();
      return { data: { skipped: null, pushed: 0, pulled: this.songs.size, deleted: 0, requests: 0, rejected: this.rejected }, changed: ['songs', 'views', 'custom_fields', 'kv'] };
    },
  };
}

function errorShape(failure: unknown): ErrorShape {
  if (isAppError(failure)) return failure.toShape();
  return { code: 'cloud_error', message: failure instanceof Error ? failure.message : String(failure) };
}
