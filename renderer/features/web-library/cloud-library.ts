/**
 * The website's library, straight from the cloud (DESIGN.md: the web build has no core): the user's synced songs
 * and views, read page by page (a hosted project answers at most 1000 rows) and checked on the way in
 * (`songFromCloud`); an edit written back as the whole song with a new `modifiedAt` and its fields' edit times, so the
 * desktop apps take it; uploaded audio played through an address signed for an hour.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { isCloudFileUrl, parseCloudFileUrl } from '../../../common/cloud-files';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import { songFromCloud, songToCloud, viewFromCloud } from '../../../common/cloud-records';
import type { Song, SongPatch } from '../../../common/song';
import { stampEdits } from '../../../common/song-edits';
import type { View } from '../../../common/view';

const PAGE_ROWS = 1000;
/** The `origin` of rows the website writes: every desktop app pulls them. */
const WEB_ORIGIN = 'web';

export async function loadCloudSongs(supabase: SupabaseClient, onPage: (songs: Song[]) => void): Promise<void> {
  const songs: Song[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await supabase.from('songs').select('data').order('id').range(from, from + PAGE_ROWS - 1);
    if (error) throw new Error(`Your songs could not be read: ${error.message}`);
    songs.push(...data.map((row) => songFromCloud(row.data)).filter((song): song is Song => song !== null));
    onPage([...songs]);
    if (data.length < PAGE_ROWS) return;
  }
}

export async function loadCloudViews(supabase: SupabaseClient): Promise<View[]> {
  const { data, error } = await supabase.from('views').select('data');
  if (error) throw new Error(`Your views could not be read: ${error.message}`);
  return data
    .map((row) => viewFromCloud(row.data))
    .filter((view): view is View => view !== null && view.type === 'custom')
    .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title));
}

/**
 * Writes an edit; the cloud keeps whichever copy changed last, and each field it changes carries the edit's time, as
 * in the app (a desktop merging this copy with its own takes each field from where the user edited it last).
 * Returns the song as saved.
 */
export async function saveCloudSong(supabase: SupabaseClient, song: Song, patch: SongPatch): Promise<Song> {
  const now = Date.now();
  const next: Song = { ...song, ...patch, modifiedAt: now };
  next.editedAt = stampEdits(song, next, now);
  const { error } = await supabase.from('songs').upsert({ id: song.id, data: songToCloud(next), origin: WEB_ORIGIN }, { onConflict: 'id' });
  if (error) throw new Error(`The change was not saved: ${error.message}`);
  return next;
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
