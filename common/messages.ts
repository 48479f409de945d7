/**
 * User-facing texts. The spec's texts are copied exactly (section 5 and 8); the others are ours and say what
 * happened and what to do next.
 */

export const MESSAGES = {
  customViewLimit:
    "You've reached the limit of 3 custom views on the Free tier. Upgrade to Pro for unlimited custom views!",
  directoryLimit:
    "You've reached the limit of 3 project directories on the Free tier. Upgrade to Pro for unlimited directories!",
  songUpdateFailed: 'Failed to update song in local database',
  songAddFailed: 'Failed to add song to local database',
  subscriptionVerifyFailed: 'Failed to verify local subscription update',
  notFoundTitle: 'Page Not Found',
  notFoundBody: "Oops! The page you're looking for doesn't exist or has been moved.",
  hiddenViewUndeletable: 'The Hidden view cannot be deleted.',
  lastCustomViewUndeletable: 'The last custom view cannot be deleted.',
  viewNotFound: 'That view no longer exists.',
  songNotFound: 'That song no longer exists.',
  fieldNotFound: 'That field no longer exists.',
  folderNotWatched: 'That folder is not watched.',
  signInToReadPlan: 'Sign in to read your plan.',
  songHasNoCloudAudio: 'This song has no audio in the cloud.',
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
