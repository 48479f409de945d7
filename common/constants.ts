/**
 * Business constants of the specification (section 9 and the rules of sections 3 to 6), named for what they
 * mean. Every other file reads them from here: a rule's number lives in one place.
 */

export const APP_NAME = 'Songshelf';
export const APP_VERSION = '1.0.3';
/** The website's footer year and the date its legal pages were last updated (spec section 9). */
export const FOOTER_YEAR = 2025;
export const LEGAL_PAGES_UPDATED = 'April 2024';

/** Song defaults (spec section 3 and 9). */
export const DEFAULT_PRIORITY = 'Medium';
export const DEFAULT_TIER = 'C';
export const DEFAULT_STATUS = 'Backlog';

/** Free tier limits (spec section 5 and 6). */
export const FREE_TIER_MAX_CUSTOM_VIEWS = 3;
export const FREE_TIER_MAX_DIRECTORIES = 3;

/** Default views created on first start (spec section 3). */
export const DEFAULT_VIEW_ALL_SONGS = 'All Songs';
export const DEFAULT_VIEW_HIDDEN = 'Hidden';

/** Sync: songs created this recently are never deleted by a pull (spec section 4 and 9). */
export const SYNC_RECENT_SONG_GRACE_MS = 5 * 60 * 1000;
/**
 * Sync's brake on removals (DESIGN.md "Trust rules"): a pull that would remove more than this share of the songs
 * here removes nothing until the user chooses (any removal at all when the cloud holds nothing for the account).
 */
export const SYNC_REMOVAL_BRAKE_SHARE = 0.2;
/** Songs a pull removed wait in Hidden this long, restorable, before they are deleted for good (views and fields' copies too). */
export const SYNC_REMOVED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** A song deleted for good keeps its snapshots this long (the sweep removes them after: main/versions/snapshot-sweep.ts). */
export const DELETED_SONG_SNAPSHOTS_KEPT_MS = SYNC_REMOVED_KEPT_MS;
/** Sync timing (spec section 9): a sync is skipped when the last one ended this recently. */
export const SYNC_SKIP_IF_LAST_WITHIN_MS = 5000;
/** Auto-sync after changes: debounced, and never closer than this to the previous run. */
export const AUTO_SYNC_DEBOUNCE_MS = 3000;
export const AUTO_SYNC_MIN_GAP_MS = 5000;
/** Periodic sync, the first one soon after start. */
export const PERIODIC_SYNC_MS = 60_000;
export const FIRST_PERIODIC_SYNC_MS = 5000;
/** The upload repair pass (songs left with needsUploadRetry) runs at most this often, and remembers this many ids. */
export const UPLOAD_REPAIR_INTERVAL_MS = 10_000;
export const UPLOAD_REPAIR_MEMORY = 100;
/** Pulled songs are written in batches of this many. */
export const PULLED_SONGS_BATCH = 5;

/** Sign-up (spec section 5 and 9): the shortest password, and the shortest name once trimmed. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
/** Accounts (spec section 5 and 9): a login form refuses an email after this many failures within the window. */
export const LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** On the web, a user idle over this long is signed out (spec section 4 and 9), checked this often. */
export const IDLE_SIGN_OUT_MS = 30 * 60 * 1000;
export const IDLE_CHECK_MS = 60 * 1000;

/** Directory scan and watching (spec section 9): changes seen in a watched folder are debounced this long per folder. */
export const WATCH_DEBOUNCE_MS = 5000;
/** Every watched folder is rescanned this often, and one folder is never scanned twice closer than this. */
export const RESCAN_INTERVAL_MS = 5 * 60 * 1000;
export const MIN_SCAN_GAP_MS = 5000;
/**
 * Spec section 9, "flush every 20 updates", as the user sees it (issue 45's decision): a scan's new songs are told to
 * the page at least every 20 songs or every 100 ms, whichever comes first; a commit may hold more songs than that.
 */
export const SCAN_TELL_EVERY_SONGS = 20;
export const SCAN_TELL_EVERY_MS = 100;
/**
 * The watch list is read again this often (spec section 9): on the desktop, its watched folders (a folder removed
 * behind the app's back, one the user's settings gained from the cloud); on the website, the folders the user's
 * computers watch, as the cloud's settings hold them.
 */
export const WATCH_LIST_REFRESH_DESKTOP_MS = 5 * 60 * 1000;
export const WATCH_LIST_REFRESH_WEB_MS = 30 * 1000;

const MB = 1024 * 1024;
/** Audio above this, after any compression, is not uploaded (spec section 9: 50 MB, 52428800 bytes). */
export const MAX_UPLOAD_BYTES = 50 * MB;
/** Compression (spec section 9): below this a file is uploaded as it is; above these it gets a lower bitrate. */
export const COMPRESSION_MIN_BYTES = 5 * MB;
export const COMPRESSION_LOW_BITRATE_ABOVE_BYTES = 50 * MB;
export const COMPRESSION_MEDIUM_BITRATE_ABOVE_BYTES = 20 * MB;
/** Compression is tried this many times, this long apart. */
export const COMPRESSION_ATTEMPTS = 2;
export const COMPRESSION_RETRY_DELAY_MS = 1000;
/** Upload timeout (spec section 9): the smaller of the cap and the base plus so much per MB. */
export const UPLOAD_TIMEOUT_MAX_SECONDS = 300;
export const UPLOAD_TIMEOUT_BASE_SECONDS = 60;
export const UPLOAD_TIMEOUT_SECONDS_PER_MB = 6;
export const MAX_CONCURRENT_UPLOADS = 3;
/** Upload results remembered (the newest this many). */
export const UPLOAD_RESULT_CACHE_SIZE = 100;
/** Signed URLs for playback are valid this long (spec section 7 and 9). */
export const SIGNED_URL_SECONDS = 3600;

/** A processing flag older than this is cleared (spec section 4 and 9). */
export const PROCESSING_FLAG_EXPIRY_MS = 2 * 60 * 1000;

/** Pro storage cap: 1 GiB (spec section 6 and 9). */
export const PRO_STORAGE_CAP_BYTES = 1024 * 1024 * 1024;
/**
 * The largest `data` of one cloud row (song, view, custom field) and the largest settings list, in bytes of the JSON
 * text the database prints (`octet_length(data::text)`, cloud/migrations/0005_plan.sql; `cloudDataBytes`). Not in
 * the spec: it bounds what a client can store in one row. A song at every limit the app sets on what a user types
 * (name 500 characters, notes 100,000, 200 tags of 100, five paths of 4,096) comes to about 415 KB even written
 * all in a three-byte script (CJK): it fits. Lists read from project files are shortened to fit (`fitCloudSong`);
 * only a song that adds many long custom values, or thousands of control characters (printed as six bytes each), to
 * the longest notes can pass it, and sync keeps that one here, unsynced.
 */
export const CLOUD_DATA_MAX_BYTES = 512 * 1024;
/** Objects one storage list request asks for (spec section 9). */
export const STORAGE_LIST_LIMIT = 1000;

/**
 * Bridge limits. Not in the spec: they keep a hostile or buggy renderer from making the core allocate without
 * bound. Names and notes are short texts; paths stay under what any OS accepts.
 */
export const MAX_NAME_LENGTH = 500;
export const MAX_TEXT_LENGTH = 100_000;
export const MAX_PATH_LENGTH = 4096;
export const MAX_TAGS = 200;
/** Songs one bulk action may touch: a whole selection of a large view, in one transaction. */
export const MAX_BULK_SONGS = 50_000;
export const MAX_PAGE_SIZE = 500;
export const MAX_SEARCH_LENGTH = 500;
/** readFile answers at most this much; larger files are refused with a clear error. */
export const MAX_READ_FILE_BYTES = 64 * 1024 * 1024;

/** The address the website's legal pages and docs give for questions (spec section 2: privacy and terms). */
export const CONTACT_EMAIL = 'hello@songshelf.app';

/** The path of the browser host's bridge (a WebSocket on the host's own port): the server answers it, the web renderer opens it. */
export const BRIDGE_PATH = '/bridge';

/** Issue 32: a song's next step is one line. */
export const NEXT_STEP_MAX_LENGTH = 200;
/** Issue 32: how many songs the focus list holds until the user sets another limit. */
export const DEFAULT_FOCUS_LIMIT = 5;
