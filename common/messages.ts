/**
 * User-facing texts. The spec's texts are copied exactly (section 5 and 8); the others are ours and say what
 * happened and what to do next.
 *
 * Over 300 lines: every user-facing text in one place, the spec's copied exactly.
 */

import type { CustomFieldType } from './songs/custom-fields';
import { COMPRESSION_ERRORS } from './cloud/upload-rules';

export const MESSAGES = {
  customViewLimit:
    "You've reached the limit of 3 custom views on the Free tier. Upgrade to Pro for unlimited custom views!",
  directoryLimit:
    "You've reached the limit of 3 project directories on the Free tier. Upgrade to Pro for unlimited directories!",
  songUpdateFailed: 'Failed to update song in local database',
  songAddFailed: 'Failed to add song to local database',
  subscriptionVerifyFailed: 'Failed to verify local subscription update',
  /** `db:update-subscription` asked for a tier the cloud does not give this account. */
  tierIsTheClouds: 'Your plan comes from your account. Upgrade to Pro through checkout.',
  notFoundTitle: 'Page Not Found',
  notFoundBody: "Oops! The page you're looking for doesn't exist or has been moved.",
  hiddenViewUndeletable: 'The Hidden view cannot be deleted.',
  lastCustomViewUndeletable: 'The last custom view cannot be deleted.',
  viewNotFound: 'That view no longer exists.',
  /** Spec section 8: a custom view the website updates that the cloud no longer holds (another computer removed it). */
  cloudViewNotFound: 'View not found in Supabase',
  songNotFound: 'That song no longer exists.',
  /** Issue 32: a song pinned past the focus list's limit. */
  focusListFull: (limit: number) => `Your focus list holds ${limit} ${limit === 1 ? 'song' : 'songs'}: unpin one first, or raise the limit in Studio time.`,
  fieldNotFound: 'That field no longer exists.',
  folderNotWatched: 'That folder is not watched.',
  signInToReadPlan: 'Sign in to read your plan.',
  songHasNoCloudAudio: 'This song has no audio in the cloud.',
  projectNotInLibrary: 'The project is not in a watched folder on this computer.',
  versionNotFound: 'That version is no longer in the project.',
  versionNotCopyable: 'This version cannot be opened as a copy.',
  noImportToUndo: 'There is no import to undo: it was undone already, or another import came after it.',
  /** A version file past `VERSION_FILE_MAX_BYTES` (a 1.5 GB file left in Backup/): listed, never hashed, read or snapshotted. */
  versionTooLargeToRead: 'Larger than 512 MB: listed, but not read or compared.',
  snapshotsPausedTitle: 'Snapshots paused: the disk is nearly full',
  snapshotsPausedBody:
    "Less than 2 GB is free on the disk that holds Songshelf's data, so no new snapshots of your sessions are kept. The ones kept so far stay, and snapshots start again by themselves once there is room.",
  // Accounts (spec sections 4, 5 and 8).
  weakPassword:
    'Password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one number, and one special character.',
  passwordsDiffer: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  invalidName: 'Please enter a valid name',
  emailNotVerified: 'Your email is not verified. Please check your inbox and verify your email before logging in.',
  emailRegisteredWithGoogle: "This email is already registered with Google. Please sign in using the 'Continue with Google' button.",
  signUpFailed: 'An error occurred during signup. Please try again.',
  /** The auth service (and supabase-js before it) to a sign-up without an address or a password. */
  signUpNeedsCredentials: 'You must provide either an email or phone number and a password',
  googleSignUpFailed: 'An error occurred during Google sign up',
  callbackMissingTokens: 'Authentication failed: Missing tokens',
  callbackSessionUnverified: 'Failed to verify session',
  /** A sign-in callback (a link, a redirect) that this app did not start: it changes nothing. */
  callbackNotStarted: 'This sign-in was not started in Songshelf, so it was ignored. Sign in from the login page.',
  // The account a library belongs to (DESIGN.md "The account").
  libraryOfOtherAccount: 'This library syncs with another account. Sign in with that account to sync it.',
  // The pro upgrade's return (spec section 4).
  upgradeWrongUser: 'This upgrade belongs to another account. Sign in with the account that paid, then open the link again.',
  upgradeNotConfirmed: 'Your payment has not been confirmed yet. Nothing was changed; try again in a moment.',
  upgradeDone: 'Welcome to Pro. Your library is syncing to the cloud.',
  upgradeSyncFailed: 'You are on Pro. The first sync could not finish; it will try again by itself.',
  // The account's session and the cloud.
  cloudNotReady: 'Songshelf cannot reach its cloud yet. Try again in a moment.',
  googleSignInNotStarted: 'Google sign-in could not start.',
  checkoutNotStarted: 'The checkout could not start. Try again in a moment.',
  sessionNotEncryptable: 'This computer cannot encrypt the session, so it is not kept.',
  tokenOfAnotherUser: 'The access token does not belong to this user.',
  /** The pro storage cap met (spec section 6), told once until room is made: main/sync/storage-cap.ts. */
  storageFullTitle: 'Your cloud storage is full',
  storageFullBody:
    'Your audio in the cloud has reached 1 GiB, all Pro holds. New audio is not uploaded, and new songs stay on this computer, until you make room (delete songs whose audio you no longer need). Edits to the songs already in the cloud still sync.',
  signInToRemoveCloudFiles: 'Sign in to remove files from the cloud.',
  signInToPlayCloudAudio: 'Sign in to play audio from the cloud.',
  /** Spec section 8: an upload whose file held no bytes. */
  noFileData: 'No file data received.',
  // Paths and links the core is asked to touch (main/security/).
  pathNotAbsolute: 'The path must be absolute.',
  pathHasNul: 'The path contains a NUL character.',
  folderPathNotFull: 'Give the full path of the folder.',
  outsideLibraryFolders: 'Songshelf only reads files inside your watched folders and its own data.',
  /** A write that found the data folder's disk full (SQLite's SQLITE_FULL; the OS's ENOSPC or EDQUOT on a path in it). */
  diskFull: 'The disk that holds your library is full',
  diskFullBody: 'Songshelf keeps what it has and carries on by itself once there is space again: free some space on that disk.',
  networkPathRefused: 'Songshelf never opens network or device paths (\\\\server\\share, //server, \\\\?\\).',
  ownDataNotReadable: 'Songshelf never reads its own database, keys or logs through the file channels.',
  linkNotAnAddress: 'That link is not a valid address.',
  linkHasNoHost: 'That link has no host.',
  // What the browser host's OS programs were asked to do, when they cannot start.
  openLinkFailed: 'Could not open the link',
  showFileFailed: 'Could not show the file',
  openFileFailed: 'Could not open the file',
  // Filters.
  dateFilterNotText: 'Dates can be filtered by range, not by text.',
  rangeFilterNotNumeric: 'Range filters apply to tempo and dates only.',
  unknownCustomField: 'That field does not exist.',
  // The worker pool.
  workerPoolClosed: 'The worker pool closed.',
  timeLimitPassed: 'Time limit passed.',
} as const;

/** Spec section 5: the login form after 5 failed attempts for an email within 15 minutes. */
export function tooManyLoginAttempts(minutes: number): string {
  return `Too many login attempts. Please try again in ${minutes} minutes.`;
}

/** Spec section 8: Google and OAuth callback failures are shown as an alert with this text. */
export function authenticationError(message: string): string {
  return `Authentication Error: ${message}`;
}

/** A call the cloud did not answer; `detail` is what the connection said. */
export function cloudUnreachable(detail: string): string {
  return `The cloud could not be reached: ${detail}`;
}

/** A bridge call that failed inside the core; its error is logged there, not sent to the window. */
export function callFailed(channel: string): string {
  return `Songshelf could not complete ${channel}. The error was logged.`;
}

// Files the bridge reads or opens for the window.
export function notAFile(filePath: string): string {
  return `${filePath} is not a file.`;
}

export function fileTooLargeToRead(filePath: string, size: string, limit: string): string {
  return `${filePath} is ${size}; Songshelf reads files up to ${limit} this way.`;
}

export function notOpenable(fileName: string): string {
  return `Songshelf opens only sessions and audio files, not ${fileName}.`;
}

export function fileNotFound(filePath: string): string {
  return `File not found: ${filePath}`;
}

export function fileNotReadable(filePath: string, code: string): string {
  return `Could not read ${filePath} (${code}).`;
}

// Custom fields and tags.
export function customFieldLimit(max: number): string {
  return `You can have up to ${max} custom fields. Remove one you no longer use to add another.`;
}

export function notASelectField(fieldName: string): string {
  return `${fieldName} is not a select field, so it has no options.`;
}

export function duplicateFieldName(fieldName: string): string {
  return `There is already a field called “${fieldName}”. Choose another name.`;
}

export function tooManyTags(max: number): string {
  return `A song can have at most ${max} tags.`;
}

/** Spec section 5: the player refuses a linked file that is not on disk. */
export function audioFileNotFound(fileName: string): string {
  return `Cannot play audio: File not found (${fileName})`;
}

// The account's session and the cloud.
export function cloudDidNotRemove(detail: string): string {
  return `The cloud did not remove the file: ${detail}`;
}

export function cloudDidNotSign(detail: string | undefined): string {
  return `The cloud did not sign the file: ${detail ?? 'no answer'}`;
}

// Paths, folders and links the core is asked to touch (main/security/, the OS shells).
export function folderNotFound(folder: string): string {
  return `Folder not found: ${folder}`;
}

/** A watched folder gone from the disk (deleted, renamed, its drive unplugged), told once: main/library/watch-list.ts. */
export function watchedFolderMissing(folder: string): { title: string; body: string } {
  return { title: 'A watched folder is missing', body: `${folder} is not there. Its songs stay as they are; Songshelf watches it again when it is back.` };
}

export function notAFolder(folder: string): string {
  return `${folder} is a file, not a folder.`;
}

export function linkProtocolRefused(protocol: string): string {
  return `Songshelf opens only web and mail links, not ${protocol} links.`;
}

export function notAWindowsPath(target: string): string {
  return `${target} is not a valid Windows path.`;
}

/** Electron's `shell.openPath` failed; `reason` is what it said. */
export function pathNotOpened(target: string, reason: string): string {
  return `Could not open ${target}: ${reason}`;
}

/** An OS program that could not start: `failure` says what it was for (`MESSAGES.openLinkFailed`, ...). */
export function launchFailed(failure: string, reason: string): string {
  return `${failure}: ${reason}`;
}

// What an upload may read (main/security/audio-file.ts).
const UPLOADS_AUDIO_ONLY = 'Songshelf uploads audio files only';

export function notAnAudioFileName(fileName: string): string {
  return `${UPLOADS_AUDIO_ONLY}: ${fileName} is not one.`;
}

export function notAudioContent(fileName: string): string {
  return `${UPLOADS_AUDIO_ONLY}: ${fileName} does not contain audio.`;
}

export function audioOutsideLibrary(fileName: string): string {
  return `Songshelf uploads only audio inside your watched folders and its own data: ${fileName} is outside them.`;
}

export function noLocalAudioToUpload(songName: string): string {
  return `${songName} has no audio file on this computer to upload.`;
}

/** A write that found another disk full than the library's (a project drive, a copy's folder): said with its file. */
export function noSpaceLeftFor(target: string | null): string {
  if (target === null) return 'A disk Songshelf was writing to is full. Free some space on it and try again.';
  return `There is no space left on the disk for ${target}. Free some space on that disk and try again.`;
}

// One process per library (main/instance-lock.ts).
export function libraryOpenHere(dataDir: string): string {
  return `Songshelf already has this library open (${dataDir}).`;
}

export function libraryOpenElsewhere(dataDir: string, pid: number): string {
  return `Songshelf is already running on this library (${dataDir}, process ${pid}). Close it first.`;
}

// Scans, workers and their time limits.
export function folderNotReadable(folder: string, reason: string): string {
  return `${folder}: ${reason}`;
}

/** Not an error: the reason a file the scan goes on without could not be read. */
export function readTookTooLong(limit: string): string {
  return `took longer than ${limit} to read, and was stopped`;
}

export function walkTookTooLong(root: string, limit: string): string {
  return `Reading the folders of ${root} took longer than ${limit}, and was stopped.`;
}

export function compressionTookTooLong(input: string, limit: string): string {
  return `Compressing ${input} took longer than ${limit}, and was stopped.`;
}

export function workerStartTookTooLong(limit: string): string {
  return `A worker took longer than ${limit} to start.`;
}

// Compressed copies (main/media/compression.ts).
/** Spec section 8's text, then the last attempt's reason and what ffmpeg said, when it said anything. */
export function compressionAttemptsFailed(reason: string, detail: string | undefined): string {
  return `${COMPRESSION_ERRORS.allAttemptsFailed} (${reason}${detail ? `: ${detail}` : ''})`;
}

export function notOwnCompressedCopy(requested: string): string {
  return `Songshelf only deletes its own compressed copies, not ${requested}.`;
}

export function fileNotDeleted(requested: string, code: string | undefined): string {
  return `Could not delete ${requested}: ${code ?? 'unknown error'}`;
}

// Files the window saves into the library (main/files/local-files.ts).
export function chunkOffsetMismatch(fileName: string, offset: number, received: number): string {
  return `This chunk of ${fileName} starts at byte ${offset}, but Songshelf has received ${received} bytes of it so far.`;
}

export function fileTooLargeToSave(fileName: string, limit: string): string {
  return `${fileName} is larger than ${limit}, the most Songshelf saves this way.`;
}

export function uploadNotOpen(fileName: string): string {
  return `The upload of ${fileName} is not open: it finished, was never started, or sat idle too long. Please add the file again.`;
}

export function chunkOfAnotherUpload(fileName: string, uploadFileName: string): string {
  return `This chunk belongs to ${fileName}, but the upload it names is ${uploadFileName}.`;
}

export function previousChunkStillSaving(fileName: string): string {
  return `The previous chunk of ${fileName} is still being saved; send the next one after it.`;
}

export function tooManyFilesSaving(max: number): string {
  return `Songshelf is already saving ${max} files. Try again when one of them is done.`;
}

export function unusableFileName(fileName: string): string {
  return `${fileName} is not a usable file name.`;
}

// What a decoder may read (common/audio/media.ts `decodableAudioOf`): the kind its name says, by its bytes.
/** `kind`: "a WAV file", "an MP3 file"... */
export function notTheAudioItsNameSays(fileName: string, kind: string): string {
  return `${fileName} is not ${kind}: its content is not what its name says, so Songshelf did not decode it.`;
}

export function notDecodableAudio(fileName: string): string {
  return `${fileName} is not audio Songshelf decodes (WAV, AIFF, FLAC or MP3), so it was not decoded.`;
}

export function notPlayableAudio(fileName: string): string {
  return `${fileName} is not audio Songshelf can play (WAV, AIFF, FLAC, MP3, M4A, AAC or Ogg).`;
}

export function notAKnownSession(fileName: string): string {
  return `${fileName} is not a session Songshelf knows (an Ableton Live set or a Pro Tools session).`;
}

export function chunkNotBase64(fileName: string): string {
  return `A chunk of ${fileName} is not valid base64.`;
}

export function fileNotSaved(fileName: string, code: string): string {
  return `Could not save ${fileName} (${code}).`;
}

// Custom field values and filters.
const CUSTOM_VALUE_KINDS: Record<CustomFieldType, string> = {
  text: 'text',
  number: 'a number',
  singleSelect: 'one of its options',
  multiSelect: 'options from its list',
  date: 'a date (YYYY-MM-DD)',
  checkbox: 'yes or no',
};

/** A value a custom field of this type cannot hold. */
export function customValueRefused(fieldName: string, type: CustomFieldType): string {
  return `${fieldName} takes ${CUSTOM_VALUE_KINDS[type]}.`;
}

export function rangeFilterNotNumericField(fieldName: string): string {
  return `Range filters apply to numbers and dates; ${fieldName} is neither.`;
}

// The search box's operators (common/views/search-syntax.ts); `name` is the operator as typed, without its colon.
export function searchTakesTempo(name: string): string {
  return `${name}: takes a tempo or a range, such as ${name}:120-128.`;
}

export function searchTakesRange(name: string): string {
  return `${name}: takes a number or a range, such as ${name}:-14..-8.`;
}

export function searchTakesKey(name: string): string {
  return `${name}: takes a musical key, such as ${name}:Am or ${name}:"F# minor".`;
}

export function searchValueAmbiguous(name: string, text: string, candidates: readonly string[]): string {
  return `${name}:${text} could be ${listOr(candidates)}; type a little more.`;
}

export function searchTakesOneOf(name: string, values: readonly string[]): string {
  return `${name}: takes ${listOr(values)}.`;
}

export function searchTakesDaw(name: string, daws: readonly string[]): string {
  return `${name}: takes ${listOr(daws)}, such as ${name}:ableton.`;
}

export function searchTakesBoolean(name: string): string {
  return `${name}: takes true, false or plugins.`;
}

/** "a, b or c". */
function listOr(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1) ?? ''}`;
}

/**
 * "Failed to update song in local database: <what went wrong>", the spec's text once: the core may have put it
 * before its reason already (a song that no longer exists), and the page adds it before any other reason.
 */
export function failureText(spec: string, detail: string): string {
  return detail === spec || detail.startsWith(`${spec}: `) ? detail : `${spec}: ${detail}`;
}
