// A link's state and how long a link may last: the cloud's SQL (cloud/migrations/0010_link_state.sql) and the app's
// TypeScript (common/cloud/shares.ts) on the same cases, run on the local cloud's database. The cloud decides whether a
// listener's link opens; the app says so in its Sharing section, by the cloud's clock. One rule, two homes held equal.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_DAYS, linkState, MAX_SHARE_DAYS, MIN_SHARE_DAYS, shareDaysAllowed, shareSongSchema, type LinkState } from '../../common/cloud/shares';
import { openCloudDatabase, type CloudDatabase } from './database';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const DAY = 86_400_000;

/** [revokedAt, expiresAt, the server's now, the state]: every side of each boundary, to the millisecond. */
const CASES: [number | null, number, number, LinkState][] = [
  [null, NOW + DAY, NOW, 'open'],
  [null, NOW + 1, NOW, 'open'],
  [null, NOW, NOW, 'expired'],
  [null, NOW - 1, NOW, 'expired'],
  [null, NOW - 365 * DAY, NOW, 'expired'],
  [NOW - DAY, NOW + DAY, NOW, 'revoked'],
  [NOW, NOW + 1, NOW, 'revoked'],
  [NOW + DAY, NOW + 2 * DAY, NOW, 'revoked'],
  // Revoked, then its end passed: revoked is what happened first.
  [NOW - 2 * DAY, NOW - DAY, NOW, 'revoked'],
  [NOW - DAY - 1, NOW - DAY, NOW, 'revoked'],
  // Its end passed, then it was revoked (or revoked at its very end): it had expired.
  [NOW - DAY, NOW - DAY, NOW, 'expired'],
  [NOW - 1, NOW - DAY, NOW, 'expired'],
  [null, 0, 1, 'expired'],
];

let cloud: CloudDatabase;
beforeAll(async () => {
  cloud = await openCloudDatabase({ cloudFolder: path.resolve(import.meta.dirname, '..') });
}, 120_000);
afterAll(async () => {
  await cloud?.close();
});

/** A moment in milliseconds as the cloud's timestamptz, exactly. */
const at = (index: number) => `timestamptz 'epoch' + $${index}::bigint * interval '1 millisecond'`;

describe('a link’s state, the cloud’s share_link_state and the app’s linkState', () => {
  it.each(CASES)('revoked %j, ends %j, now %j: %s on both', async (revokedAt, expiresAt, now, state) => {
    const { rows } = await cloud.asOwner((tx) =>
      tx.query<{ state: string }>(`select public.share_link_state(case when $1::bigint is null then null else ${at(1)} end, ${at(2)}, ${at(3)}) as state`, [revokedAt, expiresAt, now]),
    );
    expect(rows[0]?.state).toBe(state);
    expect(linkState({ revokedAt, expiresAt }, now)).toBe(state);
  });

  it('is what share_unlock asks before it opens a link for a listener (and share-suite.ts tries expired and revoked links)', async () => {
    const { rows } = await cloud.asOwner((tx) => tx.query<{ body: string }>(`select pg_get_functiondef('public.share_unlock(text, text)'::regprocedure) as body`));
    expect(rows[0]?.body).toContain(`public.share_link_state(revoked_at, expires_at, now()) = 'open'`);
  });
});

describe('how long a link may last, the cloud’s share_days_allowed and the app’s shareDaysAllowed', () => {
  const days = [-1, 0, MIN_SHARE_DAYS, 2, DEFAULT_SHARE_DAYS, MAX_SHARE_DAYS - 1, MAX_SHARE_DAYS, MAX_SHARE_DAYS + 1, 1000, 2_147_483_647];

  it.each(days)('%i days: allowed alike by the cloud, the app and the bridge’s schema', async (count) => {
    const { rows } = await cloud.asOwner((tx) => tx.query<{ allowed: boolean }>('select public.share_days_allowed($1::integer) as allowed', [count]));
    expect(shareDaysAllowed(count)).toBe(rows[0]?.allowed);
    expect(shareSongSchema.safeParse({ id: 'song-1', expiresInDays: count }).success).toBe(rows[0]?.allowed);
  });

  it('allows no length at all (null) in the cloud, where share_create has its own default', async () => {
    const { rows } = await cloud.asOwner((tx) => tx.query<{ allowed: boolean }>('select public.share_days_allowed(null) as allowed'));
    expect(rows[0]?.allowed).toBe(false);
  });

  it('is what share_create asks of a new link’s length', async () => {
    const { rows } = await cloud.asOwner((tx) => tx.query<{ body: string }>(`select pg_get_functiondef('public.share_create(uuid, integer, text, text, boolean, bigint, text, jsonb)'::regprocedure) as body`));
    expect(rows[0]?.body).toContain('if not public.share_days_allowed(p_expires_in_days) then');
  });
});
