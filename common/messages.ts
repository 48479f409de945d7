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
} as const;

/** Spec section 5: the player refuses a linked file that is not on disk. */
export function audioFileNotFound(fileName: string): string {
  return `Cannot play audio: File not found (${fileName})`;
}
