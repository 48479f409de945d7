/** Sync as the renderer sees it: who the core syncs for, what a run did, and the state the UI shows. */
import { z } from 'zod';

/**
 * The signed-in user's access token, handed to the core by the page that holds the session (and again on every
 * refresh), so the core's sync acts as that user and nobody else: the cloud checks the token, and its row level
 * security decides. Null on sign-out.
 */
export const syncSessionSchema = z.strictObject({
  session: z
    .strictObject({
      userId: z.uuid(),
      accessToken: z.string().min(20).max(16_384),
      /** Shown in the account block while offline; not trusted for anything else. */
      email: z.string().max(320).optional(),
      name: z.string().max(200).optional(),
    })
    .nullable(),
});
export type SyncSession = NonNullable<z.infer<typeof syncSessionSchema>['session']>;

/** `other_account`: the signed-in account is not the one this library syncs with (see `AccountState`). */
export type SyncSkipReason = 'signed_out' | 'no_cloud' | 'not_pro' | 'too_soon' | 'other_account';

export interface SyncReport {
  skipped: SyncSkipReason | null;
  pushed: number;
  pulled: number;
  deleted: number;
  /** HTTP requests the run made. */
  requests: number;
  /** Pulled rows skipped because they are not records Songshelf can read (too deep, too large, malformed). */
  rejected: number;
}

export interface SyncStatus {
  signedIn: boolean;
  running: boolean;
  lastSync: number | null;
  pending: number;
  lastError: string | null;
  /** Removals the last pull held back for the user to decide (DESIGN.md "Trust rules"); null when none. */
  heldRemovals: HeldRemovals | null;
}

/**
 * A pull that would remove more than 20% of the songs here, or anything when the cloud holds nothing for the
 * account, removes nothing (main/sync/removal-brake.ts). The user then keeps them (they go up to the cloud again) or
 * lets them go (to Hidden, restorable for 30 days).
 */
export interface HeldRemovals {
  songs: number;
  /** The songs here a pull could remove: the share is of these. */
  librarySongs: number;
  views: number;
  customFields: number;
  cloudEmpty: boolean;
}

export const resolveRemovalsSchema = z.strictObject({ choice: z.enum(['keep', 'remove']) });

/** The held removals in a line, the same in the account block and the notification. */
export function heldRemovalsLine(held: HeldRemovals): string {
  const songs = `${held.librarySongs} ${held.librarySongs === 1 ? 'song' : 'songs'}`;
  if (held.cloudEmpty) return held.songs > 0 ? `The cloud holds none of your ${songs}` : 'The cloud holds none of your views and fields';
  return `The cloud would remove ${held.songs} of your ${songs}`;
}
