-- The plan, enforced by the server (DESIGN.md "Trust rules"; spec sections 6 and 9). The app already skips sync and
-- uploads for free users, but a client calling the API itself skips the app. From here:
--   * only an active pro user inserts or updates songs, views, custom fields and settings, and stores files;
--   * reading and deleting stay the owner's whatever the plan: a user who stopped paying still reads their data (the
--     website, another computer's pull) and may delete it; their data is never held hostage to a subscription;
--   * a file is at most 50 MB and a user's files at most 1 GiB in all, counted by the database, whoever writes;
--   * a row's JSON is at most 512 KiB as the database prints it, its origin at most 100 bytes.
-- The numbers are the app's own: MAX_UPLOAD_BYTES (common/upload-rules.ts), PRO_STORAGE_CAP_BYTES and
-- CLOUD_DATA_MAX_BYTES (common/constants.ts); the tests (cloud/local/plan-suite.ts) hold the SQL to them at the edges.
-- modified_at stays the server's (0004_server_time.sql).

-- Who is pro: an active pro subscription, which only checkout writes (0001). Security definer, so that a policy can
-- ask it for every written row whatever the caller's own policies on subscriptions say; an empty search_path, so that
-- nothing a caller creates can stand in for what it reads.
create function public.is_pro() returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.subscriptions where user_id = auth.uid() and status = 'active' and tier = 'pro');
$$;
revoke all on function public.is_pro() from public;
grant execute on function public.is_pro() to authenticated, service_role;

-- Rows. 0001's one owner policy per table ("for all") becomes one per command: select and delete for the owner, insert
-- and update for a pro owner. An update keeps ownership alone in USING, so a free user's update is refused with an
-- error instead of matching nothing; an upsert meets both the insert and the update check. `(select is_pro())` is
-- asked once per statement, not once per row of a 1000-row push.
drop policy songs_owner on public.songs;
create policy songs_read on public.songs for select to authenticated using (user_id = auth.uid());
create policy songs_delete on public.songs for delete to authenticated using (user_id = auth.uid());
create policy songs_insert on public.songs for insert to authenticated with check (user_id = auth.uid() and (select public.is_pro()));
create policy songs_update on public.songs for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid() and (select public.is_pro()));

drop policy views_owner on public.views;
create policy views_read on public.views for select to authenticated using (user_id = auth.uid());
create policy views_delete on public.views for delete to authenticated using (user_id = auth.uid());
create policy views_insert on public.views for insert to authenticated with check (user_id = auth.uid() and (select public.is_pro()));
create policy views_update on public.views for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid() and (select public.is_pro()));

drop policy custom_fields_owner on public.custom_fields;
create policy custom_fields_read on public.custom_fields for select to authenticated using (user_id = auth.uid());
create policy custom_fields_delete on public.custom_fields for delete to authenticated using (user_id = auth.uid());
create policy custom_fields_insert on public.custom_fields for insert to authenticated with check (user_id = auth.uid() and (select public.is_pro()));
create policy custom_fields_update on public.custom_fields for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid() and (select public.is_pro()));

-- Settings: a new user's row is made by handle_new_user (security definer, 0001), so a free user has one to read.
drop policy user_settings_owner on public.user_settings;
create policy user_settings_read on public.user_settings for select to authenticated using (id = auth.uid());
create policy user_settings_delete on public.user_settings for delete to authenticated using (id = auth.uid());
create policy user_settings_insert on public.user_settings for insert to authenticated with check (id = auth.uid() and (select public.is_pro()));
create policy user_settings_update on public.user_settings for update to authenticated
  using (id = auth.uid()) with check (id = auth.uid() and (select public.is_pro()));

-- Sizes: 524288 bytes (512 KiB) of JSON text, the text Postgres prints (`cloudDataBytes` in common/cloud-data-size.ts
-- counts the same, so the app knows before it sends). A song at every limit the app puts on what a user types fits
-- in any script (about 415 KB); its lists read from project files are shortened to fit (`fitCloudSong`). The origin
-- is a device id (36 bytes) or 'web'. NOT VALID: rows already stored are not rechecked (a project holding one still
-- migrates), but each one must fit when it is next written.
alter table public.songs add constraint songs_data_size check (octet_length(data::text) <= 524288) not valid;
alter table public.views add constraint views_data_size check (octet_length(data::text) <= 524288) not valid;
alter table public.custom_fields add constraint custom_fields_data_size check (octet_length(data::text) <= 524288) not valid;
alter table public.user_settings add constraint user_settings_project_directories_size check (octet_length(project_directories::text) <= 524288) not valid;
alter table public.songs add constraint songs_origin_size check (octet_length(origin) <= 100) not valid;
alter table public.views add constraint views_origin_size check (octet_length(origin) <= 100) not valid;
alter table public.custom_fields add constraint custom_fields_origin_size check (octet_length(origin) <= 100) not valid;
alter table public.user_settings add constraint user_settings_origin_size check (octet_length(origin) <= 100) not valid;

-- Files. Each bucket refuses more than 50 MB itself: a hosted project's storage service checks file_size_limit as the
-- upload streams in, the local cloud when it has read it (cloud/local/storage.ts).
update storage.buckets set file_size_limit = 52428800 where id in ('audio-files', 'session-files');

-- Who may store: the owner of the folder, while pro. Reading and removing stay the owner's (0001's policies).
drop policy songshelf_files_insert on storage.objects;
drop policy songshelf_files_update on storage.objects;
create policy songshelf_files_insert on storage.objects for insert to authenticated
  with check (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text and (select public.is_pro()));
create policy songshelf_files_update on storage.objects for update to authenticated
  using (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id in ('audio-files', 'session-files') and (storage.foldername(name))[1] = auth.uid()::text and (select public.is_pro()));

-- How much: a trigger, not a policy. A hosted project's storage service checks the policies with a trial write that
-- carries no size yet, then writes the object with its size (metadata.size) as its own role, which policies do not
-- bind; a trigger sees every write with its size, whoever makes it. The size is the storage service's (hosted) or the
-- local cloud's count of the bytes it received, never the client's word. Security invoker: as a user it sums the
-- files that user may see (their own folder), as the storage service every file of that folder.
create function public.songshelf_files_within_plan() returns trigger language plpgsql set search_path = '' as $$
declare
  new_size bigint := coalesce((new.metadata ->> 'size')::bigint, 0);
  owner_folder text := (storage.foldername(new.name))[1];
  stored bigint;
begin
  if new.bucket_id not in ('audio-files', 'session-files') then
    return new;
  end if;
  if new_size < 0 or new_size > 52428800 then
    raise exception 'A file in the cloud may be at most 50 MB (52428800 bytes); this one is % bytes.', new_size using errcode = '42501';
  end if;
  -- Only a user's folder, named by their id, has a plan (the policies let a user write nowhere else); an id holds no
  -- LIKE wildcard, so the folder's files are found by the prefix of their names.
  if owner_folder is null or owner_folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return new;
  end if;
  -- One write per user at a time: two uploads at once would each count without the other's file. The lock lasts to
  -- the end of the transaction, and the sum below, a new statement, sees what the other one committed.
  perform pg_advisory_xact_lock(hashtext('songshelf.files_within_plan'), hashtext(owner_folder));
  -- After the write: every other file of the folder in both buckets, without the one this write replaces (an upsert
  -- of the same name, or the row itself when an update renames it).
  select coalesce(sum((metadata ->> 'size')::bigint), 0) into stored
    from storage.objects
    where bucket_id in ('audio-files', 'session-files') and name like owner_folder || '/%'
      and id <> new.id and not (bucket_id = new.bucket_id and name = new.name);
  if stored + new_size > 1073741824 then
    raise exception 'This upload would take your cloud storage past 1 GiB (% bytes stored, % more).', stored, new_size using errcode = '42501';
  end if;
  return new;
end $$;
create trigger songshelf_files_within_plan before insert or update on storage.objects
  for each row execute function public.songshelf_files_within_plan();
