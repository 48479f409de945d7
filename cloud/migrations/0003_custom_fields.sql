-- Custom field definitions travel like custom views (a pro user's columns follow them to every
-- computer; the values already travel inside each song). Same shape as songs and views: the app's own object as
-- JSON, the writing device, last writer wins by data.modifiedAt, modified_at moved by every write.
create table public.custom_fields (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default clock_timestamp(),
  origin text not null default '',
  data jsonb not null check (jsonb_typeof(data) = 'object')
);
create index custom_fields_user_modified on public.custom_fields (user_id, modified_at);

-- Triggers run in name order: keep_newest decides first, touch then moves modified_at.
create trigger custom_fields_keep_newest before update on public.custom_fields for each row execute function public.keep_newest_data();
create trigger custom_fields_touch before update on public.custom_fields for each row execute function public.touch_modified_at();

alter table public.custom_fields enable row level security;
create policy custom_fields_owner on public.custom_fields for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
grant select, insert, update, delete on public.custom_fields to authenticated;
grant all on public.custom_fields to service_role;

create or replace function public.sync_ids() returns jsonb language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'songs', coalesce((select jsonb_agg(id) from public.songs where user_id = auth.uid()), '[]'::jsonb),
    'views', coalesce((select jsonb_agg(id) from public.views where user_id = auth.uid()), '[]'::jsonb),
    'custom_fields', coalesce((select jsonb_agg(id) from public.custom_fields where user_id = auth.uid()), '[]'::jsonb)
  );
$$;
