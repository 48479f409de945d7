/**
 * The local cloud's auth service: the part of Supabase Auth (GoTrue) that `@supabase/supabase-js` calls for
 * Songshelf. Sign-up with e-mail confirmation (the mail goes to the outbox), verify, resend, password and
 * refresh-token grants, the current user, sign-out with a scope. Users live in `auth.users`; passwords are
 * scrypt hashes; access tokens are HS256 JWTs signed with the project's secret, which the REST API verifies.
 */
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { CloudDatabase, Queryable } from './database';
import { signJwt, verifyJwt, type TokenClaims } from './jwt';
import type { Outbox } from './outbox';

export const ACCESS_TOKEN_SECONDS = 3600;

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

  async function sendConfirmation(tx: Queryable, user: UserRow, redirectTo: string | null) {
    const token = randomBytes(20).toString('hex');
    await tx.query('update auth.users set confirmation_token = $1, confirmation_sent_at = now() where id = $2', [token, user.id]);
    const link = new URL('/auth/v1/verify', config.publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'signup');
    if (redirectTo) link.searchParams.set('redirect_to', redirectTo);
    outbox.send({ to: user.email, subject: 'Confirm your Songshelf account', link: link.toString() });
  }

  return {
    /** POST /signup: a new user waits for the confirmation link; an address already taken answers like GoTrue. */
    async signUp(body: { email?: unknown; password?: unknown; data?: unknown }, redirectTo: string | null) {
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      if (password.length < 6) throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
      const metadata = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
      return db.asOwner(async (tx) => {
        const existing = await userByEmail(tx, email);
        if (existing) {
          // GoTrue hides whether an address is registered: an obfuscated user with no identities.
          const json = await userJson(tx, existing);
          if (existing.email_confirmed_at) return { ...json, id: randomUUID(), identities: [] };
          await sendConfirmation(tx, existing, redirectTo);
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
        await sendConfirmation(tx, created, redirectTo);
        return userJson(tx, (await userById(tx, created.id))!);
      });
    },

    /** GET /verify from the mail's link: confirms the address and signs the user in at `redirect_to`. */
    async verifyLink(token: string, type: string): Promise<Awaited<ReturnType<typeof issueSession>>> {
      if (type !== 'signup' || !token) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      return db.asOwner(async (tx) => {
        const user = (await tx.query<UserRow>('select * from auth.users where confirmation_token = $1', [token])).rows[0];
        if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
        await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null where id = $1', [user.id]);
        return issueSession(tx, (await userById(tx, user.id))!);
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
