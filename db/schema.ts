/**
 * The local database (SQLite). Every local entity of the spec has its table here; `migrations/` is generated
 * from this file by drizzle-kit (`npm run db:generate`), never written by hand, except the FTS5 migration,
 * which drizzle-kit cannot express and which is a `--custom` migration.
 *
 * Times are integers, milliseconds since the epoch. JSON columns hold text parsed by the row mappers.
 *
 * Over 300 lines: drizzle-kit generates the migrations from one schema file, so every table is here.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRIORITIES, STATUSES, TIERS } from '../common/songs/song';

/** The sort indexes that carry the filtered columns, by the sort they walk (db/song-query.ts names them to SQLite). */
export const SORT_FILTER_INDEXES = { name: 'songs_hidden_name_filters', modifiedAt: 'songs_hidden_modified_filters' } as const;
/** (hidden, key, tempo, audio tempo): a key with tempos from either source, answered by the index alone. */
export const KEY_TEMPO_INDEX = 'songs_hidden_key_tempo';
/** (seq, hidden, then every column an equality or range filter compares): a song's filters checked by one seek. */
export const FILTER_ROW_INDEX = 'songs_filter_row';
/** Every index a query names with INDEXED BY: it must always exist (a first scan never defers one of them). */
export const INDEXES_NAMED_BY_QUERIES: readonly string[] = [...Object.values(SORT_FILTER_INDEXES), KEY_TEMPO_INDEX, FILTER_ROW_INDEX];

export const songs = sqliteTable(
  'songs',
  {
    /** Stable integer key: the FTS5 index refers to songs by it, and VACUUM keeps it. */
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    fileValue: text('file_value'),
    fileLocalPath: text('file_local_path'),
    fileName: text('file_name'),
    fileModifiedAt: integer('file_modified_at'),
    priority: text('priority').notNull().default('Medium'),
    tier: text('tier').notNull().default('C'),
    status: text('status').notNull().default('Backlog'),
    /** JSON array of strings. */
    tags: text('tags').notNull().default('[]'),
    notes: text('notes').notNull().default(''),
    /** Issue 32: when the song was pinned to the focus list, or null; the next step beside it. */
    focus: integer('focus'),
    nextStep: text('next_step').notNull().default(''),
    tempo: text('tempo').notNull().default(''),
    /** The tempo as a number, for numeric sorting and ranges; null when `tempo` is not a number. */
    tempoBpm: real('tempo_bpm'),
    key: text('key').notNull().default(''),
    timeSignature: text('time_signature').notNull().default(''),
    sessionValue: text('session_value'),
    sessionFileName: text('session_file_name'),
    sessionModifiedAt: integer('session_modified_at'),
    sessionIsPackage: integer('session_is_package', { mode: 'boolean' }).notNull().default(false),
    projectPath: text('project_path'),
    source: text('source').notNull().default('manual'),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    needsUploadRetry: integer('needs_upload_retry', { mode: 'boolean' }).notNull().default(false),
    isBeingProcessed: integer('is_being_processed', { mode: 'boolean' }).notNull().default(false),
    processingStartedAt: integer('processing_started_at'),
    /** JSON object: user-defined fields. */
    custom: text('custom').notNull().default('{}'),
    /** JSON object: values extracted from project and audio files. */
    meta: text('meta').notNull().default('{}'),
    /** JSON array: fields the user edited, which a scan must not overwrite. */
    editedFields: text('edited_fields').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
    modifiedAt: integer('modified_at').notNull(),
    supabaseId: text('supabase_id'),
    /**
     * When a pull moved the song to Hidden because the cloud no longer had it (removed on another device); purged
     * 30 days later unless restored. Null for every other song, and again once the song is written or back in the cloud.
     */
    removedBySyncAt: integer('removed_by_sync_at'),
    /** Sort keys by meaning (Low < Medium < High < Urgent; S above D; the workflow's order), kept by SQLite. */
    priorityRank: integer('priority_rank').generatedAlwaysAs(rankSql('priority', PRIORITIES), { mode: 'virtual' }),
    tierRank: integer('tier_rank').generatedAlwaysAs(rankSql('tier', TIERS), { mode: 'virtual' }),
    statusRank: integer('status_rank').generatedAlwaysAs(rankSql('status', STATUSES), { mode: 'virtual' }),
    /**
     * What SQLite sorts and filters by from `meta`, kept in columns of their own beside it by the row mapping
     * (`rows/song-columns.ts`, `metaColumns`), never parsed from the JSON per song: the analysis makes
     * `meta` most of a kilobyte, and a filter that read it row by row took seconds at 200,000 songs (migration 0014).
     * The project's DAW as the reader found it (`meta.daw`): `daw:ableton` is an index lookup.
     */
    daw: text('daw'),
    /** 1 when the song's project folder has vanished (`meta.projectMissing`), else 0; indexed like `daw`. */
    missing: integer('missing').notNull().default(0),
    /** What the analysis of the song's audio heard (`meta.analysis`, issue 18). */
    audioBpm: real('audio_bpm'),
    audioKey: text('audio_key'),
    lufs: real('lufs'),
    truePeak: real('true_peak'),
    durationS: real('duration_s'),
    /** The end of the song's last work session (`meta.activity`, issue 32): "gone cold" sorts and filters by it. */
    lastWorked: integer('last_worked'),
    /** Its listeners' comments not yet resolved (`meta.openComments`, issue 33): `comments:open` and the column. */
    openComments: integer('open_comments'),
    /**
     * 1 once the song's audio has been read (`meta` has `audio`, its facts or why it could not be read), else 0: a
     * rescan asks it of every song, and parsing `meta` for it was half the time of reading 20,000 songs' state.
     */
    audioRead: integer('audio_read').notNull().default(0),
  },
  (t) => {
    // What a page is filtered by most (status, DAW, key, both tempos), carried by two sort indexes below
    // (`sortIndexAnswers` in db/song-query.ts).
    const filtered = [t.statusRank, t.daw, sql`${t.key} COLLATE NOCASE`, t.tempoBpm, t.audioBpm] as const;
    return [
      uniqueIndex('songs_id_unique').on(t.id),
      index('songs_hidden_tempo_nulls_last').on(t.hidden, sql`(${t.tempoBpm} IS NULL)`, t.tempoBpm),
      index('songs_hidden_priority').on(t.hidden, t.priorityRank),
      index('songs_hidden_tier').on(t.hidden, t.tierRank),
      index('songs_hidden_status').on(t.hidden, t.statusRank),
      // Key with tempo: "songs in A minor between 90 and 110" is answered (and counted) from the index alone, the
      // audio's tempo too ("key:Am bpm:90-110" matches either source).
      index(KEY_TEMPO_INDEX).on(t.hidden, sql`${t.key} COLLATE NOCASE`, t.tempoBpm, t.audioBpm),
      index('songs_hidden_modified').on(t.hidden, t.modifiedAt),
      index('songs_hidden_name').on(t.hidden, sql`${t.name} COLLATE NOCASE`),
      // The two orders a library is read in most again, each carrying the columns filtered most: a filtered page in
      // name or change order is a walk of one index, checked without reading a song however its matches fall in that
      // order. Beside the narrow ones above, not instead: a page far into an unfiltered order walks fewer pages there.
      index(SORT_FILTER_INDEXES.modifiedAt).on(t.hidden, t.modifiedAt, ...filtered),
      index(SORT_FILTER_INDEXES.name).on(t.hidden, sql`${t.name} COLLATE NOCASE`, ...filtered),
      index('songs_hidden_tempo').on(t.hidden, t.tempoBpm),
      index('songs_project_path').on(t.projectPath),
      // DAW with status ("my Ableton songs in mixing"): found from the index, and counted without reading songs.
      index('songs_hidden_daw_status').on(t.hidden, t.daw, t.statusRank),
      index('songs_hidden_missing').on(t.hidden, t.missing),
      // What the analysis heard: ranges and descending sorts walk (hidden, column); an ascending sort, which puts the
      // songs it has not heard (no audio, or not yet) last, walks (hidden, column IS NULL, column), as the tempo does.
      // The project's tempo beside the audio's: "bpm:" (either source) is counted from the two tempo indexes alone.
      index('songs_hidden_audio_bpm').on(t.hidden, t.audioBpm, t.tempoBpm),
      index('songs_hidden_audio_bpm_nulls_last').on(t.hidden, sql`(${t.audioBpm} IS NULL)`, t.audioBpm),
      index('songs_hidden_audio_key').on(t.hidden, sql`${t.audioKey} COLLATE NOCASE`),
      index('songs_hidden_audio_key_nulls_last').on(t.hidden, sql`(${t.audioKey} IS NULL)`, sql`${t.audioKey} COLLATE NOCASE`),
      index('songs_hidden_lufs').on(t.hidden, t.lufs),
      index('songs_hidden_lufs_nulls_last').on(t.hidden, sql`(${t.lufs} IS NULL)`, t.lufs),
      index('songs_hidden_true_peak').on(t.hidden, t.truePeak),
      index('songs_hidden_true_peak_nulls_last').on(t.hidden, sql`(${t.truePeak} IS NULL)`, t.truePeak),
      index('songs_hidden_duration').on(t.hidden, t.durationS),
      index('songs_hidden_duration_nulls_last').on(t.hidden, sql`(${t.durationS} IS NULL)`, t.durationS),
      index('songs_hidden_last_worked').on(t.hidden, t.lastWorked),
      index('songs_hidden_last_worked_nulls_last').on(t.hidden, sql`(${t.lastWorked} IS NULL)`, t.lastWorked),
      index('songs_hidden_open_comments').on(t.hidden, t.openComments),
      // Every column a filter compares, by song number: several large lists intersected are planned from the
      // smallest, and the songs it lists are checked against the others here, each a seek into a few thousand
      // pages, rather than each other list read whole and sorted, or each song's row read (`matchingSetPage`).
      index(FILTER_ROW_INDEX).on(
        t.seq,
        t.hidden,
        t.daw,
        t.missing,
        sql`${t.key} COLLATE NOCASE`,
        t.tempoBpm,
        t.audioBpm,
        sql`${t.audioKey} COLLATE NOCASE`,
        t.lufs,
        t.truePeak,
        t.durationS,
        t.lastWorked,
        t.openComments,
        t.modifiedAt,
        t.createdAt,
      )
        // Partial on a condition every song meets and only intersection-plan.ts states: an index led by the song's
        // number made SQLite read each full-text match by id and sort them all, rather than walk the sort's index
        // ("night" 20 -> 178 ms at 200,000 songs); the planner may use it only where a statement says `seq > 0`.
        .where(sql`${t.seq} > 0`),
      // The focus list: a handful of pinned songs, found without reading the others.
      index('songs_focus').on(t.focus).where(sql`${t.focus} IS NOT NULL`),
    ];
  },
);

/**
 * Each song's tags, one row per tag, kept in step with `songs.tags` by triggers (migration
 * `0005_song_tags_triggers`): "has tag" becomes an index lookup instead of a JSON scan of every song.
 */
export const songTags = sqliteTable(
  'song_tags',
  {
    songSeq: integer('song_seq').notNull(),
    tag: text('tag').notNull(),
  },
  (t) => [index('song_tags_tag').on(sql`${t.tag} COLLATE NOCASE`, t.songSeq), index('song_tags_song').on(t.songSeq)],
);

/**
 * The plug-ins each song's project loads (`meta.plugins`, issue 31), one row per plug-in and format, kept in step
 * with `songs.meta` by triggers (migrations `0016_song_plugins`, `0024_plugin_name_key`): `plugin:"Serum"` and the
 * Plugins view are index lookups and one grouping, not a parse of every song's `meta`. `nameKey` is the name's key
 * (`pluginNameKey`, the website's fold too), which they compare and group by.
 */
export const songPlugins = sqliteTable(
  'song_plugins',
  {
    songSeq: integer('song_seq').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    format: text('format').notNull(),
    instances: integer('instances').notNull(),
  },
  (t) => [index('song_plugins_name_key').on(t.nameKey, t.format, t.songSeq), index('song_plugins_song').on(t.songSeq)],
);

/**
 * The plug-ins installed on this computer (issue 31), one row for each name a plug-in answers to (`installedNames`),
 * replaced whole on each look through the standard folders (`main/plugins/installed-plugins.ts`). A song's plug-in is
 * here when a row has its name key (`pluginNameKey`) and format.
 */
export const installedPlugins = sqliteTable(
  'installed_plugins',
  {
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    format: text('format').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('installed_plugins_name_key').on(t.nameKey, t.format)],
);

/** `CASE column WHEN 'first' THEN 0 ... ELSE n END`: an ordered list's position, for sorting by meaning. */
function rankSql(column: string, values: readonly string[]) {
  return sql.raw(`CASE "${column}" ${values.map((value, index) => `WHEN '${value}' THEN ${index}`).join(' ')} ELSE ${values.length} END`);
}

export const views = sqliteTable('views', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  type: text('type').notNull(),
  /** JSON: { column, direction } or null. */
  sortConfig: text('sort_config'),
  /** JSON array of filters. */
  activeFilters: text('active_filters').notNull().default('[]'),
  /** JSON object: column id -> shown. */
  columnVisibility: text('column_visibility').notNull().default('{}'),
  /** JSON array: column ids in the user's order. */
  columnOrder: text('column_order').notNull().default('[]'),
  /** JSON object: column id -> width in pixels. */
  columnWidths: text('column_widths').notNull().default('{}'),
  /** How a custom view shows its songs: the table, or a board with a column per status (issue 32). */
  layout: text('layout').notNull().default('table'),
  path: text('path').notNull(),
  directoryPath: text('directory_path'),
  position: integer('position').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  modifiedAt: integer('modified_at').notNull(),
  supabaseId: text('supabase_id'),
});

/**
 * Custom views and fields a pull removed because the cloud no longer had them, with their data (the view or field
 * object as JSON), kept 30 days: such a removal is never silent nor beyond recovery. Removed songs need no copy:
 * they stay in `songs`, hidden, with `removed_by_sync_at`.
 */
export const removedBySync = sqliteTable('removed_by_sync', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tableName: text('table_name').notNull(),
  recordId: text('record_id').notNull(),
  data: text('data').notNull(),
  removedAt: integer('removed_at').notNull(),
});

/** User-defined song fields (columns); each song keeps its values in `songs.custom` under the field's id. */
export const customFields = sqliteTable(
  'custom_fields',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** JSON array of strings: a select's choices, in order. */
    options: text('options').notNull().default('[]'),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    modifiedAt: integer('modified_at').notNull(),
  },
  // Names are unique whatever their case: two columns called "Mood" and "mood" would be indistinguishable.
  (t) => [uniqueIndex('custom_fields_name_nocase').on(sql`${t.name} COLLATE NOCASE`)],
);

export const directories = sqliteTable('directories', {
  id: text('id').primaryKey(),
  path: text('path').notNull().unique(),
  viewId: text('view_id'),
  addedAt: integer('added_at').notNull(),
  lastScanAt: integer('last_scan_at'),
});

/** The scan index: what a scan saw of each file last time, so the next one reads only what changed. */
export const files = sqliteTable(
  'files',
  {
    path: text('path').primaryKey(),
    directoryId: text('directory_id').notNull(),
    size: integer('size').notNull(),
    mtimeMs: integer('mtime_ms').notNull(),
    inode: integer('inode').notNull(),
    kind: text('kind').notNull(),
    /** Hash of the size and first bytes of a session file: finds a moved project whose inode changed. */
    contentHash: text('content_hash'),
    songId: text('song_id'),
    seenAt: integer('seen_at').notNull(),
  },
  (t) => [index('files_directory').on(t.directoryId), index('files_song').on(t.songId)],
);

export const userSettings = sqliteTable('user_settings', {
  id: text('id').primaryKey(),
  /** JSON array of paths. */
  projectDirectories: text('project_directories').notNull().default('[]'),
  updatedAt: integer('updated_at').notNull(),
});

/** The local copy of the user's subscription; the cloud's is the truth. */
export const subscription = sqliteTable('subscription', {
  userId: text('user_id').primaryKey(),
  tier: text('tier').notNull(),
  status: text('status').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const syncRecords = sqliteTable(
  'sync_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    /** JSON: the record as it was written. */
    data: text('data').notNull(),
    timestamp: integer('timestamp').notNull(),
    synced: integer('synced', { mode: 'boolean' }).notNull().default(false),
    syncedAt: integer('synced_at'),
  },
  (t) => [index('sync_records_unsynced').on(t.synced, t.id), index('sync_records_record').on(t.recordId)],
);

export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    /** JSON input of the task. */
    payload: text('payload').notNull().default('{}'),
    state: text('state').notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: integer('run_after').notNull(),
    heartbeatAt: integer('heartbeat_at'),
    lastError: text('last_error'),
    /** 0 to 1. */
    progress: real('progress').notNull().default(0),
    result: text('result'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('jobs_claim').on(t.state, t.priority, t.runAfter),
    uniqueIndex('jobs_dedupe_live')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL AND ${t.state} IN ('queued', 'running')`),
  ],
);

/**
 * What the analysis heard in an audio file (issue 18), by the file's content fingerprint: a moved, renamed or
 * copied file is not analysed again, and a re-scan analyses nothing it has analysed with this `version`.
 */
export const audioAnalyses = sqliteTable('audio_analyses', {
  fingerprint: text('fingerprint').primaryKey(),
  version: integer('version').notNull(),
  /** JSON: the `AudioAnalysis`, or `{ "error": reason }` for a file that could not be analysed. */
  result: text('result').notNull(),
  analysedAt: integer('analysed_at').notNull(),
});

/** Small values: last sync time, storage usage. */
export const kv = sqliteTable('kv', {
  key: text('key').primaryKey(),
  /** JSON. */
  value: text('value').notNull(),
});

/**
 * The listening links this computer made (issue 33): the cloud keeps only each token's hash, so the token (the link's
 * address) is kept here, to be listed and copied again and to revoke by. The cloud says whether a link still works.
 * A link follows its song (issue 42): moved with it when it is merged into its twin (`moveSharesToSong`), revoked when
 * it is deleted for good (migration 0022's trigger, which marks the cloud's revoke pending until it is made).
 */
export const songShares = sqliteTable(
  'song_shares',
  {
    token: text('token').primaryKey(),
    songId: text('song_id').notNull(),
    /** The cloud's id of the link (its comments are filed under it). */
    cloudId: text('cloud_id').notNull(),
    url: text('url').notNull(),
    expiresAt: integer('expires_at').notNull(),
    hasPassword: integer('has_password', { mode: 'boolean' }).notNull(),
    allowDownload: integer('allow_download', { mode: 'boolean' }).notNull(),
    versionPath: text('version_path'),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
    /** How many comments the link takes (the cloud's `comment_cap`), as last set or read here. */
    commentCap: integer('comment_cap').notNull().default(1000),
    /** Its song was deleted for good here: the cloud's revoke is still to be made (`share_revoke`). */
    revokePending: integer('revoke_pending', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('song_shares_song').on(t.songId)],
);

/** What the listeners of this computer's links wrote (issue 33), pulled from the cloud: read offline, counted here. */
export const songComments = sqliteTable(
  'song_comments',
  {
    id: text('id').primaryKey(),
    songId: text('song_id').notNull(),
    atS: real('at_s').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    resolved: integer('resolved', { mode: 'boolean' }).notNull(),
    fromOwner: integer('from_owner', { mode: 'boolean' }).notNull(),
    verdict: text('verdict'),
    /** The cloud's id of the link it was written on (null until pulled again after migration 0022): counted per link. */
    shareId: text('share_id'),
  },
  (t) => [index('song_comments_song').on(t.songId, t.atS), index('song_comments_share').on(t.shareId)],
);
