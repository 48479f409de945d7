-- Issue 33: private listening links with time-stamped comments, enforced here, not by the page.
--   * A link is made only by share_create, for a pro owner's own song. Its token carries 244 random bits (two
--     version-4 UUIDs) and is stored only as its SHA-256; a password, salted, the same.
--   * Links and comments are their owner's to read (row level security). A listener, with no account, reaches them
--     only through share_listen and share_comment, which take the token (and the password where one is set). A
--     revoked, expired or unknown link gives one answer: "This link is not available".
--   * A comment is at most 2,000 characters and a name 80; a link takes at most 10 comments a minute and 1,000 in all.
--   * The audio is served by a signed address valid one hour, made by the share-audio function after share_listen
--     (storage signs; SQL cannot).

create table public.shares (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  song_id uuid not null,
  token_hash text not null unique,
  password_salt text,
  password_hash text,
  allow_download boolean not null default false,
  -- What the listener sees, taken from the song when the link is made: its name, the version's time, its waveform.
  song_name text not null check (char_length(song_name) between 1 and 500),
  version_path text check (char_length(version_path) <= 4096),
  version_time bigint,
  waveform jsonb check (octet_length(waveform::text) <= 65536),
  object_path text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index shares_user_song on public.shares (user_id, song_id);

create table public.share_comments (
  id uuid primary key default gen_random_uuid(),
  share_id uuid not null references public.shares (id) on delete cascade,
  -- The link's owner: whose comments these are to read.
  user_id uuid not null references auth.users (id) on delete cascade,
  at_s real not null check (at_s >= 0 and at_s <= 86400),
  name text not null check (char_length(name) between 1 and 80),
  body text not null check (char_length(body) between 1 and 2000),
  verdict text check (verdict in ('approved', 'changes')),
  from_owner boolean not null default false,
  resolved boolean not null default false,
  created_at timestamptz not null default now()
);
create index share_comments_share_time on public.share_comments (share_id, created_at);
create index share_comments_user on public.share_comments (user_id, created_at);

alter table public.shares enable row level security;
alter table public.share_comments enable row level security;
create policy shares_read on public.shares for select to authenticated using (user_id = auth.uid());
create policy shares_delete on public.shares for delete to authenticated using (user_id = auth.uid());
create policy share_comments_read on public.share_comments for select to authenticated using (user_id = auth.uid());
create policy share_comments_resolve on public.share_comments for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy share_comments_delete on public.share_comments for delete to authenticated using (user_id = auth.uid());
-- No insert or update of links for anyone but the functions below; of comments the owner changes `resolved` alone.
grant select, delete on public.shares to authenticated;
grant select, delete on public.share_comments to authenticated;
grant update (resolved) on public.share_comments to authenticated;
grant all on public.shares, public.share_comments to service_role;

create function public.share_token_hash(p_token text) returns text language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex');
$$;

create function public.share_password_hash(p_salt text, p_password text) returns text language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(p_salt || ':' || coalesce(p_password, ''), 'UTF8')), 'hex');
$$;

-- The link a token opens, or the one plain refusal; a password-protected link asks for its password.
create function public.share_open(p_token text, p_password text) returns public.shares language plpgsql stable security definer set search_path = '' as $$
declare
  link public.shares;
begin
  if p_token is null or char_length(p_token) <> 64 then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  select * into link from public.shares
    where token_hash = public.share_token_hash(p_token) and revoked_at is null and expires_at > now();
  if link.id is null then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  if link.password_hash is not null and (p_password is null or public.share_password_hash(link.password_salt, p_password) <> link.password_hash) then
    raise exception 'This link needs its password' using errcode = '28P01';
  end if;
  return link;
end $$;
revoke all on function public.share_open(text, text) from public;

create function public.share_comment_json(c public.share_comments) returns jsonb language sql immutable set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'atS', c.at_s, 'name', c.name, 'body', c.body, 'verdict', c.verdict, 'fromOwner', c.from_owner,
    'resolved', c.resolved, 'createdAt', floor(extract(epoch from c.created_at) * 1000)::bigint);
$$;
revoke all on function public.share_comment_json(public.share_comments) from public;

-- A pro owner's link to one of their songs: the token is returned once, and kept only as its hash.
create function public.share_create(p_song_id uuid, p_expires_in_days integer default 30, p_password text default null,
  p_version_path text default null, p_allow_download boolean default false, p_version_time bigint default null)
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  song jsonb;
  token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  salt text := replace(gen_random_uuid()::text, '-', '');
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
  insert into public.shares (user_id, song_id, token_hash, password_salt, password_hash, allow_download, song_name, version_path, version_time, waveform, object_path, expires_at)
  values (
    caller, p_song_id, public.share_token_hash(token),
    case when p_password is null then null else salt end,
    case when p_password is null then null else public.share_password_hash(salt, p_password) end,
    coalesce(p_allow_download, false),
    left(coalesce(nullif(song ->> 'name', ''), 'Untitled'), 500),
    p_version_path,
    coalesce(p_version_time, nullif(song #>> '{file,modifiedTime}', '')::bigint),
    case when jsonb_typeof(song #> '{meta,analysis,overview}') = 'array' and octet_length((song #> '{meta,analysis,overview}')::text) <= 65536
      then song #> '{meta,analysis,overview}' end,
    (select name from storage.objects where bucket_id = 'audio-files' and name like caller::text || '/' || p_song_id::text || '/%' order by updated_at desc limit 1),
    now() + make_interval(days => p_expires_in_days)
  ) returning * into made;
  return jsonb_build_object('id', made.id, 'token', token, 'expiresAt', floor(extract(epoch from made.expires_at) * 1000)::bigint);
end $$;
revoke all on function public.share_create(uuid, integer, text, text, boolean, bigint) from public;
grant execute on function public.share_create(uuid, integer, text, text, boolean, bigint) to authenticated;

-- The owner revokes a link by its token: at once, for good.
create function public.share_revoke(p_token text) returns boolean language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.shares set revoked_at = now() where token_hash = public.share_token_hash(p_token) and user_id = auth.uid() and revoked_at is null;
  return found;
end $$;
revoke all on function public.share_revoke(text) from public;
grant execute on function public.share_revoke(text) to authenticated;

-- What a listener sees: the song's name, the version's time, its waveform, whether they may download, the comments.
create function public.share_listen(p_token text, p_password text default null) returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  link public.shares := public.share_open(p_token, p_password);
begin
  return jsonb_build_object(
    'name', link.song_name,
    'versionTime', link.version_time,
    'waveform', coalesce(link.waveform, '[]'::jsonb),
    'allowDownload', link.allow_download,
    'hasAudio', link.object_path is not null,
    'expiresAt', floor(extract(epoch from link.expires_at) * 1000)::bigint,
    'comments', coalesce((select jsonb_agg(public.share_comment_json(c) order by c.at_s, c.created_at) from public.share_comments c where c.share_id = link.id), '[]'::jsonb)
  );
end $$;
revoke all on function public.share_listen(text, text) from public;
grant execute on function public.share_listen(text, text) to anon, authenticated;

-- A listener's comment at a moment, with their name (and, on a protected link, its password); a verdict marks the
-- song "approved" or "changes" (needs changes). Capped in size, and per link in rate and number.
create function public.share_comment(p_token text, p_at_s real, p_name text, p_body text, p_password text default null, p_verdict text default null)
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares := public.share_open(p_token, p_password);
  made public.share_comments;
begin
  if p_body is null or char_length(btrim(p_body)) < 1 or char_length(p_body) > 2000 then
    raise exception 'A comment is 1 to 2,000 characters.' using errcode = '22001';
  end if;
  if p_name is null or char_length(btrim(p_name)) < 1 or char_length(p_name) > 80 then
    raise exception 'A name is 1 to 80 characters.' using errcode = '22001';
  end if;
  if p_at_s is null or p_at_s < 0 or p_at_s > 86400 then
    raise exception 'A comment is at a moment of the song.' using errcode = '22023';
  end if;
  if p_verdict is not null and p_verdict not in ('approved', 'changes') then
    raise exception 'A verdict is approved or changes.' using errcode = '22023';
  end if;
  -- One listener at a time per link: a burst counts every comment before it.
  perform pg_advisory_xact_lock(hashtext('songshelf.share_comment'), hashtext(link.id::text));
  if (select count(*) from public.share_comments where share_id = link.id and created_at > now() - interval '1 minute') >= 10 then
    raise exception 'Too many comments on this link at once: wait a minute.' using errcode = '54000';
  end if;
  if (select count(*) from public.share_comments where share_id = link.id) >= 1000 then
    raise exception 'This link takes no more comments.' using errcode = '54000';
  end if;
  insert into public.share_comments (share_id, user_id, at_s, name, body, verdict)
    values (link.id, link.user_id, p_at_s, btrim(p_name), btrim(p_body), p_verdict) returning * into made;
  return public.share_comment_json(made);
end $$;
revoke all on function public.share_comment(text, real, text, text, text, text) from public;
grant execute on function public.share_comment(text, real, text, text, text, text) to anon, authenticated;

-- The owner's reply on one of their links (from the app or the page, signed in).
create function public.share_reply(p_share_id uuid, p_at_s real, p_body text) returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  link public.shares;
  made public.share_comments;
  owner_name text;
begin
  select * into link from public.shares where id = p_share_id and user_id = auth.uid();
  if link.id is null then
    raise exception 'This link is not available' using errcode = 'P0002';
  end if;
  if p_body is null or char_length(btrim(p_body)) < 1 or char_length(p_body) > 2000 then
    raise exception 'A comment is 1 to 2,000 characters.' using errcode = '22001';
  end if;
  select left(coalesce(nullif(raw_user_meta_data ->> 'full_name', ''), nullif(raw_user_meta_data ->> 'name', ''), 'Owner'), 80) into owner_name from auth.users where id = link.user_id;
  insert into public.share_comments (share_id, user_id, at_s, name, body, from_owner)
    values (link.id, link.user_id, greatest(0, least(coalesce(p_at_s, 0), 86400)), coalesce(owner_name, 'Owner'), btrim(p_body), true) returning * into made;
  return public.share_comment_json(made);
end $$;
revoke all on function public.share_reply(uuid, real, text) from public;
grant execute on function public.share_reply(uuid, real, text) to authenticated;
