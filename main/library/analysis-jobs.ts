/**
 * Phase three of a scan, behind the project and audio reads (issue 18): hear each song's audio. A file analysed
 * before (by its content fingerprint, with this version of the analysis) is not decoded again, wherever it moved;
 * a new one is decoded once in a worker (`workers/analysis/`) for tempo, key, loudness and its waveform. The
 * result goes on the song (`meta.analysis`), the waveform to `<data>/waveforms/`. Nothing leaves the computer.
 */
import { ANALYSIS_VERSION, FILL_KEY_CONFIDENCE, FILL_TEMPO_CONFIDENCE } from '../../common/audio-analysis';
import { asJson } from '../../common/schema-parts';
import { inTransaction } from '../../db/handle';
import { findAnalysis, saveAnalysis, type StoredAnalysis } from '../../db/repositories/audio-analyses';
import { mergeAudioAnalysis } from '../../db/repositories/scanned-songs';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { getSong } from '../../db/repositories/songs';
import type { JobContext } from '../jobs/runner';
import { audioFingerprint } from './content-hash';
import type { ReadRequest } from './plan-scan';
import type { ReadDeps } from './read-jobs';
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

export async function runAudioAnalyses(deps: AnalysisDeps, payload: { reads: ReadRequest[] }, ctx: JobContext): Promise<AnalysisSummary> {
  const summary: AnalysisSummary = { analysed: 0, reused: 0, failed: [] };
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
      result = await analyse(deps, request.path, fingerprint, ctx.signal);
      saveAnalysis(deps.db, fingerprint, ANALYSIS_VERSION, result);
      if ('error' in result) summary.failed.push({ path: request.path, reason: result.error });
      else summary.analysed += 1;
    }
    applyToSong(deps, request, fingerprint, result);
    ctx.progress((position + 1) / payload.reads.length);
  }
  return summary;
}

async function analyse(deps: AnalysisDeps, filePath: string, fingerprint: string, signal: AbortSignal): Promise<StoredAnalysis> {
  await deps.userQuiet?.(signal);
  const outcome = await deps.pool.run({ kind: 'analyse-audio', path: filePath }, signal);
  // A cancelled job stops here, and nothing is stored: it is analysed again when the job runs again.
  signal.throwIfAborted();
  if (!outcome.ok) return { error: outcome.reason };
  await writeWaveform(deps.dataDir, fingerprint, outcome.value.peaks);
  return outcome.value.analysis;
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
    rewriteSongs(deps.db, [mergeAudioAnalysis(song, asJson({ ...result, fingerprint }), heard, deps.db.now())]);
  });
}
