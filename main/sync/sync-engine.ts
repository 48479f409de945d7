/**
 * One sync run (spec section 4, DESIGN.md "Cloud"), for pro users only:
 *
 * 1. the tier is read from the cloud (the row only checkout can make pro) and cached for the account; only the
 *    account this library belongs to syncs it (the account service decides: main/account/account-service.ts);
 * 2. push (each table of `syncedTables`: custom fields, songs, custom views, settings): unsynced records in the order they were written, each
 *    row sent as it is now (1000 to a request), deletions by id, then the records marked synced. A request that
 *    fails leaves its records unsynced for the next run; sending a row twice is harmless (upsert by id; the cloud
 *    keeps the newer `modifiedAt`);
 * 3. pull: other devices' changes since the last pull, paged by (modified_at, id), each page written in one
 *    transaction in batches of 5, last writer wins; the cursor (the account's own) is saved after each page, so an
 *    interrupted pull goes on where it stopped;
 * 4. what the cloud no longer holds is removed here (songs to Hidden for 30 days), except songs created in the last
 *    5 minutes or after the last sync and anything with unpushed changes; a pass that would remove much of the
 *    library removes nothing and asks the user (`CloudRemovals`).
 *
 * At or above the 1 GiB storage cap (storage-cap.ts), songs waiting for their upload get no sync record, the user is
 * told once, and other songs new to the cloud are held back (their records stay unsynced, so nothing is lost and
 * nothing is deleted for being missing there) while changes to songs it has go on.
 *
 * Over 300 lines: one sync run's steps in order, each depending on the one before.
 */
import { fitsInCloud } from '../../common/cloud/cloud-data-size';
import { CLOUD_DATA_MAX_BYTES, SYNC_SKIP_IF_LAST_WITHIN_MS } from '../../common/constants';
import { decodeCloudRows, type CloudData } from '../../common/cloud/cloud-records';
import type { SubscriptionTier } from '../../common/cloud/account';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import type { SyncReport, SyncStatus } from '../../common/cloud/sync';
import { inTransaction, type Db } from '../../db/handle';
import { newId } from '../../db/ids';
import { accountSyncKey, getKv, getLastSync, setKv, updateLastSync } from '../../db/repositories/account';
import type { CloudIds, RemovableTable } from '../../db/repositories/clean-deleted';
import { queueEverythingForSync } from '../../db/repositories/pulled-records';
import { countUnsynced, getUnsyncedRefs, markSynced, type SyncRecordRef } from '../../db/repositories/sync-records';
import type { EventBus } from '../events';
import type { AccountService } from '../account/account-service';
import type { SignedInCloud } from '../account/cloud-session';
import { CloudRemovals } from './cloud-removals';
import { planPush } from './plan-push';
import { splitByBytes } from './push-requests';
import { followStorageCap } from './storage-cap';
import { SyncError } from './sync-error';
import { syncedRowTables, syncedTableEntries, syncedTables, type RowTable, type SyncContext } from './synced-tables';

/** Rows per upsert request: a hosted project takes a 1000-song body (about 1 MB) easily. */
export const PUSH_ROWS_PER_REQUEST = 1000;
/** A hosted project's default "Max rows": a page never asks for more than it would get. */
export const PULL_ROWS_PER_PAGE = 1000;
/** Ids per delete request (they go in the URL). */
const DELETE_IDS_PER_REQUEST = 100;
/** Records read per push round. */
const RECORDS_PER_ROUND = 5000;
/**
 * A pull starts this far before the last row it saw: a write whose transaction began earlier but committed after
 * that pull would otherwise carry an older time than the cursor and never be seen. Re-reading is harmless.
 */
const PULL_OVERLAP_MS = 10_000;

const KV_DEVICE_ID = 'sync.device_id';
const cursorKey = (userId: string, table: RemovableTable) => accountSyncKey(userId, `cursor.${table}`);

interface PullCursor {
  at: string;
  id: string;
}

export interface SyncEngineOptions {
  pushRowsPerRequest?: number;
  pullRowsPerPage?: number;
}

export class SyncEngine {
  private running: Promise<SyncReport> | null = null;
  private lastError: string | null = null;
  /** Pulled rows skipped this run because they are not records of their kind (too deep, too large, malformed). */
  private rejected = 0;
  /** Names of songs whose pushed edit lost to a later one in the cloud, this run. */
  private superseded: string[] = [];
  private readonly pushRows: number;
  private readonly pullPageRows: number;
  /** This data folder's name in the cloud's `origin` column: a pull skips the rows it wrote itself. */
  readonly deviceId: string;
  /** What the cloud lost, removed here behind the brake; the user's answer to a held removal goes to it. */
  readonly removals: CloudRemovals;

  constructor(
    private readonly db: Db,
    private readonly account: AccountService,
    private readonly events: EventBus,
    /** Where the home and the app's data are: pulled folders there are dropped. */
    private readonly places: FolderPlaces,
    options: SyncEngineOptions = {},
  ) {
    this.pushRows = options.pushRowsPerRequest ?? PUSH_ROWS_PER_REQUEST;
    this.pullPageRows = options.pullRowsPerPage ?? PULL_ROWS_PER_PAGE;
    this.deviceId = getKv<string | null>(db, KV_DEVICE_ID, null) ?? this.newDeviceId();
    this.removals = new CloudRemovals(db, events);
  }

  status(): SyncStatus {
    return {
      signedIn: this.account.session.userId !== null,
      running: this.running !== null,
      lastSync: getLastSync(this.db),
      pending: countUnsynced(this.db),
      lastError: this.lastError,
      heldRemovals: this.removals.heldRemovals,
    };
  }

  /** One run at a time: a caller during a run shares its outcome. `force` ignores the 5-second rule. */
  run(options: { force?: boolean } = {}): Promise<SyncReport> {
    this.running ??= this.runOnce(options.force ?? false).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(force: boolean): Promise<SyncReport> {
    const report: SyncReport = { skipped: null, pushed: 0, pulled: 0, deleted: 0, requests: 0, rejected: 0 };
    if (this.account.session.userId === null) return { ...report, skipped: 'signed_out' };
    if (!this.account.session.current()) return { ...report, skipped: 'no_cloud' };
    if (!this.account.syncsThisLibrary()) return { ...report, skipped: 'other_account' };
    const last = getLastSync(this.db);
    if (!force && last !== null && this.db.now() - last < SYNC_SKIP_IF_LAST_WITHIN_MS) return { ...report, skipped: 'too_soon' };

    const requestsBefore = this.account.session.requests;
    this.superseded = [];
    this.rejected = 0;
    try {
      if ((await this.readTier()) !== 'pro') {
        // The same object as the other answers: `finally` fills in its request count.
        report.skipped = 'not_pro';
        return report;
      }
      // Pro: the library becomes this account's if it has no owner yet (another account signed in since lost its turn above).
      const cloud = this.account.libraryCloud({ claim: true });
      if (!cloud) {
        report.skipped = 'other_account';
        return report;
      }
      report.pushed = await this.push(cloud);
      report.pulled = await this.pull(cloud);
      report.deleted = await this.removeWhatTheCloudLost(cloud);
      updateLastSync(this.db);
      this.lastError = null;
      this.tellAboutSuperseded();
      return report;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      report.requests = this.account.session.requests - requestsBefore;
      report.rejected = this.rejected;
    }
  }

  /**
   * Reads the tier without a sync run (a free user's periodic check: an upgrade made on the website shows up here
   * within a minute, and the library is queued). Null when signed out or the cloud cannot be reached.
   */
  async refreshTier(): Promise<SubscriptionTier | null> {
    return this.readTier().catch(() => null);
  }

  /** The active subscription's tier, cached for the account's limits (free after a cancellation). */
  private async readTier(): Promise<SubscriptionTier> {
    const cached = this.account.tier();
    const tier = await this.account.refreshTier().catch((error: unknown) => {
      throw new SyncError(error instanceof Error ? error.message : String(error));
    });
    if (tier === null) throw new SyncError('Not signed in to the cloud.');
    // Pro from now on (upgraded on the website or another device, or this library just met its pro account):
    // everything here joins the cloud, as the upgrade's own return does. Never for an account the library is not
    // (or cannot become) its own: that would push one account's songs into another's cloud.
    if (tier === 'pro' && cached !== 'pro' && this.account.syncsThisLibrary()) queueEverythingForSync(this.db);
    return tier;
  }

  /**
   * Everything unsynced at the start, each row once (its last record decides), in the order of those last
   * records. Each request's records are marked synced as soon as it succeeds, so a failure later in the run
   * leaves only what did not reach the cloud.
   */
  private async push(cloud: SignedInCloud): Promise<number> {
    // The cap: told once when met; with room made, the songs it kept from sync are queued before the records are read.
    const storageFull = followStorageCap(this.db, this.events);
    const records: SyncRecordRef[] = [];
    for (let afterId = 0; ; ) {
      const round = getUnsyncedRefs(this.db, RECORDS_PER_ROUND, afterId);
      if (round.length === 0) break;
      records.push(...round);
      afterId = round.at(-1)!.id;
    }
    if (records.length === 0) return 0;
    const plan = planPush(records, storageFull);
    const settle = (table: SyncRecordRef['table'], ids: string[]) => markSynced(this.db, ids.flatMap((id) => plan.recordIds.get(`${table}:${id}`) ?? []));

    let pushed = 0;
    for (const [table, entry] of syncedTableEntries) {
      const ids = plan.upserts[table];
      if (ids.length === 0) continue;
      if (entry.kind === 'rows') {
        pushed += await this.upsertRows(cloud, entry, ids, (done) => settle(table, done));
      } else {
        pushed += await entry.push(this.context(cloud));
        settle(table, ids);
      }
    }
    for (const entry of syncedRowTables) pushed += await this.deleteRows(cloud, entry.table, plan.deletes[entry.table], (ids) => settle(entry.table, ids));
    return pushed;
  }

  /**
   * Sends the rows named, as they are now, `pushRows` to a request. A row the cloud would refuse (above its row cap:
   * a song's longest notes with many long custom values) stays here, its record unsynced, not failing the rest.
   */
  private async upsertRows<T>(cloud: SignedInCloud, entry: RowTable<T>, ids: string[], settle: (ids: string[]) => void): Promise<number> {
    let sent = 0;
    for (let i = 0; i < ids.length; i += this.pushRows) {
      const chunk = ids.slice(i, i + this.pushRows);
      const found = entry.read(this.db, chunk);
      const rows: { id: string; data: CloudData; origin: string }[] = [];
      const held = new Set<string>();
      for (const row of found) {
        const data = entry.toCloud(row);
        if (fitsInCloud(data)) rows.push({ id: entry.idOf(row), data, origin: this.deviceId });
        else held.add(entry.idOf(row));
      }
      if (held.size > 0) console.warn(`[sync] kept ${held.size} ${entry.table} row(s) here, larger than the cloud takes (${CLOUD_DATA_MAX_BYTES} bytes): ${[...held].slice(0, 5).join(', ')}`);
      const superseded = new Set(await this.upsert(cloud, entry.table, rows));
      const nameOf = entry.nameOf;
      if (nameOf) this.superseded.push(...found.filter((row) => superseded.has(entry.idOf(row))).map((row) => nameOf(row)));
      inTransaction(this.db, () => {
        entry.markPushed?.(this.db, rows.map((row) => row.id));
        settle(chunk.filter((id) => !held.has(id)));
      });
      sent += rows.length;
    }
    return sent;
  }

  /** Sends rows; returns the ids the cloud did not take because its copy was changed later (elsewhere). */
  private async upsert(cloud: SignedInCloud, table: RemovableTable, rows: { id: string; data: CloudData; origin: string }[]): Promise<string[]> {
    const superseded: string[] = [];
    for (const part of splitByBytes(rows)) {
      const { data, error } = await cloud.supabase.from(table).upsert(part, { onConflict: 'id' }).select('id');
      if (error) throw new SyncError(`Pushing ${part.length} ${table} failed: ${error.message}`);
      const taken = new Set((data ?? []).map((row) => row.id as string));
      superseded.push(...part.filter((row) => !taken.has(row.id)).map((row) => row.id));
    }
    return superseded;
  }

  private async deleteRows(cloud: SignedInCloud, table: RemovableTable, ids: string[], settle: (ids: string[]) => void): Promise<number> {
    for (let i = 0; i < ids.length; i += DELETE_IDS_PER_REQUEST) {
      const chunk = ids.slice(i, i + DELETE_IDS_PER_REQUEST);
      const { error } = await cloud.supabase.from(table).delete().in('id', chunk);
      if (error) throw new SyncError(`Deleting ${table} in the cloud failed: ${error.message}`);
      settle(chunk);
    }
    return ids.length;
  }

  /** Each table in the map's order (fields first: the songs coming next may hold values of a new column). */
  private async pull(cloud: SignedInCloud): Promise<number> {
    const context = this.context(cloud);
    let pulled = 0;
    for (const entry of Object.values(syncedTables)) {
      if (entry.kind === 'single') {
        pulled += await entry.pull(context);
        continue;
      }
      pulled += await this.pullTable(entry.table, cloud, (rows) => entry.applyPulled(this.db, this.decode(entry.table, rows, (data) => entry.fromCloud(data))).length);
      await entry.afterPull?.(context);
    }
    return pulled;
  }

  private context(cloud: SignedInCloud): SyncContext {
    return { db: this.db, cloud, deviceId: this.deviceId, places: this.places, events: this.events };
  }

  /** A page's rows that are records of their kind; the others are counted for the run's report and logged, and skipped. */
  private decode<T>(table: RemovableTable, rows: { id: string; data: unknown }[], decodeRow: (data: unknown) => T | null): T[] {
    const { values, rejected } = decodeCloudRows(rows, decodeRow);
    if (rejected.length > 0) {
      this.rejected += rejected.length;
      console.warn(`[sync] skipped ${rejected.length} ${table} row(s) from the cloud that are not records Songshelf can read: ${rejected.slice(0, 5).join(', ')}`);
    }
    return values;
  }

  /** Pages through other devices' rows changed since the cursor, oldest first; saves the cursor after each page. */
  private async pullTable(
    table: RemovableTable,
    cloud: SignedInCloud,
    apply: (rows: { id: string; data: unknown }[]) => number,
  ): Promise<number> {
    const key = cursorKey(cloud.userId, table);
    const saved = getKv<PullCursor | null>(this.db, key, null);
    let after: PullCursor | null = null;
    let written = 0;
    for (;;) {
      let query = cloud.supabase.from(table).select('id, data, modified_at').neq('origin', this.deviceId).order('modified_at').order('id').limit(this.pullPageRows);
      if (after) query = query.or(`modified_at.gt."${after.at}",and(modified_at.eq."${after.at}",id.gt.${after.id})`);
      else if (saved) query = query.gte('modified_at', new Date(Date.parse(saved.at) - PULL_OVERLAP_MS).toISOString());
      const { data, error } = await query;
      if (error) throw new SyncError(`Pulling ${table} failed: ${error.message}`);
      const rows = (data ?? []) as { id: string; data: unknown; modified_at: string }[];
      if (rows.length === 0) return written;
      written += apply(rows);
      const last = rows.at(-1)!;
      after = { at: last.modified_at, id: last.id };
      if (!saved || Date.parse(after.at) >= Date.parse(saved.at)) setKv(this.db, key, after);
      if (rows.length < this.pullPageRows) return written;
    }
  }

  private async removeWhatTheCloudLost(cloud: SignedInCloud): Promise<number> {
    const { data, error } = await cloud.supabase.rpc('sync_ids');
    if (error) throw new SyncError(`Reading the cloud's ids failed: ${error.message}`);
    const ids = (data ?? {}) as Partial<Record<RemovableTable, unknown>>;
    const cloudIds: Partial<CloudIds> = {};
    for (const { table } of syncedRowTables) {
      const held = ids[table];
      if (!Array.isArray(held)) throw new SyncError("The cloud's list of ids was not understood.");
      cloudIds[table] = held as string[];
    }
    return this.removals.run(cloudIds as CloudIds);
  }

  /**
   * Last writer wins, but not silently: the user hears which of their edits lost to a later change made on another
   * device (the pull has just brought that one).
   */
  private tellAboutSuperseded(): void {
    if (this.superseded.length === 0) return;
    const names = this.superseded.slice(0, 3).join(', ') + (this.superseded.length > 3 ? ` and ${this.superseded.length - 3} more` : '');
    this.events.emit('notify', {
      kind: 'info',
      title: 'Newer changes from another device were kept',
      body: `${names}: changed later on another device, so that version is kept here too.`,
    });
  }

  private newDeviceId(): string {
    const id = newId();
    setKv(this.db, KV_DEVICE_ID, id);
    return id;
  }
}
