/** What the listening-link suites do to a cloud database: users, songs, links, a listener's calls. */
import type { CloudDatabase, JwtClaims, Queryable } from './database';

export const ANON = { role: 'anon' };
export const NOT_AVAILABLE = /This link is not available/;

export interface ShareTestKit {
  createUser(tier: 'free' | 'pro'): Promise<JwtClaims>;
  /** A song of `owner`'s in the cloud, as sync writes it, with a waveform and its audio stored. */
  songOf(owner: JwtClaims, name?: string): Promise<string>;
  create(owner: JwtClaims, songId: string, options?: { days?: number; password?: string }): Promise<{ id: string; token: string; expiresAt: number }>;
  listen(token: string, password?: string | null, as?: { role: string }): Promise<Record<string, unknown>>;
  comment(token: string, body: string, options?: { at?: number; name?: string; password?: string }): Promise<Record<string, unknown>>;
  rowsOf(tx: Queryable, table: string): Promise<Record<string, unknown>[]>;
}

/** `cloud()`: the suite's database, once its `beforeAll` has opened it. */
export function shareTestKit(cloud: () => CloudDatabase, prefix: string): ShareTestKit {
  let users = 0;
  return {
    async createUser(tier) {
      users += 1;
      const email = `${prefix}-${tier}-${users}@example.com`;
      const { rows } = await cloud().asOwner((tx) => tx.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [email]));
      const sub = rows[0]!.id;
      if (tier === 'pro') await cloud().asService((tx) => tx.query('select public.confirm_checkout($1)', [sub]));
      return { sub, role: 'authenticated', email };
    },
    async songOf(owner, name = 'Night Drive') {
      const id = crypto.randomUUID();
      const data = { id, name, modifiedAt: Date.now(), file: { value: 'cloud', localPath: null, fileName: 'night.mp3', modifiedTime: 1_700_000_000_000 }, meta: { analysis: { overview: [-10, 12, -40, 38] } } };
      await cloud().asOwner(async (tx) => {
        await tx.query('insert into public.songs (id, user_id, data) values ($1, $2, $3)', [id, owner.sub, data]);
        await tx.query(`insert into storage.objects (bucket_id, name, metadata) values ('audio-files', $1, $2)`, [`${owner.sub}/${id}/night.mp3`, { size: 1000 }]);
      });
      return id;
    },
    create: (owner, songId, options = {}) =>
      cloud().asUser(owner, async (tx) => {
        const { rows } = await tx.query<{ link: { id: string; token: string; expiresAt: number } }>(
          'select public.share_create(p_song_id => $1, p_expires_in_days => $2, p_password => $3) as link',
          [songId, options.days ?? 30, options.password ?? null],
        );
        return rows[0]!.link;
      }),
    listen: (token, password = null, as = ANON) =>
      cloud().asClaims(as, async (tx) => (await tx.query<{ page: Record<string, unknown> }>('select public.share_listen($1, $2) as page', [token, password])).rows[0]!.page),
    comment: (token, body, options = {}) =>
      cloud().asClaims(ANON, async (tx) =>
        (
          await tx.query<{ made: Record<string, unknown> }>('select public.share_comment(p_token => $1, p_at_s => $2, p_name => $3, p_body => $4, p_password => $5) as made', [
            token,
            options.at ?? 92.5,
            options.name ?? 'Lee',
            body,
            options.password ?? null,
          ])
        ).rows[0]!.made,
      ),
    rowsOf: (tx, table) => tx.query<Record<string, unknown>>(`select * from public.${table}`).then((result) => result.rows),
  };
}
