/**
 * The local cloud's auth service: the part of Supabase Auth (GoTrue) that `@supabase/supabase-js` calls for
 * Songshelf. Sign-up with e-mail confirmation (the mail goes to the outbox), verify, resend, password recovery,
 * password, refresh-token and PKCE grants, Google sign-in through a local consent page, the current user,
 * sign-out with a scope. Users live in `auth.users`; passwords are
 * scrypt hashes; access tokens are HS256 JWTs signed with the project's secret, which the REST API verifies.
 *
 * Over 300 lines: the GoTrue endpoints supabase-js calls share one session store and one token rule.
 */
import { createHash, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '../../common/messages';
import type { CloudDatabase, Queryable } from './database';
import { signJwt, verifyJwt, type TokenClaims } from './jwt';
import type { Outbox } from './outbox';

const ACCESS_TOKEN_SECONDS = 3600;
/** How long a mailed link (sign-up confirmation, password recovery) works; each works once within it. */
export const EMAIL_LINK_LIFETIME_MS = 24 * 3600 * 1000;

/** Where each kind of mailed link keeps its token and when it was sent. */
const LINK_COLUMNS = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
} as const;
const LINK_USED = 'This link was already used, or a newer mail replaced it.';
const LINK_EXPIRED = `This link has expired: mailed links work for ${EMAIL_LINK_LIFETIME_MS / 3_600_000} hours.`;

export interface AuthConfig {
  jwtSecret: string;
  /** Where the local cloud is reached (links in mails point here). */
  publicUrl: string;
  now: () => number;
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  raw_user_meta_data: Record<string, unknown>;
  raw_app_meta_data: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function createAuthService(db: CloudDatabase, outbox: Outbox, config: AuthConfig) {
  const seconds = () => Math.floor(config.now() / 1000);

  async function userById(tx: Queryable, id: string): Promise<UserRow | null> {
    return (await tx.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0] ?? null;
  }

  async function userByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
    return (await tx.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email])).rows[0] ?? null;
  }

  async function identities(tx: Queryable, userId: string) {
    return (await tx.query<{ id: string; provider: string; provider_id: string; identity_data: Record<string, unknown>; created_at: Date }>(
      'select * from auth.identities where user_id = $1 order by created_at',
      [userId],
    )).rows.map((identity) => ({
      id: identity.provider_id,
      identity_id: identity.id,
      user_id: userId,
      provider: identity.provider,
      identity_data: identity.identity_data,
      created_at: identity.created_at.toISOString(),
      updated_at: identity.created_at.toISOString(),
    }));
  }

  /** The user as GoTrue returns it. */
  async function userJson(tx: Queryable, user: UserRow) {
    const confirmed = user.email_confirmed_at?.toISOString();
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      email_confirmed_at: confirmed,
      confirmed_at: confirmed,
      confirmation_sent_at: user.confirmation_sent_at?.toISOString(),
      last_sign_in_at: user.last_sign_in_at?.toISOString(),
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      identities: await identities(tx, user.id),
      created_at: user.created_at.toISOString(),
      updated_at: user.updated_at.toISOString(),
    };
  }

  async function issueSession(tx: Queryable, user: UserRow, sessionId: string = randomUUID()) {
    const refreshToken = randomBytes(24).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refreshToken, user.id, sessionId]);
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    const expiresAt = seconds() + ACCESS_TOKEN_SECONDS;
    const claims: TokenClaims = {
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: user.email,
      session_id: sessionId,
      iat: seconds(),
      exp: expiresAt,
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
    };
    return {
      access_token: signJwt(claims, config.jwtSecret),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: await userJson(tx, (await userById(tx, user.id)) ?? user),
    };
  }

  /** A PKCE client (supabase-js `flowType: 'pkce'`) gets a code for its verifier instead of tokens in a URL. */
  async function startFlow(tx: Queryable, userId: string, challenge: Challenge | null): Promise<string | null> {
    if (!challenge) return null;
    const code = randomUUID();
    await tx.query('insert into auth.flow_states (auth_code, user_id, code_challenge, code_challenge_method) values ($1, $2, $3, $4)', [code, userId, challenge.challenge, challenge.method]);
    return code;
  }

  async function sendLink(tx: Queryable, user: UserRow, type: 'signup' | 'recovery', redirectTo: string | null, challenge: Challenge | null) {
    const token = randomBytes(20).toString('hex');
    const { token: tokenColumn, sentAt } = LINK_COLUMNS[type];
    // The cloud's clock, not the database's: the link's lifetime is measured against it.
    await tx.query(`update auth.users set ${tokenColumn} = $1, ${sentAt} = $2 where id = $3`, [token, new Date(config.now()), user.id]);
    const link = new URL('/auth/v1/verify', config.publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('type', type);
    if (redirectTo) link.searchParams.set('redirect_to', redirectTo);
    const code = await startFlow(tx, user.id, challenge);
    if (code) link.searchParams.set('flow', code);
    const subject = type === 'signup' ? 'Confirm your Songshelf account' : 'Reset your Songshelf password';
    outbox.send({ to: user.email, subject, link: link.toString() });
  }

  async function sendConfirmation(tx: Queryable, user: UserRow, redirectTo: string | null, challenge: Challenge | null = null) {
    await sendLink(tx, user, 'signup', redirectTo, challenge);
  }

  return {
    /** POST /signup: a new user waits for the confirmation link; an address already taken answers like GoTrue. */
    async signUp(body: { email?: unknown; password?: unknown; data?: unknown; code_challenge?: unknown; code_challenge_method?: unknown }, redirectTo: string | null) {
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!email || !password) throw new AuthError(400, 'validation_failed', MESSAGES.signUpNeedsCredentials);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (password.length < 6) throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
      const metadata = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
      return db.asOwner(async (tx) => {
        const existing = await userByEmail(tx, email);
        if (existing) {
          // GoTrue hides whether an address is registered: an obfuscated user with no identities.
          const json = await userJson(tx, existing);
          if (existing.email_confirmed_at) return { ...json, id: randomUUID(), identities: [] };
          await sendConfirmation(tx, existing, redirectTo, challengeOf(body));
          return json;
        }
        const created = (
          await tx.query<UserRow>(
            `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data)
             values ($1, $2, $3, '{"provider":"email","providers":["email"]}') returning *`,
            [email, hashPassword(password), metadata],
          )
        ).rows[0]!;
        await tx.query(`insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1::uuid, 'email', $1::text, $2)`, [
          created.id,
          { sub: created.id, email, email_verified: false },
        ]);
        await sendConfirmation(tx, created, redirectTo, challengeOf(body));
        return userJson(tx, (await userById(tx, created.id))!);
      });
    },

    /**
     * GET /verify from a mail's link: confirms the address (or, for a recovery, proves it) and signs the user in:
     * tokens for the browser, or the PKCE code when the client started with a challenge. A link works once (its
     * token is cleared, and a newer mail replaces it) and for EMAIL_LINK_LIFETIME_MS; a used or expired one
     * changes nothing.
     */
    async verifyLink(token: string, type: string, flow: string | null): Promise<{ session: Awaited<ReturnType<typeof issueSession>> } | { code: string }> {
      const columns = type === 'signup' || type === 'recovery' ? LINK_COLUMNS[type] : null;
      if (!columns || !token) throw new AuthError(403, 'otp_expired', LINK_USED);
      return db.asOwner(async (tx) => {
        const user = (await tx.query<UserRow>(`select * from auth.users where ${columns.token} = $1`, [token])).rows[0];
        if (!user) throw new AuthError(403, 'otp_expired', LINK_USED);
        const sentAt = user[columns.sentAt]?.getTime() ?? 0;
        if (config.now() - sentAt >= EMAIL_LINK_LIFETIME_MS) throw new AuthError(403, 'otp_expired', LINK_EXPIRED);
        await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), ${columns.token} = null where id = $1`, [user.id]);
        if (flow) {
          const pending = await tx.query('select 1 from auth.flow_states where auth_code = $1 and user_id = $2', [flow, user.id]);
          if (pending.rows.length > 0) return { code: flow };
        }
        return { session: await issueSession(tx, (await userById(tx, user.id))!) };
      });
    },

    /** POST /recover: a mail with a link that signs the user in to set a new password. */
    async recover(body: { email?: unknown; code_challenge?: unknown; code_challenge_method?: unknown }, redirectTo: string | null) {
      if (typeof body.email !== 'string') throw new AuthError(400, 'validation_failed', 'An email address is required');
      const email = body.email;
      await db.asOwner(async (tx) => {
        const user = await userByEmail(tx, email);
        // The same answer whether or not the address is registered.
        if (user) await sendLink(tx, user, 'recovery', redirectTo, challengeOf(body));
      });
      return {};
    },

    /**
     * The local consent page's answer for Google: the account of that address (made, confirmed, if new), signed
     * in; a code for a PKCE client, else tokens. The page asks for no password, so an account that has one (signed
     * up by e-mail, confirmed or not) is refused: it signs in with its password, never by naming its address here.
     */
    async consentGoogle(input: { email: string; fullName: string; challenge: Challenge | null }) {
      const email = input.email.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      return db.asOwner(async (tx) => {
        let user = await userByEmail(tx, email);
        if (user?.encrypted_password) throw new AuthError(403, 'password_account', `${user.email} has a Songshelf account with a password: it signs in with its password, not with Google.`);
        if (!user) {
          user = (
            await tx.query<UserRow>(
              `insert into auth.users (email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
               values ($1, now(), $2, '{"provider":"google","providers":["google"]}') returning *`,
              [email, { full_name: input.fullName, name: input.fullName, email }],
            )
          ).rows[0]!;
        }
        await tx.query(
          `insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1, 'google', $2, $3) on conflict (provider, provider_id) do nothing`,
          [user.id, `google-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21)}`, { email, full_name: input.fullName, email_verified: true }],
        );
        const code = await startFlow(tx, user.id, input.challenge);
        if (code) return { code };
        return { session: await issueSession(tx, (await userById(tx, user.id))!) };
      });
    },

    /** POST /resend: another confirmation mail for an address still waiting. */
    async resend(body: { email?: unknown; type?: unknown }, redirectTo: string | null) {
      if (body.type !== 'signup' || typeof body.email !== 'string') throw new AuthError(400, 'validation_failed', 'Only signup confirmations can be resent');
      const email = body.email;
      await db.asOwner(async (tx) => {
        const user = await userByEmail(tx, email);
        if (user && !user.email_confirmed_at) await sendConfirmation(tx, user, redirectTo);
      });
      return {};
    },

    /** POST /token?grant_type=password|refresh_token. */
    async token(grantType: string | null, body: Record<string, unknown>) {
      if (grantType === 'password') {
        const email = typeof body.email === 'string' ? body.email : '';
        const password = typeof body.password === 'string' ? body.password : '';
        return db.asOwner(async (tx) => {
          const user = await userByEmail(tx, email);
          if (!user?.encrypted_password || !passwordMatches(password, user.encrypted_password)) {
            throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
          }
          if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          return issueSession(tx, user);
        });
      }
      if (grantType === 'refresh_token') {
        const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : '';
        return db.asOwner(async (tx) => {
          const row = (await tx.query<{ user_id: string; session_id: string; revoked: boolean }>('select * from auth.refresh_tokens where token = $1', [refreshToken])).rows[0];
          if (!row || row.revoked) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          await tx.query('update auth.refresh_tokens set revoked = true where token = $1', [refreshToken]);
          const user = await userById(tx, row.user_id);
          if (!user) throw new AuthError(400, 'user_not_found', 'User from sub claim in JWT does not exist');
          return issueSession(tx, user, row.session_id);
        });
      }
      if (grantType === 'pkce') {
        const code = typeof body.auth_code === 'string' ? body.auth_code : '';
        const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
        return db.asOwner(async (tx) => {
          const flow = (await tx.query<{ user_id: string; code_challenge: string; code_challenge_method: string }>('delete from auth.flow_states where auth_code = $1 returning *', [code])).rows[0];
          if (!flow) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
          const expected = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
          if (expected !== flow.code_challenge) throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
          const user = await userById(tx, flow.user_id);
          if (!user) throw new AuthError(400, 'user_not_found', 'User not found');
          return issueSession(tx, user);
        });
      }
      throw new AuthError(400, 'validation_failed', `Unsupported grant type: ${grantType ?? 'none'}`);
    },

    /** The signed-in user behind an access token (GET /user); null for a bad or expired token. */
    async userFromToken(accessToken: string) {
      const claims = this.claims(accessToken);
      if (!claims?.sub) return null;
      const sub = claims.sub;
      return db.asOwner(async (tx) => {
        const user = await userById(tx, sub);
        if (!user) return null;
        const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
        if (sessionId) {
          const live = await tx.query('select 1 from auth.refresh_tokens where session_id = $1 and not revoked limit 1', [sessionId]);
          if (live.rows.length === 0) return null;
        }
        return userJson(tx, user);
      });
    },

    /** PUT /user: a new password (after a recovery link) or new metadata, for the signed-in user. */
    async updateUser(accessToken: string, body: { password?: unknown; data?: unknown }) {
      const claims = this.claims(accessToken);
      if (!claims?.sub) throw new AuthError(401, 'bad_jwt', 'invalid JWT');
      const sub = claims.sub;
      return db.asOwner(async (tx) => {
        if (body.password !== undefined) {
          if (typeof body.password !== 'string' || body.password.length < 6) throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
          await tx.query('update auth.users set encrypted_password = $1, updated_at = now() where id = $2', [hashPassword(body.password), sub]);
        }
        if (typeof body.data === 'object' && body.data !== null) {
          await tx.query('update auth.users set raw_user_meta_data = raw_user_meta_data || $1, updated_at = now() where id = $2', [body.data, sub]);
        }
        const user = await userById(tx, sub);
        if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
        return userJson(tx, user);
      });
    },

    /** POST /logout?scope=global|local|others: ends this session, every session, or every other one. */
    async logout(accessToken: string, scope: string | null) {
      const claims = this.claims(accessToken);
      if (!claims?.sub) throw new AuthError(401, 'bad_jwt', 'invalid JWT');
      const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
      const which = scope ?? 'global';
      await db.asOwner(async (tx) => {
        if (which === 'local') await tx.query('update auth.refresh_tokens set revoked = true where session_id = $1', [sessionId]);
        else if (which === 'others') await tx.query('update auth.refresh_tokens set revoked = true where user_id = $1 and session_id <> $2', [claims.sub, sessionId]);
        else await tx.query('update auth.refresh_tokens set revoked = true where user_id = $1', [claims.sub]);
      });
    },

    claims(token: string): TokenClaims | null {
      return verifyJwt(token, config.jwtSecret, seconds());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export interface Challenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** A PKCE challenge as supabase-js sends it (`code_challenge`, `code_challenge_method`), if any. */
export function challengeOf(input: { code_challenge?: unknown; code_challenge_method?: unknown }): Challenge | null {
  if (typeof input.code_challenge !== 'string' || input.code_challenge === '') return null;
  const method = String(input.code_challenge_method ?? 'plain').toLowerCase();
  if (method !== 's256' && method !== 'plain') throw new AuthError(400, 'validation_failed', 'Code challenge method must be s256 or plain');
  return { challenge: input.code_challenge, method };
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
