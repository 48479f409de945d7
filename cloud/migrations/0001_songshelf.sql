-- Songshelf's cloud schema for a Supabase project (spec sections 3, 6 and 7; DESIGN.md "Cloud").
-- Runs as is on a hosted project, and on the local cloud after cloud/local/platform.sql (the part of the
-- Supabase platform it relies on: roles, auth.uid(), auth.users, storage.buckets and storage.objects).
--
-- Every table is scoped to its owner by row level security on auth.uid(). A client can never make itself pro:
-- subscriptions accept from clients only a free row for themselves, or a cancellation; the upgrade is written
-- by the checkout confirmation (public.confirm_checkout, service role only).

-- Songs and views: the app's own objects as JSON, with the modified time for incremental pulls.
create table public.songs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  data jsonb not null check (jsonb_typeof(data) = 'object')
);
create index songs_user_modified on public.songs (user_id, modified_at);
create index songs_user_data_id on public.songs (user_id, (data ->> 'id'));

create table public.views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  data jsonb not null check (jsonb_typeof(data) = 'object')
);
create index views_user_modified on public.views (user_id, modified_at);
create index views_user_data_id on public.views (user_id, (data ->> 'id'));

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  tier text not null default 'free' check (tier in ('free', 'pro')),
  status text not null default 'active' check (status in ('active', 'cancelled')),
  created_at timestamptz not null default now()
);
create index subscriptions_user_status on public.subscriptions (user_id, status, created_at desc);

create table public.user_settings (
  id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  project_directories jsonb not null default '[]' check (jsonb_typeof(project_directories) = 'array'),
  updated_at timestamptz not null default now()
);

-- A pull asks for what changed since its last sync: every write moves modified_at (updated_at for settings).
create function public.touch_modified_at() returns trigger language plpgsql as $$
begin
  new.modified_at := now();
  return new;
end $$;
create trigger songs_touch before update on public.songs for each row execute function public.touch_modified_at();
create trigger views_touch before update on public.views for each row execute function public.touch_modified_at();

create function public.touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;
create trigger user_settings_touch before update on public.user_settings for each row execute function public.touch_updated_at();

-- Row level security: a user sees and changes only their own rows.
alter table public.songs enable row level security;
alter table public.views enable row level security;
alter table public.subscriptions enable row level security;
alter table public.user_settings enable row level security;

create policy songs_owner on public.songs for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy views_owner on public.views for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy user_settings_owner on public.user_settings for all to authenticated
  using (id = auth.uid()) with check (id = auth.uid());

-- Subscriptions: read your own; insert only an active free row for yourself; update only to cancel.
create policy subscriptions_read on public.subscriptions for select to authenticated
  using (user_id = auth.uid());
create policy subscriptions_insert_free on public.subscriptions for insert to authenticated
  with check (user_id = auth.uid() and tier = 'free' and status = 'active');
create policy subscriptions_cancel on public.subscriptions for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid() and status = 'cancelled');

-- A row's tier and owner never change: a cancellation may not also turn free into pro (the policy sees only the
-- new row), and the upgrade adds a new row (confirm_checkout).
create function public.subscriptions_keep_tier() returns trigger language plpgsql as $$
begin
  if new.tier is distinct from old.tier then
    raise exception 'A subscription''s tier changes only through checkout.' using errcode = '42501';
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception 'A subscription cannot change owner.' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger subscriptions_keep_tier before update on public.subscriptions for each row execute function public.subscriptions_keep_tier();

grant select, insert, update, delete on public.songs, public.views, public.user_settings to authenticated;
grant select, insert, update on public.subscriptions to authenticated;
grant all on public.songs, public.views, public.user_settings, public.subscriptions to service_role;

-- A new user starts with an active free subscription and empty settings.
create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.subscriptions (user_id, tier, status) values (new.id, 'free', 'active');
  insert into public.user_settings (id) values (new.id) on conflict (id) do nothing;
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();

-- The pro upgrade, called by the checkout confirmation with the service role once the checkout session has been
-- checked server-side: the user's active subscriptions are cancelled and an active pro one is added.
create function public.confirm_checkout(target_user uuid) returns void language plpgsql security definer set search_path = '' as $$
begin
  update public.subscriptions set status = 'cancelled' where user_id = target_user and status = 'active';
  insert into public.subscriptions (user_id, tier, status) values (target_user, 'pro', 'active');
end $$;
revoke all on function public.confirm_checkout(uuid) from public;
grant execute on function public.confirm_checkout(uuid) to service_role;

-- Storage: audio and recording sessions under {userId}/{sanitizedName}, private to their owner.
insert into storage.buckets (id, name, public) values ('audio-files', 'audio-files', false), ('session-files', 'session-files', false)
  on conflict (id) do nothing;

create policy songshelf_files_read on storage.objects for select to authenticated
  using (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text);
create policy songshelf_files_insert on storage.objects for insert to authenticated
  with check (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text);
create policy songshelf_files_update on storage.objects for update to authenticated
  using (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text);
create policy songshelf_files_delete on storage.objects for delete to authenticated
  using (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text);
