-- The server's clock alone dates a row (DESIGN.md "Trust rules"): a pull pages by (modified_at, id) and keeps its
-- cursor at the last row it saw, so a row a client dated in 2100 would carry every device's cursor past all later
-- rows. Until now modified_at was only a default on insert (a client could name its own) and moved by a trigger on
-- update; the touch triggers now run on insert too, whatever the client sent.
--
-- Triggers run in name order: on an update (an upsert's conflict included) `*_keep_newest` decides first, and when
-- it skips an older edit (returns null) `*_touch` never runs, so the row does not look changed to other devices.
drop trigger songs_touch on public.songs;
drop trigger views_touch on public.views;
drop trigger custom_fields_touch on public.custom_fields;
create trigger songs_touch before insert or update on public.songs for each row execute function public.touch_modified_at();
create trigger views_touch before insert or update on public.views for each row execute function public.touch_modified_at();
create trigger custom_fields_touch before insert or update on public.custom_fields for each row execute function public.touch_modified_at();

-- Rows already dated in the future get the server's time now (the update trigger sets it), so the devices that
-- have not yet passed them see them again.
update public.songs set modified_at = clock_timestamp() where modified_at > clock_timestamp();
update public.views set modified_at = clock_timestamp() where modified_at > clock_timestamp();
update public.custom_fields set modified_at = clock_timestamp() where modified_at > clock_timestamp();
