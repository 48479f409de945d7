/**
 * When the user changes the gap that splits saves into work sessions (issue 32), every song's studio time is grouped
 * again: its project's saves listed again (names and file times, as the scan's read lists them: `projectSaveTimes`),
 * and `meta.activity` written with the new gap. Each song records the gap it was grouped with, and the change is
 * marked pending until a pass over every song finds none left, so a quit or a crash resumes at the next start (and a
 * start with nothing pending reads no song). One pass walks the songs in their order (`seq`), a batch at a time. A project no longer here
 * (moved, another computer's) keeps its sessions, joined where the new gap joins them; a smaller gap cannot split
 * them without the saves, so they stay as they were.
 */
import { sql } from "drizzle-orm";
import { asJson } from "../../common/bridge/schema-parts";
import {
  extensionOf,
  PACKAGE_EXTENSIONS,
  SESSION_EXTENSIONS,
} from "../../common/projects/file-kinds";
import {
  activityOf,
  DEFAULT_SESSION_GAP_MS,
  storedActivity,
  type StoredActivity,
} from "../../common/studio/studio-time";
import { inTransaction, type Db } from "../../db/handle";
import { writeSongChanges } from "../../db/repositories/song-writer";
import { getSongs } from "../../db/repositories/songs";
import {
  getStudioSettings,
  sessionRegroupPending,
  setSessionRegroupPending,
} from "../../db/repositories/studio-settings";
import { songs } from "../../db/schema";
import { resolveLibraryPath } from "../security/library-roots";
import { projectSaveTimes } from "../versions/project-versions";

/** Songs grouped again per transaction: the change feed hears of each batch once. */
const BATCH = 100;

export class SessionRegrouper {
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
  ) {}

  /**
   * Groups again every song whose sessions were grouped with another gap; returns when none is left. A poke while a
   * pass runs queues another after it (the gap may have changed under the first).
   */
  poke(): Promise<number> {
    const next = (this.running ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => this.run());
    this.running = next;
    void next
      .finally(() => {
        if (this.running === next) this.running = null;
      })
      .catch(() => undefined);
    return next;
  }

  /** Stops after the song in hand (nothing half written: each batch is one transaction). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  private async run(): Promise<number> {
    let regrouped = 0;
    // A pass groups every song with one gap; one changed meanwhile makes another pass (the last one's gap is kept).
    while (sessionRegroupPending(this.db) && !this.stopped) {
      const gapMinutes = getStudioSettings(this.db).sessionGapMinutes;
      regrouped += await this.pass(gapMinutes);
      if (!this.stopped && getStudioSettings(this.db).sessionGapMinutes === gapMinutes) setSessionRegroupPending(this.db, false);
    }
    return regrouped;
  }

  private async pass(gapMinutes: number): Promise<number> {
    let regrouped = 0;
    let after = 0;
    while (!this.stopped) {
      const rows = this.db.orm.all<{ id: string; seq: number }>(
        sql`SELECT ${songs.id} AS id, ${songs.seq} AS seq FROM ${songs}
          WHERE ${songs.seq} > ${after} AND json_type(${songs.meta}, '$.activity') = 'object'
            AND coalesce(json_extract(${songs.meta}, '$.activity.gapMinutes'), ${DEFAULT_SESSION_GAP_MS / 60_000}) <> ${gapMinutes}
          ORDER BY ${songs.seq} LIMIT ${BATCH}`,
      );
      if (rows.length === 0) break;
      after = rows.at(-1)!.seq;
      const next = new Map<string, StoredActivity>();
      for (const song of getSongs(this.db, { ids: rows.map((row) => row.id) })) {
        next.set(song.id, await this.regrouped(song.id, song.recordingSession?.value ?? null, song.meta, gapMinutes));
      }
      inTransaction(this.db, () => {
        const changes = getSongs(this.db, { ids: [...next.keys()] }).map((song) => ({ before: song, after: { ...song, meta: { ...song.meta, activity: asJson(next.get(song.id)!) } } }));
        writeSongChanges(this.db, changes);
      });
      regrouped += rows.length;
    }
    return regrouped;
  }

  private async regrouped(
    songId: string,
    session: string | null,
    meta: Record<string, unknown>,
    gapMinutes: number,
  ): Promise<StoredActivity> {
    const gapMs = gapMinutes * 60_000;
    const daw = session
      ? (SESSION_EXTENSIONS[extensionOf(session)] ??
        PACKAGE_EXTENSIONS[extensionOf(session)])
      : undefined;
    // Only a project inside this computer's watched folders is listed: the song may have come from the cloud.
    const project =
      session && daw
        ? await resolveLibraryPath(session, this.db, this.dataDir).catch(
            () => null,
          )
        : null;
    if (project && daw) {
      const saves = await projectSaveTimes(project, daw, {
        dataDir: this.dataDir,
        songId,
      }).catch(() => null);
      if (saves && saves.length > 0) return storedActivity(saves, gapMs);
    }
    // Without the saves, the kept sessions' ends and starts stand for them: a larger gap joins them, a smaller keeps them.
    const kept = activityOf(meta);
    const joined = storedActivity((kept?.sessions ?? []).flat(), gapMs);
    return kept && gapMs < kept.gapMinutes * 60_000
      ? { ...kept, gapMinutes }
      : joined;
  }
}
