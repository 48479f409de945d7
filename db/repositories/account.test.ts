import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import {
  effectiveTier,
  getLastSync,
  getStorageUsage,
  getSubscription,
  getUserSettings,
  updateLastSync,
  updateStorageUsage,
  updateSubscription,
  updateUserSettings,
} from './account';
import { getUnsyncedChanges } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

describe('subscription', () => {
  it('db:get-subscription answers an active free subscription for a user without one', () => {
    expect(getSubscription(db)).toMatchObject({ userId: 'local', tier: 'free', status: 'active' });
    expect(effectiveTier(db)).toBe('free');
  });

  it('db:update-subscription stores and verifies the new tier', () => {
    expect(updateSubscription(db, { tier: 'pro', status: 'active' })).toMatchObject({ tier: 'pro', status: 'active' });
    expect(getSubscription(db).tier).toBe('pro');
    expect(effectiveTier(db)).toBe('pro');
  });

  it('a cancelled pro subscription counts as free', () => {
    updateSubscription(db, { tier: 'pro', status: 'cancelled' });
    expect(effectiveTier(db)).toBe('free');
  });
});

describe('user settings', () => {
  it('db:get-user-settings starts with no project directories', () => {
    expect(getUserSettings(db)).toMatchObject({ id: 'local', projectDirectories: [] });
  });

  it('db:update-user-settings saves the directories once each and writes a sync record', () => {
    const saved = updateUserSettings(db, { projectDirectories: ['/a', '/b', '/a'] });
    expect(saved).toEqual({ id: 'local', projectDirectories: ['/a', '/b'], updatedAt: clock.now() });
    expect(getUserSettings(db)).toEqual(saved);
    expect(getUnsyncedChanges(db).at(-1)).toMatchObject({ type: 'update', table: 'user_settings', recordId: 'local' });
  });
});

describe('last sync and storage usage', () => {
  it('db:get-last-sync is null until db:update-last-sync sets it', () => {
    expect(getLastSync(db)).toBeNull();
    expect(updateLastSync(db)).toBe(clock.now());
    expect(getLastSync(db)).toBe(clock.now());
    updateLastSync(db, 1234);
    expect(getLastSync(db)).toBe(1234);
  });

  it('db:update-storage-usage adds bytes and never goes below zero', () => {
    expect(getStorageUsage(db)).toBe(0);
    expect(updateStorageUsage(db, 5_000_000)).toBe(5_000_000);
    expect(updateStorageUsage(db, -1_000_000)).toBe(4_000_000);
    expect(updateStorageUsage(db, -10_000_000)).toBe(0);
    expect(getStorageUsage(db)).toBe(0);
  });
});
