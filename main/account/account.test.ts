// The account service against the real local cloud: the library belongs to the first account that syncs it, a
// second account signed in on the same computer never pushes into, pulls into or deletes from it, and the signed-in
// account is remembered (without tokens) so the library opens offline.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountState, SignInOutcome } from '../../common/cloud/account';
import { MESSAGES } from '../../common/messages';
import type { Events } from '../../common/bridge/ipc';
import type { Song } from '../../common/songs/song';
import type { SyncReport } from '../../common/cloud/sync';
import { tempDir } from '../../db/test-support';
import { accessToken, cloudClient, upgradeToPro, useTestCloud, type SignedIn } from '../../cloud/local/test-support';
import { call, createTestCore, type TestCore } from '../test-support';
import { FILE_ONLY_BOX, SESSION_VAULT_FILE, type SecretBox } from './session-vault';

const env = useTestCloud(['ana.account@example.com', 'bea.account@example.com']);
const ana = () => env.users[0]!;
const bea = () => env.users[1]!;

beforeAll(async () => {
  await upgradeToPro(ana().supabase);
  await upgradeToPro(bea().supabase);
}, 60_000);

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  for (const user of [ana(), bea()]) await user.supabase.from('songs').delete().eq('user_id', user.userId);
});

/** A computer whose clock the test moves (`clock.offsetMs`). */
function computer(dataDir = tempDir(), clock = { offsetMs: 0 }, secretBox?: SecretBox): TestCore {
  const core = createTestCore(dataDir, {
    ...(secretBox ? { secretBox } : {}),
    cloud: () => ({ endpoint: { url: env.cloud.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    now: () => Date.now() + clock.offsetMs,
    sync: { schedule: { timers: false } },
  });
  cores.push(core);
  return core;
}

async function signIn(core: TestCore, user: SignedIn, email: string): Promise<void> {
  await call(core, 'sync:session', { session: { userId: user.userId, accessToken: await accessToken(user.supabase), email } });
}

const sync = (core: TestCore) => call<SyncReport>(core, 'sync:run');
const songs = (core: TestCore) => call<Song[]>(core, 'db:get-songs', { includeHidden: true });
const cloudNames = async (user: SignedIn) => {
  const { data, error } = await user.supabase.from('songs').select('data').eq('user_id', user.userId);
  if (error) throw error;
  return (data as { data: { name: string } }[]).map((row) => row.data.name).sort();
};

describe('the library belongs to one account', () => {
  it('a second account handed to the core without a sign-out neither takes nor removes the first one’s songs', async () => {
    const clock = { offsetMs: -10 * 60_000 };
    const core = computer(tempDir(), clock);
    await core.start();
    await signIn(core, ana(), 'ana.account@example.com');
    const names = Array.from({ length: 50 }, (_, i) => `Ana song ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await call(core, 'db:add-song', { name });
    // The songs, and the library's settings with them.
    expect(await sync(core)).toMatchObject({ skipped: null, pushed: 51 });
    const [first] = await songs(core);
    await call(core, 'db:update-song', { id: first!.id, patch: { notes: 'edited by Ana' } });
    expect(await sync(core)).toMatchObject({ skipped: null, pushed: 1 });
    // Ten minutes on: every song is older than the 5-minute grace a pull gives new songs.
    clock.offsetMs = 0;

    await signIn(core, bea(), 'bea.account@example.com');
    expect(await sync(core)).toMatchObject({ skipped: 'other_account', pushed: 0, pulled: 0, deleted: 0 });
    expect(await call(core, 'sync:queue-all').catch((error: Error) => error.message)).toMatch(/another account/);
    const asBea = await call<AccountState>(core, 'account:get');
    expect(asBea).toMatchObject({ account: { userId: bea().userId }, tier: 'free', libraryOwner: { userId: ana().userId, email: 'ana.account@example.com' } });
    expect(await songs(core)).toHaveLength(50);

    await signIn(core, ana(), 'ana.account@example.com');
    expect(await sync(core)).toMatchObject({ skipped: null, deleted: 0 });
    const here = await songs(core);
    expect(here.map((song) => song.name).sort()).toEqual(names);
    expect(here.find((song) => song.id === first!.id)?.notes).toBe('edited by Ana');
    expect(await cloudNames(ana())).toEqual(names);
    expect(await cloudNames(bea())).toEqual([]);
  });

  it('the signed-in account is remembered without its tokens: the library reopens offline, and a sign-out forgets it', async () => {
    const dataDir = tempDir();
    const first = computer(dataDir);
    await first.start();
    const changes: Events['account:changed'][] = [];
    first.events.on('account:changed', (state) => changes.push(state));
    await signIn(first, ana(), 'ana.account@example.com');
    expect(await sync(first)).toMatchObject({ skipped: null });
    expect(await call<AccountState>(first, 'account:get')).toEqual({
      account: { userId: ana().userId, email: 'ana.account@example.com', name: null },
      tier: 'pro',
      connection: 'online',
      libraryOwner: { userId: ana().userId, email: 'ana.account@example.com', name: null },
    });
    expect(changes.at(-1)).toMatchObject({ connection: 'online', tier: 'pro' });
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    // The next start, before (or without) any answer from the cloud: the same account and plan, offline.
    const again = computer(dataDir);
    await again.start();
    expect(await call<AccountState>(again, 'account:get')).toMatchObject({ account: { userId: ana().userId }, tier: 'pro', connection: 'offline' });
    expect(JSON.stringify(again.db.sqlite.prepare('SELECT value FROM kv').all())).not.toContain(await accessToken(ana().supabase));

    await call(again, 'sync:session', { session: null });
    expect(await call<AccountState>(again, 'account:get')).toMatchObject({ account: null, tier: 'free', connection: 'signed-out' });
  });

  it('signs in through the core, which keeps the session in its vault across a restart; no answer carries a token', async () => {
    const dataDir = tempDir();
    const first = computer(dataDir, { offsetMs: 0 }, FILE_ONLY_BOX);
    await first.start();
    const wrong = await call<SignInOutcome>(first, 'account:sign-in', { email: 'ana.account@example.com', password: 'not the password' });
    expect(wrong).toMatchObject({ signedIn: false, notConfirmed: false });
    const answer = await first.router.dispatch('account:sign-in', { email: 'ana.account@example.com', password: 'long enough password' });
    expect(answer).toEqual({ ok: true, data: { signedIn: true }, changes: { tables: ['kv'], seq: expect.any(Number) } });
    await expect.poll(async () => (await call<AccountState>(first, 'account:get')).connection).toBe('online');
    const state = await call<AccountState>(first, 'account:get');
    expect(state).toMatchObject({ account: { userId: ana().userId, email: 'ana.account@example.com' }, tier: 'pro' });
    expect(JSON.stringify([answer, state])).not.toMatch(/access_token|refresh_token|eyJ/);
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    const again = computer(dataDir, { offsetMs: 0 }, FILE_ONLY_BOX);
    await again.start();
    await expect.poll(async () => (await call<AccountState>(again, 'account:get')).connection).toBe('online');
    expect(await sync(again)).toMatchObject({ skipped: null });
    expect(await call<AccountState>(again, 'account:sign-out')).toMatchObject({ account: null, connection: 'signed-out' });
    expect(fs.readFileSync(path.join(dataDir, SESSION_VAULT_FILE), 'utf8')).not.toContain('refresh_token');
  });

  it('completes only a sign-in it started: a code from someone else’s flow, or none, changes nothing', async () => {
    const core = computer();
    await core.start();
    await signIn(core, ana(), 'ana.account@example.com');
    const { data } = await cloudClient(env.cloud).auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://127.0.0.1:9/oauth/callback', skipBrowserRedirect: true } });
    expect(data.url).toBeTruthy();
    const refused = await core.router.dispatch('account:complete-sign-in', { code: 'a-code-this-core-never-asked-for' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', message: MESSAGES.callbackNotStarted } });
    expect(await call<AccountState>(core, 'account:get')).toMatchObject({ account: { userId: ana().userId } });
  });

  it('says "Failed to verify session" when the cloud does not take the code of a sign-in this core started (spec section 8)', async () => {
    const core = computer();
    await core.start();
    await expect.poll(async () => (await call<AccountState>(core, 'account:get')).connection).not.toBe('offline');
    // The core starts the sign-in (it holds the PKCE verifier); the code that comes back is not one the cloud issued.
    await call<{ url: string }>(core, 'account:begin-google', { redirectTo: 'songshelf://oauth/callback' });
    const refused = await core.router.dispatch('account:complete-sign-in', { code: 'not-a-code-the-cloud-issued' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'Failed to verify session' } });
    expect(await call<AccountState>(core, 'account:get')).toMatchObject({ account: null });
  });
});
