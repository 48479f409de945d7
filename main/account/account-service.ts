/**
 * The account, as the core holds it (DESIGN.md "The account"): the session (signed in, refreshed and kept in the
 * vault by `AuthSession`, here in the core), who is signed in on this computer, their tier, the upgrade, and which
 * account the library belongs to. The page asks through `account:*` channels and hears `account:changed`; it never
 * holds a token. `sync:session` still hands a session over from outside (scripts and tests that drive the core).
 *
 * - **Local first.** The signed-in account is remembered without its tokens, so the library opens offline and
 *   the account block says "Offline" instead of waiting; only a sign-out forgets it.
 * - **One tier reader.** The tier is read from the cloud (the row only checkout can make pro) and cached per
 *   account; sync, uploads, the free-tier limits and the UI all read that cache (`effectiveTier`).
 * - **One account per library.** The first account that syncs (or uploads) the library owns it; any other
 *   account signed in here uses the library but never syncs or uploads it, so nothing of one account is pushed
 *   into, or deleted by, another's cloud. Sync state (cursors, last sync) is kept per account besides.
 */
import type { Session } from '@supabase/supabase-js';
import type { AccountState, KnownAccount, Subscription, SubscriptionTier, SubscriptionUpdate } from '../../common/cloud/account';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import type { CloudStatus } from '../../common/bridge/ipc';
import type { SyncSession } from '../../common/cloud/sync';
import type { Db } from '../../db/handle';
import { effectiveTier, getLibraryOwner, getSignedInAccount, getSubscription, setLibraryOwner, setSignedInAccount, updateSubscription } from '../../db/repositories/account';
import type { EventBus } from '../events';
import { AuthSession, sessionStorageIn } from './auth-session';
import { CloudSession, readActiveTier, type CloudSessionOptions, type SignedInCloud } from './cloud-session';
import { ServerClock } from './server-clock';
import type { SessionVault } from './session-vault';

export class AccountService {
  readonly session: CloudSession;
  readonly auth: AuthSession;
  /** The cloud's clock, by which the core judges what the cloud decides by it (whether a link still opens). */
  readonly serverClock: ServerClock;
  /** Whether the cloud answered for the signed-in account since the app started. */
  private reached = false;
  private lastRead: { userId: string; tier: SubscriptionTier; at: number } | null = null;
  private readonly signInListeners = new Set<(userId: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    cloud: () => CloudStatus,
    vault: SessionVault,
    options: CloudSessionOptions = {},
  ) {
    this.session = new CloudSession(() => cloud().endpoint, options);
    this.serverClock = new ServerClock(() => db.now());
    this.auth = new AuthSession(() => cloud().endpoint, sessionStorageIn(vault), (session) => this.follow(session), options.fetch ? { fetch: options.fetch } : {});
  }

  /** Reads the kept session behind the library (the cloud may be unreachable, or still starting: asked again). */
  start(): void {
    void this.auth.restore();
  }

  close(): void {
    this.auth.close();
  }

  /** The core's own session changed (signed in, refreshed, signed out). */
  private follow(session: Session | null): void {
    if (!session) return this.setSession(null);
    const name = session.user.user_metadata.full_name;
    this.setSession({
      userId: session.user.id,
      accessToken: session.access_token,
      ...(session.user.email ? { email: session.user.email } : {}),
      ...(typeof name === 'string' && name ? { name: name.slice(0, 200) } : {}),
    });
    // A user new here has their plan read at once (not at the next sync); offline, the cached one stays.
    void this.refreshTier().catch(() => undefined);
  }

  state(): AccountState {
    const account = getSignedInAccount(this.db);
    return {
      account,
      tier: effectiveTier(this.db),
      connection: account === null ? 'signed-out' : this.reached && this.session.userId === account.userId ? 'online' : 'offline',
      libraryOwner: getLibraryOwner(this.db),
    };
  }

  /** The signed-in account's cached tier (free when nobody is signed in). */
  tier(): SubscriptionTier {
    return effectiveTier(this.db);
  }

  /** Called with the user's id when an account signs in here (another than before, or after a sign-out). */
  onSignIn(listener: (userId: string) => void): () => void {
    this.signInListeners.add(listener);
    return () => this.signInListeners.delete(listener);
  }

  /**
   * The page's session (`sync:session`). The token must be the named user's (its `sub`); the cloud checks its
   * signature. A new account is remembered here (without its tokens); null signs out and forgets it.
   */
  setSession(session: SyncSession | null): void {
    if (session && tokenSubject(session.accessToken) !== session.userId) {
      throw new AppError('invalid_input', MESSAGES.tokenOfAnotherUser);
    }
    const previous = this.session.userId;
    this.session.set(session);
    const known = getSignedInAccount(this.db);
    if (!session) {
      this.reached = false;
      if (known) setSignedInAccount(this.db, null);
      if (known || previous) this.announce();
      return;
    }
    const account: KnownAccount = {
      userId: session.userId,
      email: session.email ?? (known?.userId === session.userId ? known.email : null),
      name: session.name ?? (known?.userId === session.userId ? known.name : null),
    };
    if (known?.userId !== account.userId || known.email !== account.email || known.name !== account.name) setSignedInAccount(this.db, account);
    if (session.userId !== previous) {
      this.reached = false;
      this.announce();
      for (const listener of this.signInListeners) listener(session.userId);
    }
  }

  /**
   * Reads the tier from the cloud and caches it for this account. Null when nobody is signed in, there is no cloud,
   * or it cannot be reached (the cached tier stays: offline, the library keeps its plan).
   */
  async refreshTier(): Promise<SubscriptionTier | null> {
    const cloud = this.session.current();
    if (!cloud) return null;
    try {
      const tier = this.cacheTier(cloud.userId, await readActiveTier(cloud));
      this.lastRead = { userId: cloud.userId, tier, at: Date.now() };
      return tier;
    } catch (error) {
      this.setReached(false);
      throw error;
    }
  }

  /**
   * The spec's `db:update-subscription`, as the core keeps it: the tier is the cloud's (only checkout makes it pro), so
   * a caller's tier is never written. The tier is read from the cloud again where it can be (offline, the cached one
   * stands), and the subscription held is answered when it is the one asked for; any other is refused.
   */
  async confirmSubscription(asked: SubscriptionUpdate): Promise<Subscription> {
    await this.refreshTier().catch((error: unknown) => console.warn('[account] the tier could not be read again', error));
    const held = getSubscription(this.db);
    const same = held.tier === asked.tier && held.status === asked.status && (asked.userId === undefined || asked.userId === held.userId);
    if (!same) throw new AppError('forbidden', MESSAGES.tierIsTheClouds);
    return held;
  }

  /** The tier from the cloud, or the one read within `maxAgeMs` for this account (a run of uploads asks once). */
  async freshTier(maxAgeMs: number): Promise<SubscriptionTier | null> {
    const userId = this.session.userId;
    if (userId && this.lastRead?.userId === userId && Date.now() - this.lastRead.at < maxAgeMs) return this.lastRead.tier;
    return this.refreshTier().catch(() => null);
  }

  /**
   * The cloud as the signed-in account, for work on this library (sync, uploads): null when nobody is signed in,
   * there is no cloud, or the library belongs to another account. `claim` (the account is pro and about to write)
   * makes the signed-in account the library's owner when it has none yet.
   */
  libraryCloud(options: { claim: boolean }): SignedInCloud | null {
    const cloud = this.session.current();
    if (!cloud) return null;
    const owner = getLibraryOwner(this.db);
    if (owner) return owner.userId === cloud.userId ? cloud : null;
    if (!options.claim) return cloud;
    setLibraryOwner(this.db, getSignedInAccount(this.db) ?? { userId: cloud.userId, email: null, name: null });
    this.announce();
    return cloud;
  }

  /** Whether the signed-in account may sync this library (it owns it, or nobody does yet). */
  syncsThisLibrary(): boolean {
    const userId = this.session.userId;
    const owner = getLibraryOwner(this.db);
    return userId !== null && (owner === null || owner.userId === userId);
  }

  private cacheTier(userId: string, tier: SubscriptionTier): SubscriptionTier {
    const known = getSignedInAccount(this.db);
    const cached = known?.userId === userId ? effectiveTier(this.db) : null;
    if (cached !== tier) updateSubscription(this.db, { userId, tier, status: 'active' });
    if (!this.setReached(true) && cached !== tier) this.announce();
    return tier;
  }

  /** Returns whether it announced. */
  private setReached(reached: boolean): boolean {
    if (this.reached === reached) return false;
    this.reached = reached;
    this.announce();
    return true;
  }

  private announce(): void {
    this.events.emit('account:changed', this.state());
  }
}

/** The `sub` claim of a JWT, read without verifying (the cloud verifies); null when it is no JWT. */
function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
