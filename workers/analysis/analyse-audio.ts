/**
 * The `analyse-audio` task: one decode of the file (`decode.ts`: samples, loudness, peaks), then tempo (`tempo.ts`)
 * and key (`key.ts`) from the samples, all in this worker. Answers the analysis and the waveform's peaks; the core
 * keeps them by the file's fingerprint.
 */
import { ANALYSIS_VERSION, WAVEFORM_OVERVIEW_PIXELS, foldPeaks } from '../../common/audio/audio-analysis';
import type { AnalyseOutcome } from '../../common/bridge/worker-tasks';
import { decodeForAnalysis, type AnalysisDecoder } from './decode';
import { estimateKey } from './key';
import { estimateTempo } from './tempo';

/** Below this a tempo or key is a guess the table should not show. */
const MIN_SECONDS_FOR_TEMPO = 4;

export async function analyseAudio(path: string, limits: { timeLimitMs: number; signal?: AbortSignal | undefined; decoder?: AnalysisDecoder }): Promise<AnalyseOutcome> {
  const decoded = await decodeForAnalysis(path, limits);
  if (!decoded.ok) return decoded;
  const { samples, sampleRate, durationS, peaks, loudness } = decoded.value;
  const audible = loudness.integrated !== null;
  const long = samples.length >= sampleRate * MIN_SECONDS_FOR_TEMPO;
  const tempo = audible && long ? estimateTempo(samples, sampleRate) : null;
  const key = audible && long ? estimateKey(samples, sampleRate) : null;
  return {
    ok: true,
    value: {
      analysis: {
        bpm: tempo && tempo.bpm > 0 ? tempo.bpm : null,
        bpmConfidence: tempo?.confidence ?? 0,
        ...(tempo && tempo.bpm > 0 && tempo.alternative > 0 ? { bpmAlternative: tempo.alternative } : {}),
        // Every signal with notes gets its key, an uncertain one with its low confidence (issue 46); drums and noise none.
        key: key?.pitched ? key.key : null,
        keyConfidence: key?.pitched ? key.confidence : 0,
        ...(key?.pitched && key.alternative ? { keyAlternative: key.alternative } : {}),
        lufs: loudness.integrated,
        loudnessRange: loudness.range,
        truePeak: loudness.truePeak,
        durationS: Math.round(durationS * 1000) / 1000,
        overview: foldPeaks(peaks, WAVEFORM_OVERVIEW_PIXELS),
        version: ANALYSIS_VERSION,
      },
      peaks,
    },
  };
}
