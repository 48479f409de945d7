-- The cloud owns time (DESIGN.md "Trust rules"). Last writer wins by the times a client writes into a row
-- (data.modifiedAt, each field's data.editedAt, user_settings.changed_at, all milliseconds), and `keep_newest_*`
-- skips any update older than what is stored: one row dated 2100 (or near 2^53) would win against every later edit,
-- on every device, for ever. A client's time is now clamped to the server's clock, with a small skew allowed for
-- clocks that run a little fast, before anything compares it.
--
-- Triggers run in name order: `*_clamp_times` first, then `*_keep_newest` compares clamped times, then `*_touch`.

create function public.server_ms() returns bigint language sql volatile set search_path = '' as $$
  select floor(extract(epoch from clock_timestamp()) * 1000)::bigint;
$$;

-- Two minutes of skew: a laptop's clock a little ahead still stamps its own edits as it saw them.
create function public.server_ms_allowed() returns bigint language sql volatile set search_path = '' as $$
  select public.server_ms() + 120000;
$$;

create function public.clamp_client_times() returns trigger language plpgsql set search_path = '' as $$
declare
  allowed bigint := public.server_ms_allowed();
  edited jsonb;
begin
  if jsonb_typeof(new.data -> 'modifiedAt') = 'number' and (new.data -> 'modifiedAt')::numeric > allowed then
    new.data := jsonb_set(new.data, '{modifiedAt}', to_jsonb(allowed));
  end if;
  if jsonb_typeof(new.data -> 'editedAt') = 'object' then
    select coalesce(jsonb_object_agg(key, case when jsonb_typeof(value) = 'number' and value::numeric > allowed then to_jsonb(allowed) else value end), '{}'::jsonb)
      into edited
      from jsonb_each(new.data -> 'editedAt');
    new.data := jsonb_set(new.data, '{editedAt}', edited);
  end if;
  return new;
end $$;

create function public.clamp_settings_time() returns trigger language plpgsql set search_path = '' as $$
begin
  new.changed_at := least(new.changed_at, public.server_ms_allowed());
  return new;
end $$;

create trigger songs_clamp_times before insert or update on public.songs for each row execute function public.clamp_client_times();
create trigger views_clamp_times before insert or update on public.views for each row execute function public.clamp_client_times();
create trigger custom_fields_clamp_times before insert or update on public.custom_fields for each row execute function public.clamp_client_times();
create trigger user_settings_clamp_times before insert or update on public.user_settings for each row execute function public.clamp_settings_time();

-- What is stored counts for no later than the server's now: a row written before this migration, dated 2100, or one
-- stamped by a clock running ahead, does not beat an edit made after it in real time.
create or replace function public.keep_newest_data() returns trigger language plpgsql set search_path = '' as $$
declare
  stored numeric := case when jsonb_typeof(old.data -> 'modifiedAt') = 'number' then (old.data -> 'modifiedAt')::numeric else 0 end;
  incoming numeric := case when jsonb_typeof(new.data -> 'modifiedAt') = 'number' then (new.data -> 'modifiedAt')::numeric else 0 end;
begin
  if least(stored, public.server_ms()) > incoming then
    return null;
  end if;
  return new;
end $$;

create or replace function public.keep_newest_settings() returns trigger language plpgsql set search_path = '' as $$
begin
  if least(old.changed_at, public.server_ms()) > new.changed_at then
    return null;
  end if;
  return new;
end $$;

-- Rows already dated ahead of the server are brought back now (the clamp runs on this update too; keep_newest lets
-- it through, since a clamped time is never older than the server's now, and touch dates the row so that devices
-- pull it again).
update public.songs set data = data where (jsonb_typeof(data -> 'modifiedAt') = 'number' and (data -> 'modifiedAt')::numeric > public.server_ms_allowed())
  or exists (select 1 from jsonb_each(case when jsonb_typeof(data -> 'editedAt') = 'object' then data -> 'editedAt' else '{}'::jsonb end) e
             where jsonb_typeof(e.value) = 'number' and e.value::numeric > public.server_ms_allowed());
update public.views set data = data where jsonb_typeof(data -> 'modifiedAt') = 'number' and (data -> 'modifiedAt')::numeric > public.server_ms_allowed();
update public.custom_fields set data = data where jsonb_typeof(data -> 'modifiedAt') = 'number' and (data -> 'modifiedAt')::numeric > public.server_ms_allowed();
update public.user_settings set changed_at = changed_at where changed_at > public.server_ms_allowed();
