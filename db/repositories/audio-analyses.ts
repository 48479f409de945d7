/** Analyses of audio files by content fingerprint (`audio_analyses`): what a re-scan or a moved file reuses. */
import { eq } from 'drizzle-orm';
import type { AudioAnalysis } from '../../common/audio-analysis';
import type { Db } from '../handle';
import { parseJsonColumn } from '../rows/json-column';
import { audioAnalyses } from '../schema';

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
