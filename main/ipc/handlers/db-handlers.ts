/** The spec's `db:*` channels: thin adapters from the contract to the repositories, announcing what changed. */
import { AppError } from '../../../common/errors';
import { partitionFolders } from '../../../common/folder-rules';
import type { ChangedTable } from '../../../common/ipc';
import {
  effectiveTier,
  getLastSync,
  getStorageUsage,
  getSubscription,
  getUserSettings,
  updateLastSync,
  updateStorageUsage,
  updateSubscription,
  updateUserSettings,
} from '../../../db/repositories/account';
import { cleanDeleted } from '../../../db/repositories/clean-deleted';
import { addSong, deleteSong, getSong, getSongs, updateSong } from '../../../db/repositories/songs';
import { getUnsyncedChanges, markSynced, writeSyncRecord } from '../../../db/repositories/sync-records';
import { addView, deleteView, getViews, updateView } from '../../../db/repositories/views';
import { folderPlaces } from '../../security/watchable-folder';
import type { CoreContext, HandlerMap } from '../handler';

function changed(ctx: CoreContext, ...tables: ChangedTable[]): void {
  ctx.events.emit('db:changed', { tables });
}

export const dbHandlers = {
  'db:get-subscription': (_input, { db }) => getSubscription(db),
  'db:update-subscription': (input, ctx) => {
    const result = updateSubscription(ctx.db, input);
    changed(ctx, 'subscription');
    return result;
  },
  'db:get-last-sync': (_input, { db }) => ({ timestamp: getLastSync(db) }),
  'db:update-last-sync': (input, ctx) => {
    const timestamp = updateLastSync(ctx.db, input?.timestamp);
    changed(ctx, 'kv');
    return { timestamp };
  },
  'db:get-user-settings': (_input, { db }) => getUserSettings(db),
  'db:update-user-settings': (input, ctx) => {
    // The settings grant nothing here (the file channels trust the folders watched on this computer), but they sync
    // to the user's other computers: a folder no computer may watch is refused at the door.
    const [refused] = partitionFolders(input.projectDirectories, folderPlaces(ctx.dataDir)).refused;
    if (refused) throw new AppError('forbidden', refused.reason);
    const settings = updateUserSettings(ctx.db, input);
    changed(ctx, 'user_settings', 'sync_records');
    return settings;
  },
  'db:get-views': (_input, { db }) => getViews(db),
  'db:add-view': (input, ctx) => {
    const { view, created } = addView(ctx.db, input, effectiveTier(ctx.db));
    if (created) changed(ctx, 'views', 'sync_records');
    return view;
  },
  'db:update-view': (input, ctx) => {
    const view = updateView(ctx.db, input.id, input.patch);
    changed(ctx, 'views', 'sync_records');
    return view;
  },
  'db:delete-view': (input, ctx) => {
    const { nextPath } = deleteView(ctx.db, input.id);
    changed(ctx, 'views', 'sync_records');
    return { id: input.id, nextPath };
  },
  'db:get-songs': (input, { db }) => getSongs(db, input ?? {}),
  'db:add-song': (input, ctx) => {
    const song = addSong(ctx.db, input);
    changed(ctx, 'songs', 'sync_records');
    return song;
  },
  'db:update-song': (input, ctx) => {
    const song = updateSong(ctx.db, input.id, input.patch);
    changed(ctx, 'songs', 'sync_records');
    return song;
  },
  'db:delete-song': (input, ctx) => {
    const song = getSong(ctx.db, input.id);
    const outcome = deleteSong(ctx.db, input.id);
    changed(ctx, 'songs', 'sync_records');
    if (song && outcome === 'deleted') void ctx.uploader.releaseCloudFiles([song]);
    return { id: input.id, outcome };
  },
  'db:get-storage-usage': (_input, { db }) => ({ bytes: getStorageUsage(db) }),
  'db:update-storage-usage': (input, ctx) => {
    const bytes = updateStorageUsage(ctx.db, input.bytesToAdd);
    changed(ctx, 'kv');
    return { bytes };
  },
  'db:add-sync-record': (input, ctx) => {
    const record = writeSyncRecord(ctx.db, input);
    changed(ctx, 'sync_records');
    return record;
  },
  'db:get-unsynced-changes': (input, { db }) => getUnsyncedChanges(db, input?.limit),
  'db:mark-synced': (input, ctx) => {
    const count = markSynced(ctx.db, input.ids);
    changed(ctx, 'sync_records');
    return { count };
  },
  'db:clean-deleted': (input, ctx) => {
    const deleted = cleanDeleted(ctx.db, input);
    if (deleted.length > 0) changed(ctx, input.table);
    return { deleted };
  },
} satisfies Partial<HandlerMap>;
