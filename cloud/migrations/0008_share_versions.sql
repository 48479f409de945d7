-- Issue 33: a link to a chosen version of a song, and a link to the latest bounce that follows the song.
--   * A link to the song's latest bounce keeps no object of its own: it plays the newest object in the song's folder
--     (`{userId}/{songId}/{name}`) when it is opened, so a bounce uploaded again under another name (the old object
--     then removed by the app) never leaves the link silent, and its date is the song's bounce as it is now.
--   * A link to a chosen version plays that version's own object, uploaded for it by the owner under the song's
--     `versions/` folder (`{userId}/{songId}/versions/{name}`); share_create takes it only there, only the caller's,
--     and only when it is stored. It never changes when the song's bounce does.

-- The helpers only the functions call, whatever a hosted project's default privileges grant: a caller who could pass
-- a made-up row to them would read another user's object names and waveforms.
revoke all on function public.share_open(text, text) from public, anon, authenticated;
revoke all on function public.share_comment_json(public.share_comments) from public, anon, authenticated;

-- 0007 kept every link's object when it was made: a link with no version of its own follows its song from now on.
update public.shares set object_path = null where object_path is null or object_path not like '%/versions/%';

-- The object a link plays now: its version's, or the newest in its song's own folder (not in a subfolder).
create function public.share_audio_object(link public.shares) returns text language sql stable security definer set search_path = '' as $$
  select case
    when link.object_path is not null then
      (select name from storage.objects where bucket_id = 'audio-files' and name = link.object_path)
    else
      (select name from storage.objects
        where bucket_id = 'audio-files'
          and name like link.user_id::text || '/' || link.song_id::text || '/%'
          and array_length(string_to_array(name, '/'), 1) = 3
        order by updated_at desc, name limit 1)
  end;
$$;
revoke all on function public.share_audio_object(public.shares) from public, anon, authenticated;

-- A waveform overview as a listener's page draws it: at most 480 whole numbers from -128 to 127. The songs' rows keep
-- it as text, two hex digits a value (the signed byte: -1 is "ff"; common/audio-analysis.ts), older rows as an array.
create function public.share_overview(v jsonb) returns jsonb language sql immutable set search_path = '' as $$
  select case
    when jsonb_typeof(v) = 'array' and jsonb_array_length(v) <= 480
      and not exists (select 1 from jsonb_array_elements(v) e where jsonb_typeof(e) <> 'number' or (e #>> '{}')::numeric not between -128 and 127
        or (e #>> '{}')::numeric <> trunc((e #>> '{}')::numeric))
      then v
    when jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^([0-9a-f]{2})+$' and char_length(v #>> '{}') <= 960 then
      (select jsonb_agg(case when b >= 128 then b - 256 else b end order by i)
        from (select i, get_byte(decode(v #>> '{}', 'hex'), i) as b from generate_series(0, char_length(v #>> '{}') / 2 - 1) i) bytes)
  end;
$$;
revoke all on function public.share_overview(jsonb) from public, anon, authenticated;

-- The waveform a listener sees: the chosen version's, else the song's as it is now.
create function public.share_waveform(link public.shares) returns jsonb language sql stable security definer set search_path = '' as $$
  select case
    when link.object_path is not null then link.waveform
    else coalesce(
      (select public.share_overview(data #> '{meta,analysis,overview}') from public.songs where id = link.song_id and user_id = link.user_id),
      link.waveform)
  end;
$$;
revoke all on function public.share_waveform(public.shares) from public, anon, authenticated;

-- The version's date a listener sees: the chosen version's, else the song's bounce as it is now.
create function public.share_version_time(link public.shares) returns bigint language sql stable security definer set search_path = '' as $$
  select case
    when link.object_path is not null then link.version_time
    else coalesce(
      (select nullif(data #>> '{file,modifiedTime}', '')::bigint from public.songs where id = link.song_id and user_id = link.user_id),
      link.version_time)
  end;
$$;
revoke all on function public.share_version_time(public.shares) from public, anon, authenticated;

drop function public.share_create(uuid, integer, text, text, boolean, bigint);

-- A pro owner's link to one of their songs (or to a version of it they uploaded): the token is returned once, and
-- kept only as its hash.
create function public.share_create(p_song_id uuid, p_expires_in_days integer default 30, p_password text default null,
  p_version_path text default null, p_allow_download boolean default false, p_version_time bigint default null,
  p_object_path text default null, p_waveform jsonb default null)
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  song jsonb;
  token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  salt text := replace(gen_random_uuid()::text, '-', '');
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
  if p_password is not null and (char_length(p_password) < 1 or char_length(p_password) > 200) then
    raise exception 'A password is 1 to 200 characters.' using errcode = '22023';
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
    case when p_password is null then null else salt end,
    case when p_password is null then null else public.share_password_hash(salt, p_password) end,
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
revoke all on function public.share_create(uuid, integer, text, text, boolean, bigint, text, jsonb) from public;
grant execute on function public.share_create(uuid, integer, text, text, boolean, bigint, text, jsonb) to authenticated;

-- What a listener sees: as 0007, with the audio and the version's date as the link plays them now.
create or replace function public.share_listen(p_token text, p_password text default null) returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  link public.shares := public.share_open(p_token, p_password);
begin
  return jsonb_build_object(
    'name', link.song_name,
    'versionTime', public.share_version_time(link),
    'waveform', coalesce(public.share_waveform(link), '[]'::jsonb),
    'allowDownload', link.allow_download,
    'hasAudio', public.share_audio_object(link) is not null,
    'expiresAt', floor(extract(epoch from link.expires_at) * 1000)::bigint,
    'comments', coalesce((select jsonb_agg(public.share_comment_json(c) order by c.at_s, c.created_at) from public.share_comments c where c.share_id = link.id), '[]'::jsonb)
  );
end $$;
