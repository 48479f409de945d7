/**
 * The account signed in on this computer (as last known, so the library opens offline), the account the library
 * syncs with, each account's cached subscription and sync state, the library's settings and small values (storage
 * usage). The library's settings row belongs to `LOCAL_USER_ID`: the folders are this computer's library's, whoever
 * signs in.
 */
import { eq, getTableName } from 'drizzle-orm';
import {
  LOCAL_USER_ID,
  type KnownAccount,
  type Subscription,
  type SubscriptionStatus,
  type SubscriptionTier,
  type UserSettings,
} from '../../common/cloud/account';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import { inTransaction, type Db } from '../handle';
import { parseJsonColumn } from '../rows/json-column';
import { kv, subscription, userSettings } from '../schema';
import { cachedStatement } from '../statements';
import { writeSyncRecord } from './sync-records';

const KV_CURRENT_USER = 'auth.current_user_id';
const KV_SIGNED_IN = 'account.signed_in';
const KV_LIBRARY_OWNER = 'account.library_owner';
const KV_STORAGE_USAGE = 'storage.used_bytes';
/** Sync state is kept per account: another account's cursors or last sync never steer this one's pull. */
export const accountSyncKey = (userId: string, name: string) => `sync.${userId}.${name}`;

/**
 * Read through a prepared statement, not drizzle: every song write asks for a value or two (the storage cap, the
 * account), and building the query each time cost a first scan about as much as its 20,000 songs' sync records.
 */
export function getKv<T>(db: Db, key: string, fallback: T): T {
  const row = cachedStatement(db, `SELECT "value" FROM "${getTableName(kv)}" WHERE "${kv.key.name}" = ?`).get(key) as { value: string } | undefined;
  return row ? parseJsonColumn<T>(row.value, fallback) : fallback;
}

export function setKv(db: Db, key: string, value: unknown): void {
  const text = JSON.stringify(value);
  db.orm.insert(kv).values({ key, value: text }).onConflictDoUpdate({ target: kv.key, set: { value: text } }).run();
}

export function currentUserId(db: Db): string {
  return getKv(db, KV_CURRENT_USER, LOCAL_USER_ID);
}

/** The account signed in here, kept (without its tokens) until it signs out, so the library opens offline. */
export function getSignedInAccount(db: Db): KnownAccount | null {
  return knownAccount(getKv<unknown>(db, KV_SIGNED_IN, null));
}

export function setSignedInAccount(db: Db, account: KnownAccount | null): void {
  if (account) setKv(db, KV_SIGNED_IN, account);
  else db.orm.delete(kv).where(eq(kv.key, KV_SIGNED_IN)).run();
}

/** The one account this library syncs and uploads with: the first that did. Null until one has. */
export function getLibraryOwner(db: Db): KnownAccount | null {
  return knownAccount(getKv<unknown>(db, KV_LIBRARY_OWNER, null));
}

export function setLibraryOwner(db: Db, account: KnownAccount): void {
  setKv(db, KV_LIBRARY_OWNER, account);
}

function knownAccount(value: unknown): KnownAccount | null {
  if (!value || typeof value !== 'object') return null;
  const { userId, email, name } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || userId === '') return null;
  return { userId, email: typeof email === 'string' ? email : null, name: typeof name === 'string' ? name : null };
}

/** The signed-in account's subscription (cached); nobody signed in, or an account with none, is on an active free one (spec section 4). */
export function getSubscription(db: Db): Subscription {
  const userId = getSignedInAccount(db)?.userId ?? LOCAL_USER_ID;
  const row = db.orm.select().from(subscription).where(eq(subscription.userId, userId)).get();
  return row ? subscriptionFromRow(row) : { userId, tier: 'free', status: 'active', createdAt: 0 };
}

/** The tier that sets what the user can do: a cancelled subscription is free. */
export function effectiveTier(db: Db): SubscriptionTier {
  const current = getSubscription(db);
  return current.status === 'active' ? current.tier : 'free';
}

export function updateSubscription(
  db: Db,
  update: { userId?: string; tier: SubscriptionTier; status: SubscriptionStatus },
): Subscription {
  const userId = update.userId ?? getSignedInAccount(db)?.userId ?? LOCAL_USER_ID;
  const values = { userId, tier: update.tier, status: update.status, createdAt: db.now() };
  db.orm
    .insert(subscription)
    .values(values)
    .onConflictDoUpdate({ target: subscription.userId, set: { tier: values.tier, status: values.status } })
    .run();
  const stored = db.orm.select().from(subscription).where(eq(subscription.userId, userId)).get();
  if (!stored || stored.tier !== update.tier || stored.status !== update.status) {
    throw new AppError('db_error', MESSAGES.subscriptionVerifyFailed);
  }
  return subscriptionFromRow(stored);
}

function subscriptionFromRow(row: typeof subscription.$inferSelect): Subscription {
  return {
    userId: row.userId,
    tier: row.tier as SubscriptionTier,
    status: row.status as SubscriptionStatus,
    createdAt: row.createdAt,
  };
}

export function getUserSettings(db: Db): UserSettings {
  const id = currentUserId(db);
  const row = db.orm.select().from(userSettings).where(eq(userSettings.id, id)).get();
  if (!row) return { id, projectDirectories: [], updatedAt: 0 };
  return {
    id: row.id,
    projectDirectories: parseJsonColumn<string[]>(row.projectDirectories, []),
    updatedAt: row.updatedAt,
  };
}

export function updateUserSettings(db: Db, update: { projectDirectories: string[] }): UserSettings {
  return inTransaction(db, () => {
    const settings: UserSettings = {
      id: currentUserId(db),
      projectDirectories: [...new Set(update.projectDirectories)],
      updatedAt: db.now(),
    };
    const columns = { projectDirectories: JSON.stringify(settings.projectDirectories), updatedAt: settings.updatedAt };
    db.orm
      .insert(userSettings)
      .values({ id: settings.id, ...columns })
      .onConflictDoUpdate({ target: userSettings.id, set: columns })
      .run();
    writeSyncRecord(db, { type: 'update', table: 'user_settings', recordId: settings.id });
    return settings;
  });
}

/** When the signed-in account (or, signed out, the local user) last synced this library; null: never. */
export function getLastSync(db: Db): number | null {
  return getKv<number | null>(db, accountSyncKey(getSignedInAccount(db)?.userId ?? LOCAL_USER_ID, 'last_sync_at'), null);
}

export function updateLastSync(db: Db, timestamp: number = db.now()): number {
  setKv(db, accountSyncKey(getSignedInAccount(db)?.userId ?? LOCAL_USER_ID, 'last_sync_at'), timestamp);
  return timestamp;
}

export function getStorageUsage(db: Db): number {
  return getKv(db, KV_STORAGE_USAGE, 0);
}

/** Adds (or, for a removed file, subtracts) bytes; usage never goes below zero. */
export function updateStorageUsage(db: Db, bytesToAdd: number): number {
  return inTransaction(db, () => {
    const bytes = Math.max(0, getStorageUsage(db) + bytesToAdd);
    setKv(db, KV_STORAGE_USAGE, bytes);
    return bytes;
  });
}
