/** The signed-in user's subscription and settings (spec section 3), and the sync records that carry changes. */
import { z } from 'zod';
import { idSchema, jsonValueSchema, pathSchema, type JsonValue } from '../bridge/schema-parts';

export const SUBSCRIPTION_TIERS = ['free', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Before anyone signs in, local data belongs to this user id. */
export const LOCAL_USER_ID = 'local';

/** An account as this computer remembers it: who, never their tokens. */
export interface KnownAccount {
  userId: string;
  email: string | null;
  name: string | null;
}

/**
 * What the account service says (`account:get`, `account:changed`):
 * - `account`: who is signed in on this computer, as last known (kept offline, until they sign out);
 * - `connection`: `online` once the cloud answered for this account since the app started, `offline` while it has
 *   not (unreachable, or not asked yet: the library never waits for it), `signed-out` when nobody is;
 * - `libraryOwner`: the one account this library syncs with (the first that synced it); another account signed
 *   in here uses the library but never syncs it, so nothing of one account reaches another's cloud.
 */
export interface AccountState {
  account: KnownAccount | null;
  tier: SubscriptionTier;
  connection: 'online' | 'offline' | 'signed-out';
  libraryOwner: KnownAccount | null;
}

/** A password sign-in: `notConfirmed` sends the user to /verify-email (spec section 4). */
export type SignInOutcome = { signedIn: true } | { signedIn: false; notConfirmed: boolean; message: string };
/** A sign-up: signed in at once (a project without confirmation), a link to confirm, or what failed. */
export type SignUpOutcome = { outcome: 'signed-in' | 'confirm-email' } | { outcome: 'failed'; message: string };

export interface Subscription {
  userId: string;
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  createdAt: number;
}

export const subscriptionUpdateSchema = z.strictObject({
  userId: idSchema.optional(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

export interface UserSettings {
  id: string;
  projectDirectories: string[];
  updatedAt: number;
}

export const userSettingsUpdateSchema = z.strictObject({
  projectDirectories: z.array(pathSchema).max(1000),
});

export const SYNC_RECORD_TYPES = ['add', 'update', 'delete'] as const;
export type SyncRecordType = (typeof SYNC_RECORD_TYPES)[number];
export const SYNCED_TABLES = ['songs', 'views', 'custom_fields', 'user_settings'] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

export interface SyncRecord {
  id: number;
  type: SyncRecordType;
  table: SyncedTable;
  recordId: string;
  data: JsonValue;
  timestamp: number;
  synced: boolean;
}

export const newSyncRecordSchema = z.strictObject({
  type: z.enum(SYNC_RECORD_TYPES),
  table: z.enum(SYNCED_TABLES),
  recordId: idSchema,
  data: jsonValueSchema,
});
export type NewSyncRecord = z.infer<typeof newSyncRecordSchema>;

/** The removal's clock is the core's: a caller's `now` would move the grace that keeps new songs. */
export const cleanDeletedSchema = z.strictObject({
  table: z.enum(['songs', 'views']),
  /** Every id the cloud still holds for this user. */
  cloudIds: z.array(idSchema).max(1_000_000),
});
