/**
 * The local user's subscription cache, settings and small values (last sync, storage usage). Before sign-in
 * the data belongs to `LOCAL_USER_ID`.
 */
import { eq } from 'drizzle-orm';
import {
  LOCAL_USER_ID,
  type Subscription,
  type SubscriptionStatus,
  type SubscriptionTier,
  type UserSettings,
} from '../../common/account';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import { asJson } from '../../common/schema-parts';
import { inTransaction, type Db } from '../connection';
import { parseJsonColumn } from '../rows/json-column';
import { kv, subscription, userSettings } from '../schema';
import { writeSyncRecord } from './sync-records';

const KV_CURRENT_USER = 'auth.current_user_id';
const KV_LAST_SYNC = 'sync.last_sync_at';
const KV_STORAGE_USAGE = 'storage.used_bytes';

export function getKv<T>(db: Db, key: string, fallback: T): T {
  const row = db.orm.select().from(kv).where(eq(kv.key, key)).get();
  return row ? parseJsonColumn<T>(row.value, fallback) : fallback;
}

export function setKv(db: Db, key: string, value: unknown): void {
  const text = JSON.stringify(value);
  db.orm.insert(kv).values({ key, value: text }).onConflictDoUpdate({ target: kv.key, set: { value: text } }).run();
}

export function currentUserId(db: Db): string {
  return getKv(db, KV_CURRENT_USER, LOCAL_USER_ID);
}

/** The current user's subscription; a user with none is on an active free one (spec section 4). */
export function getSubscription(db: Db): Subscription {
  const userId = currentUserId(db);
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
  const userId = update.userId ?? currentUserId(db);
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
    writeSyncRecord(db, { type: 'update', table: 'user_settings', recordId: settings.id, data: asJson(settings) });
    return settings;
  });
}

export function getLastSync(db: Db): number | null {
  return getKv<number | null>(db, KV_LAST_SYNC, null);
}

export function updateLastSync(db: Db, timestamp: number = db.now()): number {
  setKv(db, KV_LAST_SYNC, timestamp);
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
