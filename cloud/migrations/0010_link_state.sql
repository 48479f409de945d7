-- Issue 44: one home for a link's state and for how long a link may last, each with a TypeScript twin.
--
-- Whether a link still opens was written out in each function that opens one (`revoked_at is null and expires_at >
-- now()`), and again in the app by three clocks. It is now `share_link_state`, the twin of `linkState`
-- (common/shares.ts): open until its end unless revoked, a link both revoked and past its end saying what happened
-- first. How long a link may last (1 to 365 days) is `share_days_allowed`, the twin of `shareDaysAllowed`.
-- cloud/local/link-state.test.ts runs each pair on the same cases. The clock is the server's: the functions pass
-- `now()`, and the app judges its links by the server's clock too (main/account/server-clock.ts).
--
-- Helpers only the functions call: granted to nobody (0009's default privileges).

create function public.share_link_state(p_revoked_at timestamptz, p_expires_at timestamptz, p_now timestamptz) returns text
language sql immutable set search_path = '' as $$
  select case
    when p_expires_at <= p_now and (p_revoked_at is null or p_revoked_at >= p_expires_at) then 'expired'
    when p_revoked_at is null then 'open'
    else 'revoked'
  end;
$$;

create function public.share_days_allowed(p_days integer) returns boolean language sql immutable set search_path = '' as $$
  select coalesce(p_days between 1 and 365, false);
$$;

-- The link a token opens (as 0009), open by `share_link_state`.
create or replace function public.share_unlock(p_token text, p_password text) returns public.shares language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares;
  nothing public.shares;
begin
  if p_token is null or char_length(p_token) <> 64 then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  select * into link from public.shares
    where token_hash = public.share_token_hash(p_token) and public.share_link_state(revoked_at, expires_at, now()) = 'open';
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

-- 0007's share_open (no function calls it; kept revoked), open by the same rule.
create or replace function public.share_open(p_token text, p_password text) returns public.shares language plpgsql stable security definer set search_path = '' as $$
declare
  link public.shares;
begin
  if p_token is null or char_length(p_token) <> 64 then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  select * into link from public.shares
    where token_hash = public.share_token_hash(p_token) and public.share_link_state(revoked_at, expires_at, now()) = 'open';
  if link.id is null then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  if link.password_hash is not null and (p_password is null or public.share_password_hash(link.password_salt, p_password) <> link.password_hash) then
    raise exception 'This link needs its password' using errcode = '28P01';
  end if;
  return link;
end $$;

-- A pro owner's link (as 0009), its length checked by `share_days_allowed`.
create or replace function public.share_create(p_song_id uuid, p_expires_in_days integer default 30, p_password text default null,
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
  if not public.share_days_allowed(p_expires_in_days) then
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
