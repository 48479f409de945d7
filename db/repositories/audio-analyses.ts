/** Analyses of audio files by content fingerprint (`audio_analyses`): what a re-scan or a moved file reuses. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { AudioAnalysis } from '../../common/audio/audio-analysis';
import type { Db } from '../handle';
import { parseJsonColumn } from '../rows/json-column';
import { audioAnalyses, songs } from '../schema';

/** An analysis, or why the file could not be analysed (kept too: a broken file is not decoded at every scan). */
export type StoredAnalysis = AudioAnalysis | { error: string };

/** The stored result for this fingerprint from this `version` of the analysis, if any. */
export function findAnalysis(db: Db, fingerprint: string, version: number): StoredAnalysis | null {
  const row = db.orm.select().from(audioAnalyses).where(eq(audioAnalyses.fingerprint, fingerprint)).get();
  if (!row || row.version !== version) return null;
  return parseJsonColumn<StoredAnalysis | null>(row.result, null);
}

export function saveAnalysis(db: Db, fingerprint: string, version: number, result: StoredAnalysis): void {
  const values = { fingerprint, version, result: JSON.stringify(result), analysedAt: db.now() };
  db.orm.insert(audioAnalyses).values(values).onConflictDoUpdate({ target: audioAnalyses.fingerprint, set: values }).run();
}

/** Fingerprints of stored analyses that no song's audio (`meta.analysis.fingerprint`) is any more. */
export function unreferencedAnalyses(db: Db): string[] {
  return db.orm
    .select({ fingerprint: audioAnalyses.fingerprint })
    .from(audioAnalyses)
    // Not correlated: SQLite reads the songs once into a temporary index, whatever the number of analyses.
    .where(
      sql`${audioAnalyses.fingerprint} not in (select json_extract(${songs.meta}, '$.analysis.fingerprint') from ${songs} where json_extract(${songs.meta}, '$.analysis.fingerprint') is not null)`,
    )
    .all()
    .map((row) => row.fingerprint);
}

export function deleteAnalyses(db: Db, fingerprints: string[]): void {
  for (let i = 0; i < fingerprints.length; i += 500) {
    db.orm.delete(audioAnalyses).where(inArray(audioAnalyses.fingerprint, fingerprints.slice(i, i + 500))).run();
  }
}

export function isAnalysisStored(db: Db, fingerprint: string): boolean {
  return db.orm.select({ fingerprint: audioAnalyses.fingerprint }).from(audioAnalyses).where(eq(audioAnalyses.fingerprint, fingerprint)).get() !== undefined;
}
