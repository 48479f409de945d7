/**
 * The one contract between the renderer and the core. Each channel maps to a zod schema for its input and a
 * phantom type for its output; each event to its payload type. The Electron preload, the browser host's
 * WebSocket bridge, `window.api` and the core's router are all generated from these two maps: a channel
 * added here is typed end to end, and nothing else lists channels by hand.
 *
 * Over 300 lines: the contract is one table of every channel, from which the preload, the host bridge, `window.api` and the router are made.
 */
import type { PlayerWaveform } from '../audio/audio-analysis';
import { snapshotBudgetSchema, type SnapshotBudget, type SnapshotThinning, type SnapshotUsage, type SongTimeline } from '../projects/project-versions';
import {
  importUndoSchema,
  importUploadSchema,
  libraryExportSchema,
  libraryImportSchema,
  type ImportUndoReport,
  type ImportUploadReceipt,
  type LastImport,
  type LibraryExportFile,
  type LibraryImportPreview,
  type LibraryImportReport,
} from '../songs/library-export';
import { z } from 'zod';
import {
  cleanDeletedSchema,
  type AccountState,
  type SignInOutcome,
  type SignUpOutcome,
  newSyncRecordSchema,
  subscriptionUpdateSchema,
  userSettingsUpdateSchema,
  type Subscription,
  type SyncRecord,
  type UserSettings,
} from '../cloud/account';
import { customFieldPatchSchema, customFieldRefSchema, newCustomFieldSchema, type CustomField } from '../songs/custom-fields';
import type { ErrorShape } from '../errors';
import { jsonBoundsProblem } from './json-bounds';
import { jsonByteLimit, MAX_CALL_INPUT_BYTES } from './json-size';
import { jobIdSchema, jobListSchema, type JobSummary } from './jobs';
import { browseFoldersSchema, directoryPathSchema, directoryRefSchema, type AppNotification, type ChosenFolders, type DemoState, type FileDetected, type FolderListing, type WatchedDirectory } from '../projects/library';
import type { PluginSummary } from '../projects/plugins';
import { studioSettingsSchema, type StudioSettings } from '../studio/studio-settings';
import type { StudioSummary } from '../studio/studio-time';
import { MAX_COMMENT_LENGTH, shareCommentCapSchema, shareSongSchema, shareTokenSchema, type ShareComment, type ShareVersion, type SongShare } from '../cloud/shares';
import { songQuerySchema, type SongPage } from '../views/query';
import { idSchema, pathSchema, timestampSchema } from './schema-parts';
import { saveLocalFileSchema, type SaveLocalFileResult } from '../audio/local-files';
import { bulkSongUpdateSchema, newSongSchema, songIdsSchema, songPatchSchema, type Song } from '../songs/song';
import { resolveRemovalsSchema, syncSessionSchema, type SyncReport, type SyncStatus } from '../cloud/sync';
import type { CompressionResult, UploadResult } from '../cloud/upload-rules';
import { newViewSchema, viewPatchSchema, type View } from '../views/view';

interface ChannelDef<I extends z.ZodType, O> {
  input: I;
  /** Phantom: carries the output type, never read at run time. */
  output?: O;
}

/** `channel<Output>()(inputSchema)`: the output type is given, the input type inferred from the schema. */
function channel<O>() {
  return <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input });
}

const noInput = z.strictObject({}).optional();

export interface FileStats {
  path: string;
  exists: boolean;
  isFile: boolean;
  isDirectory: boolean;
  size: number;
  modifiedTime: number | null;
  createdTime: number | null;
}

export interface FileContents {
  path: string;
  encoding: 'utf8' | 'base64';
  data: string;
  size: number;
}

/** The cloud the app signs in to: a hosted Supabase project, or the local cloud beside the app. */
export interface CloudEndpoint {
  url: string;
  /** The project's public key (role anon). */
  anonKey: string;
  local: boolean;
}

/**
 * What the shell knows of its cloud: the endpoint once there is one; `starting` while the local cloud is still
 * coming up (accounts wait for it), false when there is none to wait for (not configured, or it failed).
 */
export interface CloudStatus {
  endpoint: CloudEndpoint | null;
  starting: boolean;
}

export const NO_CLOUD: CloudStatus = { endpoint: null, starting: false };

const emailSchema = z.string().trim().min(3).max(320);
const passwordSchema = z.string().min(1).max(1024);
/** Where a mailed link or a sign-in comes back to: the app's own address or the deep link (the cloud's allow-list decides). */
const returnAddressSchema = z.string().max(2048).regex(/^(https?|songshelf|songshelf-app):\/\//, 'An address of the app');

export const contract = {
  /** Who is signed in here (as last known: the library never waits for the cloud), their tier, the library's account. */
  'account:get': channel<AccountState>()(noInput),
  /** Reads the signed-in account's tier from the cloud now (the upgrade's return) and caches it. */
  'account:refresh-tier': channel<AccountState>()(noInput),
  /** Signs in with email and password (the core keeps the session; the page never sees a token). */
  'account:sign-in': channel<SignInOutcome>()(z.strictObject({ email: emailSchema, password: passwordSchema })),
  'account:sign-up': channel<SignUpOutcome>()(
    z.strictObject({ email: emailSchema, password: passwordSchema, name: z.string().trim().min(1).max(200), redirectTo: returnAddressSchema }),
  ),
  'account:resend-confirmation': channel<{ error: string | null }>()(z.strictObject({ email: emailSchema, redirectTo: returnAddressSchema })),
  /** Begins a Google sign-in (PKCE, its verifier kept in the core): the consent page's address. */
  'account:begin-google': channel<{ url: string }>()(z.strictObject({ redirectTo: returnAddressSchema })),
  /** Completes a sign-in this core started, with the code its callback brought; anything else is refused. */
  'account:complete-sign-in': channel<AccountState>()(z.strictObject({ code: z.string().min(1).max(512) })),
  'account:sign-out': channel<AccountState>()(noInput),
  /** The pro upgrade's payment page, asked of the cloud as the signed-in user. */
  'account:start-checkout': channel<{ url: string }>()(z.strictObject({ successUrl: returnAddressSchema, cancelUrl: returnAddressSchema })),
  /** Where to sign in, or that the local cloud is still starting: accounts wait for it, the library never does. */
  'cloud:config': channel<CloudStatus>()(noInput),
  /** The signed-in user for the core's sync (the page refreshes the token; null on sign-out). */
  'sync:session': channel<{ signedIn: boolean }>()(syncSessionSchema),
  /** Runs a sync now (the upgrade, a user's "Sync now"): pushes, pulls, deletes what the cloud lost. */
  'sync:run': channel<SyncReport>()(noInput),
  /** The upgrade's step: every song, custom view and the settings queued for the next push. */
  'sync:queue-all': channel<{ queued: number }>()(noInput),
  'sync:status': channel<SyncStatus>()(noInput),
  /** The user's answer to removals a pull held back (`SyncStatus.heldRemovals`), then a run: keep them, or remove them. */
  'sync:resolve-removals': channel<SyncReport>()(resolveRemovalsSchema),
  /** Compresses and uploads a song's audio now (pro): the spec's upload result, skip reason and all. */
  'songs:upload': channel<UploadResult>()(z.strictObject({ id: idSchema })),
  /** Removes an uploaded file; the address must be one of the app's buckets. */
  'cloud:remove-file': channel<{ removed: boolean }>()(z.strictObject({ url: z.string().min(1).max(4096) })),
  /** The waveform of a song's analysed audio, folded to at most `WAVEFORM_PLAYER_PIXELS` min/max pairs; null before it is analysed. */
  'songs:waveform': channel<{ waveform: PlayerWaveform | null }>()(z.strictObject({ id: idSchema })),
  /** A song's project versions (saves, Save As, the DAW's backups), oldest first, with what changed, and its bounce among them. */
  'songs:versions': channel<SongTimeline>()(z.strictObject({ id: idSchema })),
  /** Copies one of the song's versions next to its project under a new name and opens the copy in its DAW. */
  'songs:open-version-copy': channel<{ copy: string }>()(z.strictObject({ id: idSchema, path: pathSchema })),
  /** The songs of a view, or the whole library, as CSV or JSON for the page to save (issue 20). */
  'library:export': channel<LibraryExportFile>()(libraryExportSchema),
  /** A JSON library export sent to be imported, a chunk at a time (no call carries more than a chunk); assembled in the data folder. */
  'library:import-upload': channel<ImportUploadReceipt>()(importUploadSchema),
  /** The document sent whole, read back: songs matched by id (then by project), custom fields by id or name. Its upload is removed. */
  'library:import': channel<LibraryImportReport>()(libraryImportSchema),
  /** What `library:import` would do with the document sent: songs added, values changed (old -> new) or kept, entries skipped. Writes nothing; the upload stays. */
  'library:import-preview': channel<LibraryImportPreview>()(libraryImportSchema),
  /** The last import while it can be undone; null when there is none. */
  'library:last-import': channel<{ lastImport: LastImport | null }>()(noInput),
  /** Undoes the last import (named by its time): its values back as they were, with their edit times; its new songs removed. */
  'library:import-undo': channel<ImportUndoReport>()(importUndoSchema),
  /** How many snapshots of its sessions each song keeps, and in how much room, and all songs' together, on this computer. */
  'library:snapshot-budget': channel<SnapshotBudget>()(noInput),
  /** What a budget would remove now (how many snapshots, how many bytes): asked before a lower budget is saved. */
  'library:preview-snapshot-budget': channel<SnapshotThinning>()(snapshotBudgetSchema),
  /** Changes that budget; every snapshot beyond the new one goes at once, the oldest first. */
  'library:set-snapshot-budget': channel<SnapshotBudget>()(snapshotBudgetSchema),
  /** What all songs' snapshots take now, and whether taking them is paused for lack of free space. */
  'library:snapshot-usage': channel<SnapshotUsage>()(noInput),
  /** A signed address (an hour) to play a song's uploaded audio. */
  /** Issue 33: a private listening link to the song (pro; the cloud refuses a free account), its links, revoking one. */
  'songs:share': channel<{ url: string; token: string; expiresAt: number }>()(shareSongSchema),
  'songs:shares': channel<SongShare[]>()(z.strictObject({ id: idSchema })),
  /** The bounces of the song's project a link may play instead of its latest, newest first. */
  'songs:share-versions': channel<ShareVersion[]>()(z.strictObject({ id: idSchema })),
  'songs:share-revoke': channel<{ revoked: boolean }>()(z.strictObject({ token: shareTokenSchema })),
  /** How many comments a link takes (1 to 10,000; the cloud counts the owner's replies too): raised when it is full. */
  'songs:share-comment-cap': channel<{ commentCap: number }>()(shareCommentCapSchema),
  /** What the song's listeners wrote, by the moment in the song, as last pulled (a read: it pulls nothing). */
  'songs:comments': channel<ShareComment[]>()(z.strictObject({ id: idSchema })),
  /** The comments of this computer's links pulled from the cloud now (the song panel, on opening); how many were new. */
  'songs:comments-pull': channel<{ fresh: number }>()(noInput),
  /** The owner's reply at a moment of the song, on its newest open link; a comment resolved or opened again. */
  'songs:comment-reply': channel<ShareComment[]>()(z.strictObject({ id: idSchema, atS: z.number().min(0).max(86_400), body: z.string().trim().min(1).max(MAX_COMMENT_LENGTH) })),
  'songs:comment-resolve': channel<{ resolved: boolean }>()(z.strictObject({ commentId: z.uuid(), resolved: z.boolean() })),
  'songs:cloud-audio-url': channel<{ url: string }>()(z.strictObject({ id: idSchema })),
  'db:get-subscription': channel<Subscription>()(noInput),
  'db:update-subscription': channel<Subscription>()(subscriptionUpdateSchema),
  'db:get-last-sync': channel<{ timestamp: number | null }>()(noInput),
  'db:update-last-sync': channel<{ timestamp: number }>()(
    z.strictObject({ timestamp: timestampSchema.optional() }).optional(),
  ),
  'db:get-user-settings': channel<UserSettings>()(noInput),
  'db:update-user-settings': channel<UserSettings>()(userSettingsUpdateSchema),
  'db:get-views': channel<View[]>()(noInput),
  'db:add-view': channel<View>()(newViewSchema),
  'db:update-view': channel<View>()(z.strictObject({ id: idSchema, patch: viewPatchSchema })),
  'db:delete-view': channel<{ id: string; nextPath: string }>()(z.strictObject({ id: idSchema })),
  'db:get-songs': channel<Song[]>()(
    z
      .strictObject({
        ids: z.array(idSchema).max(10_000).optional(),
        includeHidden: z.boolean().optional(),
      })
      .optional(),
  ),
  'db:add-song': channel<Song>()(newSongSchema),
  'db:update-song': channel<Song>()(z.strictObject({ id: idSchema, patch: songPatchSchema })),
  'db:delete-song': channel<{ id: string; outcome: 'hidden' | 'deleted' }>()(z.strictObject({ id: idSchema })),
  'db:get-storage-usage': channel<{ bytes: number }>()(noInput),
  'db:update-storage-usage': channel<{ bytes: number }>()(
    z.strictObject({ bytesToAdd: z.number().int().min(-(2 ** 50)).max(2 ** 50) }),
  ),
  'db:add-sync-record': channel<SyncRecord>()(newSyncRecordSchema),
  'db:get-unsynced-changes': channel<SyncRecord[]>()(
    z.strictObject({ limit: z.number().int().positive().max(10_000).optional() }).optional(),
  ),
  'db:mark-synced': channel<{ count: number }>()(
    z.strictObject({ ids: z.array(z.number().int().positive()).max(10_000) }),
  ),
  'db:clean-deleted': channel<{ deleted: string[] }>()(cleanDeletedSchema),
  getFileStats: channel<FileStats>()(z.strictObject({ path: pathSchema })),
  readFile: channel<FileContents>()(
    z.strictObject({ path: pathSchema, encoding: z.enum(['utf8', 'base64']).default('base64') }),
  ),
  openExternal: channel<{ opened: true }>()(z.strictObject({ url: z.string().min(1).max(2048) })),
  saveLocalFile: channel<SaveLocalFileResult>()(saveLocalFileSchema),
  /** Compresses a library file by the spec's plan (or not, under 5 MB or already compressed) into the app's folder. */
  compressAudio: channel<CompressionResult>()(
    z.strictObject({ path: pathSchema, format: z.string().max(10).optional() }),
  ),
  /** Deletes one of the app's compressed copies (nothing else: user files are never deleted this way). */
  deleteFile: channel<{ deleted: boolean }>()(z.strictObject({ path: pathSchema })),
  /** Reveal in Finder / Explorer; only paths inside the library's folders. */
  showItemInFolder: channel<{ shown: true }>()(z.strictObject({ path: pathSchema })),
  /** Open with the OS's default app (a project in its DAW); only paths inside the library's folders. */
  openPath: channel<{ opened: true }>()(z.strictObject({ path: pathSchema })),
  'songs:query': channel<SongPage>()(songQuerySchema),
  'songs:bulk-update': channel<{ updated: number }>()(bulkSongUpdateSchema),
  /** Songs from a project directory go to Hidden; songs added by hand are deleted for good. */
  'songs:bulk-delete': channel<{ hidden: number; deleted: number }>()(z.strictObject({ ids: songIdsSchema })),
  /** Tags in use, most used first, for completion. */
  'tags:list': channel<{ tag: string; count: number }[]>()(
    z
      .strictObject({ prefix: z.string().max(100).optional(), limit: z.number().int().positive().max(1000).optional() })
      .optional(),
  ),
  /** Every plug-in the library's projects load, with the songs and instances using it (issue 31). */
  'plugins:list': channel<PluginSummary[]>()(noInput),
  /** The studio calendar: days worked over the last year, songs finished per month (issue 32). */
  'studio:summary': channel<StudioSummary>()(noInput),
  /** The songs being finished, in pin order, with their next steps (hidden songs never). */
  'studio:focus': channel<Song[]>()(noInput),
  'studio:settings': channel<StudioSettings>()(noInput),
  'studio:set-settings': channel<StudioSettings>()(studioSettingsSchema.partial().strict()),
  'fields:list': channel<CustomField[]>()(noInput),
  'fields:add': channel<CustomField>()(newCustomFieldSchema),
  'fields:update': channel<CustomField>()(z.strictObject({ id: idSchema, patch: customFieldPatchSchema })),
  /** Removes the column and its values from every song. */
  'fields:remove': channel<{ id: string }>()(customFieldRefSchema),
  watchDirectory: channel<{ directory: WatchedDirectory; view: View; jobId: number }>()(directoryPathSchema),
  getWatchedDirectories: channel<WatchedDirectory[]>()(noInput),
  scanDirectory: channel<{ jobId: number }>()(directoryRefSchema),
  /** "Choose folder…": the OS's folder dialog (several folders at once) where the shell has one. */
  'library:choose-folders': channel<ChosenFolders>()(noInput),
  /** The first run's demo library: whether it is watched, or it added (written once, watched) or removed (with its songs). */
  'library:demo': channel<DemoState>()(z.strictObject({ action: z.enum(['state', 'add', 'remove']) })),
  /** The browser host's folder browser: the folders in one folder of the home folder. */
  'library:browse-folders': channel<FolderListing>()(browseFoldersSchema),
  'library:remove-directory': channel<{ id: string; path: string }>()(directoryRefSchema),
  'jobs:list': channel<JobSummary[]>()(jobListSchema),
  'jobs:cancel': channel<{ cancelled: boolean }>()(jobIdSchema),
  'jobs:retry': channel<{ retried: boolean }>()(jobIdSchema),
  /** The user is working in this window (keys, clicks, scrolling): background work that can wait, waits for a pause. */
  'jobs:user-active': channel<{ noted: true }>()(noInput),
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
/** What a caller passes (before defaults are applied). */
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
/** What a handler receives (validated, defaults applied). */
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = NonNullable<Contract[C]['output']>;

export const CHANNELS = Object.keys(contract) as Channel[];

/**
 * Channels for what drives the core from outside (tests, benchmarks, scripts), never on a page's bridge: `window.api`
 * has no method for them, and a shell's core does not serve them. `sync:session` hands the core a session a script
 * signed in; a page signs in through `account:*`, and the core keeps the session.
 */
export const DRIVER_CHANNELS = ['sync:session'] as const satisfies readonly Channel[];
export type DriverChannel = (typeof DRIVER_CHANNELS)[number];
/** The channels a page may call. */
export type BridgeChannel = Exclude<Channel, DriverChannel>;
export const BRIDGE_CHANNELS = CHANNELS.filter((name): name is BridgeChannel => !(DRIVER_CHANNELS as readonly Channel[]).includes(name));

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(contract, value);
}

/**
 * Tables whose change the renderer is told about, so it refetches exactly what they feed. `jobs` too: the jobs panel
 * follows the same stream as the data; and a song's links and what their listeners wrote (`song_shares`,
 * `song_comments`: the song panel's Sharing and the player's comment pins).
 */
export const CHANGED_TABLES = ['songs', 'views', 'custom_fields', 'directories', 'user_settings', 'subscription', 'sync_records', 'kv', 'jobs', 'song_shares', 'song_comments'] as const;
export type ChangedTable = (typeof CHANGED_TABLES)[number];

/**
 * Per table, the fields its writes changed, when every write to it named its columns (a song's: the names of
 * `song-fields.ts`). A table of `tables` that is not here: any of its fields may have changed.
 */
export type ChangedFields = Partial<Record<ChangedTable, string[]>>;

/**
 * Per table, the ids of the rows its writes changed, when every write named them and they are few
 * (`change-set.ts` `MAX_TOLD_ROWS`): a song's edit names the song. A table of `tables` that is not here: any rows.
 */
export type ChangedRows = Partial<Record<ChangedTable, string[]>>;

/**
 * What one write (a call, or a batch of background work) changed, numbered: a call's reply carries its changes and
 * the core also tells every page, so the page that made the call applies them once by their number.
 */
export interface CoreChanges {
  tables: ChangedTable[];
  seq: number;
  fields?: ChangedFields;
  rows?: ChangedRows;
}

export interface Events {
  /** `seq` 0: the page's connection came back, and anything may have changed meanwhile. */
  'db:changed': CoreChanges;
  /** The spec's `onFileDetected`: files appeared or changed in a watched folder. */
  fileDetected: FileDetected;
  /** A desktop notification for the shell to show. */
  notify: AppNotification;
  /** The account service's state changed (sign-in, sign-out, tier, online or offline, the library's account). */
  'account:changed': AccountState;
}
export type EventName = keyof Events;
/** The events a page is told; the core has more of its own (`main/events.ts`), which transports do not forward. */
export const EVENT_NAMES: EventName[] = ['db:changed', 'fileDetected', 'notify', 'account:changed'];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as string[]).includes(value);
}

/** A call's answer; a call that wrote says what it changed. */
export type Envelope<T> = { ok: true; data: T; changes?: CoreChanges } | { ok: false; error: ErrorShape };

export type EventListener<E extends EventName> = (payload: Events[E]) => void;

/** `window.api`: one method per bridge channel, plus `on` for events. Same shape in Electron and in the browser. */
export type Api = {
  [C in BridgeChannel]: (...args: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]) => Promise<Envelope<ChannelOutput<C>>>;
} & {
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void;
};

/**
 * The one refusal of an input too deep or too large (`json-bounds.ts`; in bytes, `json-size.ts`), given by the core's
 * router and, before a call is serialised, by `window.api` itself and the website's cloud library: serialising a value
 * nested 50,000 deep (`JSON.stringify`, Electron's structured clone, zod) overflows the stack, and the caller must get
 * this answer instead; an input past `MAX_CALL_INPUT_BYTES` is no call the page makes.
 */
export function inputBoundsRefusal(channel: Channel, input: unknown): ErrorShape | null {
  const shape = jsonBoundsProblem(input, { check: jsonByteLimit(MAX_CALL_INPUT_BYTES) });
  return shape ? { code: 'invalid_input', message: `Invalid input for ${channel}: the input is ${shape}.` } : null;
}

/**
 * The one refusal of an input its channel's schema does not take, given by the core's router and by the website's
 * cloud library alike: where each problem is and what, at most three, never the input itself echoed back at length.
 */
export function invalidInputRefusal(channel: Channel, error: z.ZodError): ErrorShape {
  const issues = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return { code: 'invalid_input', message: `Invalid input for ${channel}: ${issues.join('; ')}${more}` };
}

/** Builds `window.api` over any transport that can carry one call and subscribe to events. */
export function createApi(transport: {
  invoke(channel: Channel, input: unknown): Promise<Envelope<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}): Api {
  const api: Record<string, unknown> = {};
  for (const name of BRIDGE_CHANNELS) {
    api[name] = (input?: unknown) => {
      const refusal = inputBoundsRefusal(name, input);
      return refusal ? Promise.resolve({ ok: false, error: refusal }) : transport.invoke(name, input);
    };
  }
  api.on = (event: EventName, listener: (payload: never) => void) =>
    transport.subscribe(event, listener as (payload: unknown) => void);
  return api as Api;
}
