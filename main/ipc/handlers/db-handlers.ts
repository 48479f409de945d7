/**
 * The spec's `db:*` channels: thin adapters from the contract to the repositories (the router tells what changed).
 * The bookkeeping the core owns is mapped onto the service that owns it, refusing what a page may not write:
 * `db:mark-synced` marks nothing (sync marks what it pushed), `db:update-subscription` sets no tier (the cloud's),
 * `db:clean-deleted` runs on the core's clock.
 */
import { AppError } from '../../../common/errors';
import { partitionFolders } from '../../../common/projects/folder-rules';
import {
  effectiveTier,
  getLastSync,
  getStorageUsage,
  getSubscription,
  getUserSettings,
  updateLastSync,
  updateStorageUsage,
  updateUserSettings,
} from '../../../db/repositories/account';
import { cleanDeleted } from '../../../db/repositories/clean-deleted';
import { addSong, deleteSong, getSong, getSongs, updateSong } from '../../../db/repositories/songs';
import { getUnsyncedChanges, writeSyncRecord } from '../../../db/repositories/sync-records';
import { addView, deleteView, getViews, updateView } from '../../../db/repositories/views';
import { folderPlaces } from '../../security/watchable-folder';
import type { HandlerMap } from '../handler';

export const dbHandlers = {
  'db:get-subscription': (_input, { db }) => getSubscription(db),
  'db:update-subscription': (input, { account }) => account.confirmSubscription(input),
  'db:get-last-sync': (_input, { db }) => ({ timestamp: getLastSync(db) }),
  'db:update-last-sync': (input, { db }) => ({ timestamp: updateLastSync(db, input?.timestamp) }),
  'db:get-user-settings': (_input, { db }) => getUserSettings(db),
  'db:update-user-settings': (input, ctx) => {
    // The settings grant nothing here (the file channels trust the folders watched on this computer), but they sync
    // to the user's other computers: a folder no computer may watch is refused at the door.
    const [refused] = partitionFolders(input.projectDirectories, folderPlaces(ctx.dataDir)).refused;
    if (refused) throw new AppError('forbidden', refused.reason);
    return updateUserSettings(ctx.db, input);
  },
  'db:get-views': (_input, { db }) => getViews(db),
  'db:add-view': (input, { db }) => addView(db, input, effectiveTier(db)).view,
  'db:update-view': (input, { db }) => updateView(db, input.id, input.patch),
  'db:delete-view': (input, { db }) => ({ id: input.id, nextPath: deleteView(db, input.id).nextPath }),
  'db:get-songs': (input, { db }) => getSongs(db, input ?? {}),
  'db:add-song': (input, { db, library }) => {
    const song = addSong(db, input);
    library.hearSongAudio(song);
    return song;
  },
  'db:update-song': (input, { db, library }) => {
    const before = getSong(db, input.id)?.file?.localPath ?? null;
    const song = updateSong(db, input.id, input.patch);
    // Linked to other audio: heard again, as a scan hears a new bounce.
    if (song && (song.file?.localPath ?? null) !== before) library.hearSongAudio(song);
    return song;
  },
  'db:delete-song': (input, ctx) => {
    const song = getSong(ctx.db, input.id);
    const outcome = deleteSong(ctx.db, input.id);
    if (song && outcome === 'deleted') void ctx.uploader.releaseCloudFiles([song]);
    return { id: input.id, outcome };
  },
  'db:get-storage-usage': (_input, { db }) => ({ bytes: getStorageUsage(db) }),
  'db:update-storage-usage': (input, { db }) => ({ bytes: updateStorageUsage(db, input.bytesToAdd) }),
  'db:add-sync-record': (input, { db }) => writeSyncRecord(db, input),
  'db:get-unsynced-changes': (input, { db }) => getUnsyncedChanges(db, input?.limit),
  'db:mark-synced': (input, { sync }) => ({ count: sync.pushedOf(input.ids) }),
  'db:clean-deleted': ({ table, cloudIds }, { db }) => ({ deleted: cleanDeleted(db, { table, cloudIds }) }),
} satisfies Partial<HandlerMap>;
