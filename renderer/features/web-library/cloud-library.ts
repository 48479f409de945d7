/**
 * The website's library, straight from the cloud (DESIGN.md: the web build has no core): the user's synced songs,
 * custom views and custom fields, read page by page (a hosted project answers at most 1000 rows) and checked on the
 * way in (`songFromCloud` and its kin: a row that is not a record is skipped, never half-shown); edits written back
 * whole with a new `modifiedAt`, so the desktop apps take them; uploaded audio played through an address signed for
 * an hour. Row-level security decides whose rows these are: the page's own checks are for the user's convenience.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { isCloudFileUrl, parseCloudFileUrl } from '../../../common/cloud/cloud-files';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import { customFieldFromCloud, decodeCloudRows, songFromCloud, songToCloud, viewFromCloud, viewToCloud } from '../../../common/cloud/cloud-records';
import type { CustomField } from '../../../common/songs/custom-fields';
import type { Song } from '../../../common/songs/song';
import type { View } from '../../../common/views/view';

const PAGE_ROWS = 1000;
/** The `origin` of rows the website writes: every desktop app pulls them. */
const WEB_ORIGIN = 'web';

type CloudTable = 'songs' | 'views' | 'custom_fields';

/** Every row of a table, page by page; rows that are not records of their kind are counted, not shown. */
async function readAll<T>(supabase: SupabaseClient, table: CloudTable, decode: (data: unknown) => T | null): Promise<{ values: T[]; rejected: number }> {
  const values: T[] = [];
  let rejected = 0;
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await supabase.from(table).select('id, data').order('id').range(from, from + PAGE_ROWS - 1);
    if (error) throw new Error(`Your ${table === 'custom_fields' ? 'fields' : table} could not be read: ${error.message}`);
    const page = decodeCloudRows(data as { id: string; data: unknown }[], decode);
    values.push(...page.values);
    rejected += page.rejected.length;
    if (data.length < PAGE_ROWS) return { values, rejected };
  }
}

export interface CloudSnapshot {
  songs: Song[];
  /** The custom views: All Songs and Hidden are each device's own and do not travel. */
  views: View[];
  fields: CustomField[];
  /** Rows skipped because they are not records this version can read. */
  rejected: number;
}

export async function loadCloudLibrary(supabase: SupabaseClient): Promise<CloudSnapshot> {
  const [songs, views, fields] = await Promise.all([readAll(supabase, 'songs', songFromCloud), readAll(supabase, 'views', viewFromCloud), readAll(supabase, 'custom_fields', customFieldFromCloud)]);
  return {
    songs: songs.values,
    views: views.values.filter((view) => view.type === 'custom').sort((a, b) => a.position - b.position || a.createdAt - b.createdAt),
    fields: fields.values.sort((a, b) => a.position - b.position || a.createdAt - b.createdAt),
    rejected: songs.rejected + views.rejected + fields.rejected,
  };
}

/**
 * The folders the user's computers watch, as their settings in the cloud hold them (spec section 3, user settings'
 * `project_directories`); the website only shows them. The user's own row (row-level security, and its id named).
 */
export async function readCloudFolders(supabase: SupabaseClient, userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('user_settings').select('project_directories').eq('id', userId).maybeSingle();
  if (error) throw new Error(`Your folders could not be read: ${error.message}`);
  const folders: unknown = (data as { project_directories?: unknown } | null)?.project_directories;
  return Array.isArray(folders) ? folders.filter((folder): folder is string => typeof folder === 'string') : [];
}

/**
 * Writes songs as they are now. The cloud keeps whichever copy changed last (its `keep_newest` trigger): the ids it
 * did not take, because another computer changed them later, are returned so the page can show the newer copy.
 */
export async function saveCloudSongs(supabase: SupabaseClient, songs: readonly Song[]): Promise<string[]> {
  return upsert(supabase, 'songs', songs.map((song) => ({ id: song.id, data: songToCloud(song), origin: WEB_ORIGIN })));
}

export async function saveCloudView(supabase: SupabaseClient, view: View): Promise<string[]> {
  return upsert(supabase, 'views', [{ id: view.id, data: viewToCloud(view), origin: WEB_ORIGIN }]);
}

/**
 * An existing custom view changed in the cloud: an update, never an insert, so a view another computer removed is
 * not brought back by a page that still showed it. Throws `not_found` ("View not found in Supabase") when the cloud
 * no longer holds it.
 */
export async function updateCloudView(supabase: SupabaseClient, view: View): Promise<void> {
  const { data, error } = await supabase.from('views').update({ data: viewToCloud(view), origin: WEB_ORIGIN }).eq('id', view.id).select('id');
  if (error) throw new Error(`The change was not saved: ${error.message}`);
  if ((data ?? []).length === 0) throw new AppError('not_found', MESSAGES.cloudViewNotFound);
}

export async function deleteCloudView(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from('views').delete().eq('id', id);
  if (error) throw new Error(`The view was not deleted: ${error.message}`);
}

/** The newest copies of some songs, to show after the cloud kept another computer's later edit. */
export async function readCloudSongs(supabase: SupabaseClient, ids: readonly string[]): Promise<Song[]> {
  const { data, error } = await supabase.from('songs').select('id, data').in('id', [...ids]);
  if (error) throw new Error(`Your songs could not be read: ${error.message}`);
  return decodeCloudRows(data as { id: string; data: unknown }[], songFromCloud).values;
}

async function upsert(supabase: SupabaseClient, table: CloudTable, rows: { id: string; data: unknown; origin: string }[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const { data, error } = await supabase.from(table).upsert(rows, { onConflict: 'id' }).select('id');
  if (error) throw new Error(`The change was not saved: ${error.message}`);
  const taken = new Set((data ?? []).map((row: { id: string }) => row.id));
  return rows.filter((row) => !taken.has(row.id)).map((row) => row.id);
}

/** A playable address for a song's uploaded audio; null when its audio is not in the cloud. */
export async function cloudAudioUrl(supabase: SupabaseClient, song: Song): Promise<string | null> {
  const value = song.file?.value ?? '';
  if (!isCloudFileUrl(value)) return null;
  const { bucket, path } = parseCloudFileUrl(value);
  const { data, error } = await supabase.storage.from(bucket).createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error || !data) throw new Error(`The audio could not be opened: ${error?.message ?? 'no answer'}`);
  return data.signedUrl;
}
