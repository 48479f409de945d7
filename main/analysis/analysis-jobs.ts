/**
 * Phase three of a scan, behind the project and audio reads (issue 18): hear each song's audio. A file analysed
 * before (by its content fingerprint, with this version of the analysis) is not decoded again, wherever it moved;
 * a new one is decoded once in a worker (`workers/analysis/`) for tempo, key, loudness and its waveform. The
 * result goes on the song (`meta.analysis`), the waveform to `<data>/waveforms/`. Nothing leaves the computer.
 *
 * A file whose bytes are not what its name says (a Matroska file named `mix.wav`) is refused by the worker before
 * any decoder sees it: the refusal is kept on the song like any failure (so no scan tries it again), the rest of the
 * batch is analysed, and then the job fails for good, naming the refused files, for the user to see.
 */
import { ANALYSIS_VERSION, FILL_KEY_CONFIDENCE, FILL_TEMPO_CONFIDENCE, storedAnalysis } from '../../common/audio/audio-analysis';
import { asJson } from '../../common/bridge/schema-parts';
import { inTransaction } from '../../db/handle';
import { findAnalysis, saveAnalysis, type StoredAnalysis } from '../../db/repositories/audio-analyses';
import { mergeAudioAnalysis } from '../../db/repositories/scanned-songs';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { getSong } from '../../db/repositories/songs';
import { PermanentJobError } from '../jobs/permanent-error';
import type { JobContext } from '../jobs/runner';
import { audioFingerprint } from './content-hash';
import type { ReadRequest } from '../scan/plan-scan';
import type { ReadDeps } from '../scan/read-jobs';
import { writeWaveform } from './waveforms';

export interface AnalysisDeps extends ReadDeps {
  dataDir: string;
  /** Resolves when the user has paused (main/jobs/user-activity.ts): a decode waits for it, the table does not. */
  userQuiet?: (signal: AbortSignal) => Promise<void>;
}

export interface AnalysisSummary {
  analysed: number;
  /** Found by fingerprint: analysed before, here or under another name. */
  reused: number;
  failed: { path: string; reason: string }[];
}

/** Refusals named in a failed job's message; more are counted. */
const REFUSALS_NAMED = 3;

export async function runAudioAnalyses(deps: AnalysisDeps, payload: { reads: ReadRequest[] }, ctx: JobContext): Promise<AnalysisSummary> {
  const summary: AnalysisSummary = { analysed: 0, reused: 0, failed: [] };
  const refused: string[] = [];
  for (const [position, request] of payload.reads.entries()) {
    ctx.signal.throwIfAborted();
    const fingerprint = await audioFingerprint(request.path);
    if (fingerprint === null) {
      summary.failed.push({ path: request.path, reason: 'The file could not be read.' });
      continue;
    }
    let result = findAnalysis(deps.db, fingerprint, ANALYSIS_VERSION);
    if (result) summary.reused += 1;
    else {
      const analysed = await analyse(deps, request.path, fingerprint, ctx.signal);
      result = analysed.result;
      saveAnalysis(deps.db, fingerprint, ANALYSIS_VERSION, result);
      if ('error' in result) summary.failed.push({ path: request.path, reason: result.error });
      else summary.analysed += 1;
      if (analysed.refused && 'error' in result) refused.push(result.error);
    }
    applyToSong(deps, request, fingerprint, result);
    ctx.progress((position + 1) / payload.reads.length);
  }
  if (refused.length > 0) throw new PermanentJobError(refusalMessage(refused));
  return summary;
}

function refusalMessage(reasons: string[]): string {
  const named = reasons.slice(0, REFUSALS_NAMED).join(' ');
  return reasons.length > REFUSALS_NAMED ? `${named} (and ${reasons.length - REFUSALS_NAMED} more files like these)` : named;
}

/**
 * A file's analysis by its fingerprint, heard now only if it never was (a version of a song shared on its own, issue
 * 33, wants its waveform). Null when the file cannot be read.
 */
export async function analysisOfFile(deps: Pick<AnalysisDeps, 'db' | 'pool' | 'dataDir'>, filePath: string, signal: AbortSignal): Promise<StoredAnalysis | null> {
  const fingerprint = await audioFingerprint(filePath);
  if (fingerprint === null) return null;
  const known = findAnalysis(deps.db, fingerprint, ANALYSIS_VERSION);
  if (known) return known;
  const { result } = await analyse(deps, filePath, fingerprint, signal);
  saveAnalysis(deps.db, fingerprint, ANALYSIS_VERSION, result);
  return result;
}

/** `refused`: the worker would not decode the file for what its bytes are (see the header). */
async function analyse(deps: Pick<AnalysisDeps, 'pool' | 'dataDir' | 'userQuiet'>, filePath: string, fingerprint: string, signal: AbortSignal): Promise<{ result: StoredAnalysis; refused: boolean }> {
  await deps.userQuiet?.(signal);
  const outcome = await deps.pool.run({ kind: 'analyse-audio', path: filePath }, signal);
  // A cancelled job stops here, and nothing is stored: it is analysed again when the job runs again.
  signal.throwIfAborted();
  if (!outcome.ok) return { result: { error: outcome.reason }, refused: outcome.refused === true };
  await writeWaveform(deps.dataDir, fingerprint, outcome.value.peaks);
  return { result: outcome.value.analysis, refused: false };
}

/** On the song as it is now, if its audio is still this file (it may have been re-linked since the job was queued). */
function applyToSong(deps: AnalysisDeps, request: ReadRequest, fingerprint: string, result: StoredAnalysis): void {
  inTransaction(deps.db, () => {
    const song = getSong(deps.db, request.songId);
    if (!song || song.file?.localPath !== request.path) return;
    const heard =
      'error' in result
        ? { bpm: null, key: null }
        : { bpm: result.bpmConfidence >= FILL_TEMPO_CONFIDENCE ? result.bpm : null, key: result.keyConfidence >= FILL_KEY_CONFIDENCE ? result.key : null };
    const kept = 'error' in result ? { ...result, fingerprint } : storedAnalysis(result, fingerprint);
    rewriteSongs(deps.db, [mergeAudioAnalysis(song, asJson(kept), heard, deps.db.now())]);
  });
}
