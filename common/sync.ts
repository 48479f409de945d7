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
}

export interface SyncStatus {
  signedIn: boolean;
  running: boolean;
  lastSync: number | null;
  pending: number;
  lastError: string | null;
}
