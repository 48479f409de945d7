/**
 * The song panel's "Heard in the audio" line (issues 18, 31, 46): the tempo with its second reading ("86 or 172
 * BPM", a 6/8's "90 or 60 BPM"), the key with its second reading where it is uncertain ("A minor or C major
 * (uncertain)": shown, never hidden), and the loudness.
 */
import { keyIsUncertain, type SongAnalysis } from '../../../common/audio/audio-analysis';

export function heardInAudio(analysis: SongAnalysis | null): string | null {
  if (!analysis) return null;
  const tempo = analysis.bpm === null ? null : `${analysis.bpm}${analysis.bpmAlternative !== undefined ? ` or ${analysis.bpmAlternative}` : ''} BPM`;
  const uncertain = keyIsUncertain(analysis);
  const key = analysis.key === null ? null : `${analysis.key}${uncertain && analysis.keyAlternative ? ` or ${analysis.keyAlternative}` : ''}${uncertain ? ' (uncertain)' : ''}`;
  const loudness = analysis.lufs === null ? null : `${analysis.lufs} LUFS`;
  return [tempo, key, loudness].filter(Boolean).join(' · ') || null;
}
