/**
 * When the user changes the gap that splits saves into work sessions (issue 32), every song's studio time is grouped
 * again: its project's saves listed again (names and file times, as the scan's read lists them: `projectSaveTimes`),
 * and `meta.activity` written with the new gap. Each song records the gap it was grouped with, so the work resumes
 * where it stopped after a quit or a crash, and runs again at start until none is left. A project no longer here
 * (moved, another computer's) keeps its sessions, joined where the new gap joins them; a smaller gap cannot split
 * them without the saves, so they stay as they were.
 */
import { sql } from 'drizzle-orm';
import { asJson } from '../../common/schema-parts';
import { extensionOf, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS } from '../../common/file-kinds';
import { activityOf, DEFAULT_SESSION_GAP_MS, storedActivity, type StoredActivity } from '../../common/studio-time';
import { inTransaction, type Db } from '../../db/handle';
import { writeSongChanges } from '../../db/repositories/song-writer';
import { getSongs } from '../../db/repositories/songs';
import { getStudioSettings } from '../../db/repositories/studio-settings';
import { songs } from '../../db/schema';
import { resolveLibraryPath } from '../security/library-roots';
import { projectSaveTimes } from '../versions/project-versions';

/** Songs grouped again per transaction: the change feed hears of each batch once. */
const BATCH = 100;

export class SessionRegrouper {
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
  ) {}

  /** Groups again every song whose sessions were grouped with another gap; returns when none is left. */
  poke(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops after the song in hand (nothing half written: each batch is one transaction). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  private async run(): Promise<number> {
    let regrouped = 0;
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return regrouped;
        const gapMinutes = getStudioSettings(this.db).sessionGapMinutes;
        const ids = this.db.orm
          .all<{ id: string }>(
            sql`SELECT ${songs.id} AS id FROM ${songs}
              WHERE json_type(${songs.meta}, '$.activity') = 'object'
                AND coalesce(json_extract(${songs.meta}, '$.activity.gapMinutes'), ${DEFAULT_SESSION_GAP_MS / 60_000}) <> ${gapMinutes}
              LIMIT ${BATCH}`,
          )
          .map((row) => row.id);
        if (ids.length === 0) break;
        const next = new Map<string, StoredActivity>();
        for (const song of getSongs(this.db, { ids })) next.set(song.id, await this.regrouped(song.id, song.recordingSession?.value ?? null, song.meta, gapMinutes));
        inTransaction(this.db, () => {
          const changes = getSongs(this.db, { ids: [...next.keys()] }).map((song) => ({ before: song, after: { ...song, meta: { ...song.meta, activity: asJson(next.get(song.id)!) } } }));
          writeSongChanges(this.db, changes);
        });
        regrouped += ids.length;
      }
    } while (this.again && !this.stopped);
    return regrouped;
  }

  private async regrouped(songId: string, session: string | null, meta: Record<string, unknown>, gapMinutes: number): Promise<StoredActivity> {
    const gapMs = gapMinutes * 60_000;
    const daw = session ? (SESSION_EXTENSIONS[extensionOf(session)] ?? PACKAGE_EXTENSIONS[extensionOf(session)]) : undefined;
    // Only a project inside this computer's watched folders is listed: the song may have come from the cloud.
    const project = session && daw ? await resolveLibraryPath(session, this.db, this.dataDir).catch(() => null) : null;
    if (project && daw) {
      const saves = await projectSaveTimes(project, daw, { dataDir: this.dataDir, songId }).catch(() => null);
      if (saves && saves.length > 0) return storedActivity(saves, gapMs);
    }
    // Without the saves, the kept sessions' ends and starts stand for them: a larger gap joins them, a smaller keeps them.
    const kept = activityOf(meta);
    const joined = storedActivity((kept?.sessions ?? []).flat(), gapMs);
    return kept && gapMs < kept.gapMinutes * 60_000 ? { ...kept, gapMinutes } : joined;
  }
}
