/**
 * The pro upgrade on the local cloud, shaped like a hosted payment page: the signed-in app asks the `checkout`
 * function for a session and opens its page; the page's confirmation is checked here, on the server (an open
 * session, under an hour old), and only then does the service role call `public.confirm_checkout`.
 */
import type { CloudDatabase } from './database';

const CHECKOUT_VALID_MINUTES = 60;

export class CheckoutError extends Error {}

export function createCheckout(db: CloudDatabase, publicUrl: string) {
  return {
    /** POST /functions/v1/checkout, as the signed-in user: a session and the page to open. */
    async start(userId: string, body: Record<string, unknown>): Promise<{ id: string; url: string }> {
      const successUrl = httpUrl(body.success_url, 'success_url');
      const cancelUrl = httpUrl(body.cancel_url, 'cancel_url');
      const { rows } = await db.asOwner((tx) =>
        tx.query<{ id: string }>('insert into billing.checkout_sessions (user_id, success_url, cancel_url) values ($1, $2, $3) returning id', [userId, successUrl, cancelUrl]),
      );
      const id = rows[0]!.id;
      return { id, url: `${publicUrl}/checkout/${id}` };
    },

    async session(id: string) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const { rows } = await db.asOwner((tx) =>
        tx.query<{ id: string; status: string; success_url: string; cancel_url: string; email: string; expired: boolean }>(
          `select s.id, s.status, s.success_url, s.cancel_url, u.email, s.created_at < now() - make_interval(mins => $2) as expired
           from billing.checkout_sessions s join auth.users u on u.id = s.user_id where s.id = $1`,
          [id, CHECKOUT_VALID_MINUTES],
        ),
      );
      return rows[0] ?? null;
    },

    /** The page's Pay: the user becomes pro. Returns where to send the browser. */
    async confirm(id: string): Promise<string> {
      return db.asOwner(async (tx) => {
        const claimed = await tx.query<{ user_id: string; success_url: string }>(
          `update billing.checkout_sessions set status = 'paid'
           where id = $1 and status = 'open' and created_at >= now() - make_interval(mins => $2) returning user_id, success_url`,
          [id, CHECKOUT_VALID_MINUTES],
        );
        const session = claimed.rows[0];
        if (!session) throw new CheckoutError('This checkout has already ended or has expired. Start the upgrade again from the app.');
        await tx.query(`select set_config('role', 'service_role', true)`);
        await tx.query('select public.confirm_checkout($1)', [session.user_id]);
        return withSession(session.success_url, id);
      });
    },

    async cancel(id: string): Promise<string> {
      const { rows } = await db.asOwner((tx) =>
        tx.query<{ cancel_url: string }>(`update billing.checkout_sessions set status = 'cancelled' where id = $1 and status = 'open' returning cancel_url`, [id]),
      );
      if (!rows[0]) throw new CheckoutError('This checkout has already ended.');
      return rows[0].cancel_url;
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

function httpUrl(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new CheckoutError(`${name} is required.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CheckoutError(`${name} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'songshelf:') throw new CheckoutError(`${name} must be an http(s) or songshelf: address.`);
  return url.toString();
}

/** The success address carries the session's id as `session_id` (spec section 4's success callback). */
function withSession(url: string, id: string): string {
  const target = new URL(url);
  target.searchParams.set('session_id', id);
  return target.toString();
}
