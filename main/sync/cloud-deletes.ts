/**
 * The spec's table API deletions beyond a push's (section 7, "views and songs: ... delete by id or by data id; delete
 * all views for a user"): a song's rows found by the id inside their `data`, whatever id the row itself has (a row
 * another client stored under an id of its own), and every view of the user. Each request names the user's id as
 * well as running under row-level security, so only the signed-in user's own rows can go. A push deletes by row id
 * (sync-engine.ts); these are the service's other two, for whoever needs a song or the views out of the cloud
 * without a sync record (the rows here are not touched).
 */
import type { SignedInCloud } from '../account/cloud-session';
import { SyncError } from './sync-error';

/** Deletes every row of the user's `songs` whose data's id is `dataId`; answers how many went. */
export async function deleteCloudSongByDataId(cloud: SignedInCloud, dataId: string): Promise<number> {
  const { data, error } = await cloud.supabase.from('songs').delete().eq('user_id', cloud.userId).eq('data->>id', dataId).select('id');
  if (error) throw new SyncError(`Deleting the song in the cloud failed: ${error.message}`);
  return (data ?? []).length;
}

/** Deletes all of the user's views in the cloud; answers how many went. */
export async function deleteAllCloudViews(cloud: SignedInCloud): Promise<number> {
  const { data, error } = await cloud.supabase.from('views').delete().eq('user_id', cloud.userId).select('id');
  if (error) throw new SyncError(`Deleting the views in the cloud failed: ${error.message}`);
  return (data ?? []).length;
}
