-- Issue 42: safe on a hosted Supabase project.
--
-- A hosted project's init scripts give its API roles default privileges in `public`: every table, function and
-- sequence a migration creates is granted to `anon` and `authenticated` (`alter default privileges in schema public
-- grant all on tables / functions / sequences to anon, authenticated, service_role`). `revoke ... from public` does
-- not take those away: until now a signed-in free user could run `confirm_checkout` on their own id and be Pro, `anon`
-- could run every security-definer share function, and an owner could rewrite what a listener wrote (the column grant
-- on `share_comments` narrowed nothing once the table grant existed). From here:
--   * every privilege `anon` and `authenticated` must not have is revoked by name, and what they may use is granted
--     again by name, columns as columns (cloud/local/grants-suite.ts holds the whole list against an allow-list);
--   * objects created later are granted to nobody by default: each migration grants what it means to;
--   * link passwords: at least 8 characters, hashed with Blowfish (pgcrypto `crypt`), failed attempts counted per link
--     in the database and refused after 10 in 15 minutes, for listening, commenting and the audio alike. A wrong
--     password is answered `{"refused": "password"}` rather than raised: a raised error rolls the count back with it;
--   * a link follows its song: a song's row deleted revokes its links (a trigger), and `share_move` moves them to the
--     song a twin was merged into (undoing that trigger's revocation);
--   * only the owner's replies are marked `from_owner`; a listener's name may not carry "(owner)", control or
--     bidirectional characters; the owner sets a link's comment cap (1 to 10,000);
--   * the audio: `share_audio_grant` (service role only) names the object a link plays for the `share-audio` function.

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- Objects created from here on are granted on purpose, never by default.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges revoke execute on functions from public;

-- Tables: nothing for anon (a listener reaches links only through the share functions); the owner's commands for
-- authenticated, as each table's policies expect.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
grant select, insert, update, delete on public.songs, public.views, public.user_settings, public.custom_fields to authenticated;
grant select, insert, update on public.subscriptions to authenticated;
grant select, delete on public.shares to authenticated;
grant select, delete on public.share_comments to authenticated;
grant update (resolved) on public.share_comments to authenticated;

-- Functions: none for anon or authenticated but those named below.
revoke all on all functions in schema public from public, anon, authenticated;
grant execute on function public.is_pro() to authenticated, service_role;
grant execute on function public.sync_ids() to authenticated, service_role;
-- The clamp triggers run as the writer and ask the server's clock.
grant execute on function public.server_ms(), public.server_ms_allowed() to authenticated, service_role;
grant execute on function public.confirm_checkout(uuid) to service_role;

-- Link passwords -----------------------------------------------------------------------------------------------------

alter table public.shares add column comment_cap integer not null default 1000 check (comment_cap between 1 and 10000);
-- Revoked because its song's row went (not by the owner): a merge that moves the link opens it again.
alter table public.shares add column revoked_with_song boolean not null default false;

create table public.share_password_failures (
  share_id uuid not null references public.shares (id) on delete cascade,
  failed_at timestamptz not null default now()
);
create index share_password_failures_share on public.share_password_failures (share_id, failed_at);
alter table public.share_password_failures enable row level security;
grant all on public.share_password_failures to service_role;

-- A password as stored: Blowfish with its own salt. Links made before keep their salted SHA-256 until they expire.
create function public.share_password_store(p_password text) returns text language sql volatile set search_path = '' as $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', 8));
$$;

create function public.share_password_matches(link public.shares, p_password text) returns boolean language sql stable set search_path = '' as $$
  select case
    when p_password is null then false
    when link.password_salt is null then extensions.crypt(p_password, link.password_hash) = link.password_hash
    else public.share_password_hash(link.password_salt, p_password) = link.password_hash
  end;
$$;

-- The link a token opens, for a listener: a revoked, expired or unknown link is one plain refusal; a protected link
-- asks for its password, refuses everything for 15 minutes after 10 wrong ones, and answers a wrong one by returning
-- a row with no id (the caller answers `{"refused": "password"}`), so that the failure it counted is kept.
create function public.share_unlock(p_token text, p_password text) returns public.shares language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares;
  nothing public.shares;
begin
  if p_token is null or char_length(p_token) <> 64 then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  select * into link from public.shares
    where token_hash = public.share_token_hash(p_token) and revoked_at is null and expires_at > now();
  if link.id is null then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  if link.password_hash is null then
    return link;
  end if;
  -- One guess at a time per link: a burst of guesses each counts every failure before it.
  perform pg_advisory_xact_lock(hashtext('songshelf.share_password'), hashtext(link.id::text));
  if (select count(*) from public.share_password_failures where share_id = link.id and failed_at > now() - interval '15 minutes') >= 10 then
    raise exception 'Too many wrong passwords: this link is locked for 15 minutes.' using errcode = '54000';
  end if;
  if p_password is null then
    raise exception 'This link needs its password' using errcode = '28P01';
  end if;
  if public.share_password_matches(link, p_password) then
    return link;
  end if;
  insert into public.share_password_failures (share_id) values (link.id);
  delete from public.share_password_failures where share_id = link.id and failed_at < now() - interval '1 day';
  return nothing;
end $$;

create function public.share_refused() returns jsonb language sql immutable set search_path = '' as $$
  select jsonb_build_object('refused', 'password', 'message', 'That password does not open this song.');
$$;

-- 0007's share_open stays for the functions of 0008 that read a link the caller already opened; nobody calls it now.
revoke all on function public.share_open(text, text) from public, anon, authenticated;

-- What a listener sees (as 0008), with the link's comment cap and whether it is reached.
create or replace function public.share_listen(p_token text, p_password text default null) returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares := public.share_unlock(p_token, p_password);
  total integer;
begin
  if link.id is null then
    return public.share_refused();
  end if;
  select count(*) into total from public.share_comments where share_id = link.id;
  return jsonb_build_object(
    'name', link.song_name,
    'versionTime', public.share_version_time(link),
    'waveform', coalesce(public.share_waveform(link), '[]'::jsonb),
    'allowDownload', link.allow_download,
    'hasAudio', public.share_audio_object(link) is not null,
    'expiresAt', floor(extract(epoch from link.expires_at) * 1000)::bigint,
    'commentCap', link.comment_cap,
    'commentsFull', total >= link.comment_cap,
    'comments', coalesce((select jsonb_agg(public.share_comment_json(c) order by c.at_s, c.created_at) from public.share_comments c where c.share_id = link.id), '[]'::jsonb)
  );
end $$;

-- A listener's name: 1 to 80 characters, never "(owner)" in any spelling Unicode folds to it, no control,
-- zero-width or bidirectional characters (which could make another name read as the owner's).
create function public.share_listener_name_ok(p_name text) returns boolean language sql immutable set search_path = '' as $$
  select p_name is not null
    and char_length(btrim(p_name)) between 1 and 80
    and p_name !~ '[\x01-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]'
    and position('(owner)' in lower(normalize(p_name, NFKC))) = 0;
$$;

drop function public.share_comment(text, real, text, text, text, text);
create function public.share_comment(p_token text, p_at_s real, p_name text, p_body text, p_password text default null, p_verdict text default null)
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares := public.share_unlock(p_token, p_password);
  made public.share_comments;
begin
  if link.id is null then
    return public.share_refused();
  end if;
  if p_body is null or char_length(btrim(p_body)) < 1 or char_length(p_body) > 2000 then
    raise exception 'A comment is 1 to 2,000 characters.' using errcode = '22001';
  end if;
  if p_name is null or char_length(btrim(p_name)) < 1 or char_length(p_name) > 80 then
    raise exception 'A name is 1 to 80 characters.' using errcode = '22001';
  end if;
  if not public.share_listener_name_ok(p_name) then
    raise exception 'That name cannot be used: choose another.' using errcode = '22023';
  end if;
  if p_at_s is null or p_at_s < 0 or p_at_s > 86400 then
    raise exception 'A comment is at a moment of the song.' using errcode = '22023';
  end if;
  if p_verdict is not null and p_verdict not in ('approved', 'changes') then
    raise exception 'A verdict is approved or changes.' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('songshelf.share_comment'), hashtext(link.id::text));
  if (select count(*) from public.share_comments where share_id = link.id and created_at > now() - interval '1 minute') >= 10 then
    raise exception 'Too many comments on this link at once: wait a minute.' using errcode = '54000';
  end if;
  if (select count(*) from public.share_comments where share_id = link.id) >= link.comment_cap then
    raise exception 'This link takes no more comments.' using errcode = '54000';
  end if;
  insert into public.share_comments (share_id, user_id, at_s, name, body, verdict)
    values (link.id, link.user_id, p_at_s, btrim(p_name), btrim(p_body), p_verdict) returning * into made;
  return public.share_comment_json(made);
end $$;

-- The object a link plays, for the share-audio function (which holds the service key): the same checks and count
-- as listening; `{"refused": "password"}` on a wrong password.
create function public.share_audio_grant(p_token text, p_password text default null) returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares := public.share_unlock(p_token, p_password);
begin
  if link.id is null then
    return public.share_refused();
  end if;
  return jsonb_build_object('objectPath', public.share_audio_object(link), 'allowDownload', link.allow_download);
end $$;

-- A pro owner's link (as 0008), its password at least 8 characters and stored with Blowfish.
drop function public.share_create(uuid, integer, text, text, boolean, bigint, text, jsonb);
create function public.share_create(p_song_id uuid, p_expires_in_days integer default 30, p_password text default null,
  p_version_path text default null, p_allow_download boolean default false, p_version_time bigint default null,
  p_object_path text default null, p_waveform jsonb default null)
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  song jsonb;
  token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  versions text;
  made public.shares;
begin
  if caller is null then
    raise exception 'Sign in to share a song.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.subscriptions where user_id = caller and status = 'active' and tier = 'pro') then
    raise exception 'Sharing a song is a Pro feature.' using errcode = '42501';
  end if;
  if p_expires_in_days is null or p_expires_in_days < 1 or p_expires_in_days > 365 then
    raise exception 'A link lasts from 1 to 365 days.' using errcode = '22023';
  end if;
  if p_password is not null and (char_length(p_password) < 8 or char_length(p_password) > 200) then
    raise exception 'A password is 8 to 200 characters.' using errcode = '22023';
  end if;
  select data into song from public.songs where id = p_song_id and user_id = caller;
  if song is null then
    raise exception 'That song is not in your cloud library: sync it first.' using errcode = 'P0002';
  end if;
  versions := caller::text || '/' || p_song_id::text || '/versions/';
  if p_object_path is not null and (
    left(p_object_path, char_length(versions)) <> versions
    or array_length(string_to_array(p_object_path, '/'), 1) <> 4
    or char_length(p_object_path) > 1024
    or not exists (select 1 from storage.objects where bucket_id = 'audio-files' and name = p_object_path)
  ) then
    raise exception 'That version is not in your cloud: share it again.' using errcode = 'P0002';
  end if;
  if p_waveform is not null and public.share_overview(p_waveform) is null then
    raise exception 'That waveform is not one.' using errcode = '22023';
  end if;
  insert into public.shares (user_id, song_id, token_hash, password_salt, password_hash, allow_download, song_name, version_path, version_time, waveform, object_path, expires_at)
  values (
    caller, p_song_id, public.share_token_hash(token),
    null,
    case when p_password is null then null else public.share_password_store(p_password) end,
    coalesce(p_allow_download, false),
    left(coalesce(nullif(song ->> 'name', ''), 'Untitled'), 500),
    p_version_path,
    coalesce(p_version_time, nullif(song #>> '{file,modifiedTime}', '')::bigint),
    case when p_object_path is not null then public.share_overview(p_waveform) else public.share_overview(song #> '{meta,analysis,overview}') end,
    p_object_path,
    now() + make_interval(days => p_expires_in_days)
  ) returning * into made;
  return jsonb_build_object('id', made.id, 'token', token, 'expiresAt', floor(extract(epoch from made.expires_at) * 1000)::bigint);
end $$;

-- The owner sets how many comments a link takes (1 to 10,000): one listener can fill a link, the owner opens it again.
create function public.share_set_comment_cap(p_share_id uuid, p_cap integer) returns integer language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_cap is null or p_cap < 1 or p_cap > 10000 then
    raise exception 'A link takes 1 to 10,000 comments.' using errcode = '22023';
  end if;
  update public.shares set comment_cap = p_cap where id = p_share_id and user_id = auth.uid();
  if not found then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  return p_cap;
end $$;

-- Links follow their song ------------------------------------------------------------------------------------------

-- A song's row deleted (for good, or merged away) revokes its links: a link never outlives its song.
create function public.shares_revoke_with_song() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.shares set revoked_at = now(), revoked_with_song = true
    where user_id = old.user_id and song_id = old.id and revoked_at is null;
  return old;
end $$;
create trigger songs_revoke_shares after delete on public.songs for each row execute function public.shares_revoke_with_song();

-- Two copies of one song merged (the app's twin merge): the owner's links of the one merged away now play the one kept,
-- and those its deletion revoked open again while they have not expired. The kept song must be the caller's, in the
-- cloud. Answers how many links moved.
create function public.share_move(p_from uuid, p_to uuid) returns integer language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  moved integer;
begin
  if caller is null or not exists (select 1 from public.songs where id = p_to and user_id = caller) then
    raise exception 'That song is not in your cloud library: sync it first.' using errcode = 'P0002';
  end if;
  update public.shares
    set song_id = p_to,
        revoked_at = case when revoked_with_song then null else revoked_at end,
        revoked_with_song = false
    where user_id = caller and song_id = p_from and p_from <> p_to;
  get diagnostics moved = row_count;
  return moved;
end $$;

-- Only the functions above are the API's; the helpers stay the functions' own.
revoke all on all functions in schema public from public, anon, authenticated;
grant execute on function public.is_pro() to authenticated, service_role;
grant execute on function public.sync_ids() to authenticated, service_role;
grant execute on function public.server_ms(), public.server_ms_allowed() to authenticated, service_role;
grant execute on function public.confirm_checkout(uuid) to service_role;
grant execute on function public.share_listen(text, text) to anon, authenticated;
grant execute on function public.share_comment(text, real, text, text, text, text) to anon, authenticated;
grant execute on function public.share_create(uuid, integer, text, text, boolean, bigint, text, jsonb) to authenticated;
grant execute on function public.share_revoke(text) to authenticated;
grant execute on function public.share_reply(uuid, real, text) to authenticated;
grant execute on function public.share_set_comment_cap(uuid, integer) to authenticated;
grant execute on function public.share_move(uuid, uuid) to authenticated;
grant execute on function public.share_audio_grant(text, text) to service_role;
