/**
 * The storage cap as sync follows it (spec section 6; what it stops: db/repositories/storage-cap.ts). Each push asks:
 * at or above 1 GiB the user is told, once until room is made (kept in the database, so a restart does not tell
 * again); below it, the songs the cap kept from sync are queued. Answers whether the storage is full, for the push's
 * plan (new songs' rows wait while it is: `plan-push.ts`).
 */
import { MESSAGES } from '../../common/messages';
import type { Db } from '../../db/handle';
import { getKv, setKv } from '../../db/repositories/account';
import { queueSongsSkippedAtCap, storageFull } from '../../db/repositories/storage-cap';
import type { EventBus } from '../events';

const KV_TOLD = 'storage.cap_told';

export function followStorageCap(db: Db, events: EventBus): boolean {
  const full = storageFull(db);
  const told = getKv(db, KV_TOLD, false);
  if (full && !told) {
    setKv(db, KV_TOLD, true);
    events.emit('notify', { kind: 'error', title: MESSAGES.storageFullTitle, body: MESSAGES.storageFullBody });
  }
  if (!full) {
    if (told) setKv(db, KV_TOLD, false);
    queueSongsSkippedAtCap(db);
  }
  return full;
}
