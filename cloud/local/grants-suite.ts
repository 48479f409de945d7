// What the API roles may touch, read from the database's own catalogue with a hosted project's default privileges
// installed (platform.sql), against an allow-list written here: a new function, table, column or sequence that
// `anon` or `authenticated` can reach fails this test until it is listed on purpose. Run on PGlite (rls.test.ts)
// and on PostgreSQL (postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudDatabase } from './database';

/** Every privilege the API roles hold in `public`, one line each: `role kind name privilege`. */
export const API_PRIVILEGES: readonly string[] = [
  // A listener, with no account: the link's page and a comment on it, nothing else.
  'anon function share_comment(p_token text, p_at_s real, p_name text, p_body text, p_password text, p_verdict text) EXECUTE',
  'anon function share_listen(p_token text, p_password text) EXECUTE',
  // A signed-in user: their own rows (row level security decides which, the plan decides writes).
  'authenticated function is_pro() EXECUTE',
  'authenticated function server_ms() EXECUTE',
  'authenticated function server_ms_allowed() EXECUTE',
  'authenticated function share_comment(p_token text, p_at_s real, p_name text, p_body text, p_password text, p_verdict text) EXECUTE',
  'authenticated function share_create(p_song_id uuid, p_expires_in_days integer, p_password text, p_version_path text, p_allow_download boolean, p_version_time bigint, p_object_path text, p_waveform jsonb) EXECUTE',
  'authenticated function share_listen(p_token text, p_password text) EXECUTE',
  'authenticated function share_move(p_from uuid, p_to uuid) EXECUTE',
  'authenticated function share_reply(p_share_id uuid, p_at_s real, p_body text) EXECUTE',
  'authenticated function share_revoke(p_token text) EXECUTE',
  'authenticated function share_set_comment_cap(p_share_id uuid, p_cap integer) EXECUTE',
  'authenticated function sync_ids() EXECUTE',
  ...['custom_fields', 'songs', 'user_settings', 'views'].flatMap((table) => ['DELETE', 'INSERT', 'SELECT', 'UPDATE'].map((privilege) => `authenticated table ${table} ${privilege}`)),
  'authenticated table share_comments DELETE',
  'authenticated table share_comments SELECT',
  'authenticated column share_comments.resolved UPDATE',
  'authenticated table shares DELETE',
  'authenticated table shares SELECT',
  'authenticated table subscriptions INSERT',
  'authenticated table subscriptions SELECT',
  'authenticated table subscriptions UPDATE',
].sort();

/** The privileges `anon` and `authenticated` hold on `public`'s objects, through any grant (PUBLIC's included). */
export const PRIVILEGES_SQL = `
  with api(role) as (values ('anon'), ('authenticated')),
  functions as (
    select api.role, 'function' as kind, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name, 'EXECUTE' as privilege
    from pg_proc p cross join api
    where p.pronamespace = 'public'::regnamespace and has_function_privilege(api.role, p.oid, 'EXECUTE')
  ),
  tables as (
    select api.role, 'table' as kind, c.relname as name, t.privilege
    from pg_class c cross join api
      cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) t(privilege)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and has_table_privilege(api.role, c.oid, t.privilege)
  ),
  columns as (
    -- Column grants that are more than the table's: a column privilege the table privilege does not already give.
    select api.role, 'column' as kind, c.relname || '.' || a.attname as name, t.privilege
    from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      cross join api cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('REFERENCES')) t(privilege)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and has_column_privilege(api.role, c.oid, a.attnum, t.privilege) and not has_table_privilege(api.role, c.oid, t.privilege)
  ),
  sequences as (
    select api.role, 'sequence' as kind, c.relname as name, t.privilege
    from pg_class c cross join api cross join (values ('USAGE'), ('SELECT'), ('UPDATE')) t(privilege)
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and has_sequence_privilege(api.role, c.oid, t.privilege)
  )
  select role || ' ' || kind || ' ' || name || ' ' || privilege as line
  from (select * from functions union all select * from tables union all select * from columns union all select * from sequences) granted
  order by line`;

export function describeGrants(open: () => Promise<CloudDatabase>): void {
  describe('the API roles under a hosted project’s default privileges', () => {
    let cloud: CloudDatabase;
    beforeAll(async () => {
      cloud = await open();
    }, 120_000);
    afterAll(async () => {
      await cloud?.close();
    });

    it('anon and authenticated hold exactly the allow-listed privileges in public, no more', async () => {
      const { rows } = await cloud.asOwner((tx) => tx.query<{ line: string }>(PRIVILEGES_SQL));
      expect(rows.map((row) => row.line).sort()).toEqual(API_PRIVILEGES);
    });

    it('a hosted project’s defaults are installed, and a function created after the migrations is granted to nobody', async () => {
      const granted = await cloud.asOwner(async (tx) => {
        await tx.query(`create function public.songshelf_grants_probe() returns int language sql as 'select 1'`);
        await tx.query(`create table public.songshelf_grants_probe_table (id int)`);
        const { rows } = await tx.query<{ fn_anon: boolean; fn_auth: boolean; table_auth: boolean; default_acl: number }>(`select
          has_function_privilege('anon', 'public.songshelf_grants_probe()', 'EXECUTE') as fn_anon,
          has_function_privilege('authenticated', 'public.songshelf_grants_probe()', 'EXECUTE') as fn_auth,
          has_table_privilege('authenticated', 'public.songshelf_grants_probe_table', 'SELECT') as table_auth,
          (select count(*)::int from pg_default_acl d where d.defaclnamespace = 'public'::regnamespace) as default_acl`);
        await tx.query('drop function public.songshelf_grants_probe()');
        await tx.query('drop table public.songshelf_grants_probe_table');
        return rows[0]!;
      });
      // The defaults exist (a hosted project's), and the migrations turned off what they give the API roles.
      expect(granted.default_acl).toBeGreaterThan(0);
      expect(granted).toMatchObject({ fn_anon: false, fn_auth: false, table_auth: false });
    });
  });
}
