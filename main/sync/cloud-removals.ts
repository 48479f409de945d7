/**
 * A sync run's last step: what the cloud no longer holds is removed here (`clean-deleted.ts`), behind the brake
 * (`removal-brake.ts`). A held removal waits for the user (`resolve`), who hears of it once, by a notification, and
 * sees it in the account block (`SyncStatus.heldRemovals`) until they choose. The held state lives as long as the
 * core: after a restart the first sync finds it again.
 */
import type { HeldRemovals } from '../../common/cloud/sync';
import { inTransaction, type Db } from '../../db/handle';
import { applyRemovals, planRemovals, type CloudIds, type RemovalPlan } from '../../db/repositories/clean-deleted';
import { purgeRemovedBySync, unmarkSongsBackInCloud } from '../../db/repositories/removed-by-sync';
import { getSongs } from '../../db/repositories/songs';
import { writeSyncRecords } from '../../db/repositories/sync-records';
import type { EventBus } from '../events';
import { heldNotice, removalHeld, removedNotice } from './removal-brake';

export class CloudRemovals {
  private held: { plan: RemovalPlan; summary: HeldRemovals } | null = null;
  /** The held removal the user let go: the next pass may do it. */
  private approved: HeldRemovals | null = null;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  get heldRemovals(): HeldRemovals | null {
    return this.held?.summary ?? null;
  }

  /** One pass, given every id the cloud holds. Returns how many songs, views and fields it removed. */
  run(cloud: CloudIds): number {
    const now = this.db.now();
    inTransaction(this.db, () => {
      unmarkSongsBackInCloud(this.db, new Set(cloud.songs));
      purgeRemovedBySync(this.db, now);
    });
    const plan = planRemovals(this.db, cloud, now);
    const summary = summarize(plan);
    const approved = this.approved;
    this.approved = null;
    if (removalHeld(summary, approved)) {
      if (!sameCounts(this.held?.summary, summary)) this.events.emit('notify', heldNotice(summary));
      this.held = { plan, summary };
      return 0;
    }
    this.held = null;
    const songNames = getSongs(this.db, { ids: plan.ids.songs.slice(0, 3), includeHidden: true }).map((song) => song.name).sort();
    const removed = applyRemovals(this.db, plan, now);
    const notice = removedNotice({ songNames, songs: removed.songs.length, views: removed.views, customFields: removed.customFields });
    if (notice) this.events.emit('notify', notice);
    return removed.songs.length + removed.views.length + removed.customFields.length;
  }

  /**
   * The user's answer to a held removal: `remove` lets the next pass do it (to Hidden, restorable for 30 days);
   * `keep` queues each held row to go up to the cloud again, so no pass removes it.
   */
  resolve(choice: 'keep' | 'remove'): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    if (choice === 'remove') {
      this.approved = held.summary;
      return;
    }
    writeSyncRecords(
      this.db,
      (['songs', 'views', 'custom_fields'] as const).flatMap((table) => held.plan.ids[table].map((id) => ({ type: 'update' as const, table, recordId: id }))),
    );
  }
}

function summarize(plan: RemovalPlan): HeldRemovals {
  return { songs: plan.ids.songs.length, librarySongs: plan.librarySongs, views: plan.ids.views.length, customFields: plan.ids.custom_fields.length, cloudEmpty: plan.cloudEmpty };
}

function sameCounts(a: HeldRemovals | undefined, b: HeldRemovals): boolean {
  return a !== undefined && a.songs === b.songs && a.librarySongs === b.librarySongs && a.views === b.views && a.customFields === b.customFields && a.cloudEmpty === b.cloudEmpty;
}
