-- Sync (spec section 4, DESIGN.md "Cloud"): what the app's push and pull need from the tables.
--
-- origin: the device that wrote a row last, so a pull asks only for other devices' changes (a device never
-- downloads back the 10,000 songs it just pushed).
alter table public.songs add column origin text not null default '';
alter table public.views add column origin text not null default '';
alter table public.user_settings add column origin text not null default '';

-- Every write gets its own instant (clock_timestamp, not the transaction's now()): a pull pages by modified_at,
-- and a thousand rows of one upsert must not share one timestamp.
alter table public.songs alter column modified_at set default clock_timestamp();
alter table public.views alter column modified_at set default clock_timestamp();
alter table public.user_settings alter column updated_at set default clock_timestamp();

create or replace function public.touch_modified_at() returns trigger language plpgsql as $$
begin
  new.modified_at := clock_timestamp();
  return new;
end $$;

create or replace function public.touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end $$;

-- Last writer wins, per record, by the time the user changed it (data.modifiedAt, milliseconds): a device that
-- pushes late an edit older than the cloud's copy leaves the newer copy in place. Returning null skips the update
-- (and the touch trigger, which runs after this one by name), so the row does not look changed to other devices.
create function public.keep_newest_data() returns trigger language plpgsql as $$
begin
  if coalesce((old.data ->> 'modifiedAt')::bigint, 0) > coalesce((new.data ->> 'modifiedAt')::bigint, 0) then
    return null;
  end if;
  return new;
end $$;
create trigger songs_keep_newest before update on public.songs for each row execute function public.keep_newest_data();
create trigger views_keep_newest before update on public.views for each row execute function public.keep_newest_data();

-- Settings the same way, by the time the user changed them on their device (changed_at, milliseconds): a device
-- that never set its folders (changed_at 0) cannot empty the list another device saved.
alter table public.user_settings add column changed_at bigint not null default 0;
create function public.keep_newest_settings() returns trigger language plpgsql as $$
begin
  if old.changed_at > new.changed_at then
    return null;
  end if;
  return new;
end $$;
create trigger user_settings_keep_newest before update on public.user_settings for each row execute function public.keep_newest_settings();

-- Every id the caller holds, in one answer: a pull deletes locally what the cloud no longer has without paging
-- through every row. Runs as the caller, so row level security applies.
create function public.sync_ids() returns jsonb language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'songs', coalesce((select jsonb_agg(id) from public.songs where user_id = auth.uid()), '[]'::jsonb),
    'views', coalesce((select jsonb_agg(id) from public.views where user_id = auth.uid()), '[]'::jsonb)
  );
$$;
revoke all on function public.sync_ids() from public;
grant execute on function public.sync_ids() to authenticated;
