import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../../common/audio/audio-analysis';
import { heardInAudio } from './heard-in-audio';

const stored = { bpm: 86, bpmConfidence: 0.8, key: 'A minor', keyConfidence: 0.7, lufs: -9.2, loudnessRange: 5, truePeak: -0.4, durationS: 187.3, overview: [], version: 4 };
/** The line for a song whose meta holds `analysis` (read as the panel reads it, through analysisOf). */
const line = (analysis: Record<string, unknown>, meta: Record<string, unknown> = {}) => heardInAudio(analysisOf({ meta: { ...meta, analysis: { ...stored, ...analysis } } }));

describe('the song panel’s “Heard in the audio”', () => {
  it('shows the tempo, the key and the loudness', () => {
    expect(line({})).toBe('86 BPM · A minor · -9.2 LUFS');
  });

  it('shows a tempo heard two ways as both: an octave, or a compound beat and its quarter notes', () => {
    expect(line({ bpmAlternative: 172 })).toBe('86 or 172 BPM · A minor · -9.2 LUFS');
    expect(line({ bpm: 90, bpmAlternative: 60 })).toBe('90 or 60 BPM · A minor · -9.2 LUFS');
  });

  it('shows an uncertain key as uncertain, with its second reading, never hides it', () => {
    expect(line({ keyConfidence: 0.3 })).toBe('86 BPM · A minor (uncertain) · -9.2 LUFS');
    expect(line({ keyConfidence: 0.3, keyAlternative: 'C major' })).toBe('86 BPM · A minor or C major (uncertain) · -9.2 LUFS');
    expect(line({ keyConfidence: 0.9, keyAlternative: 'C major' })).toBe('86 BPM · A minor · -9.2 LUFS');
  });

  it('takes the key the project states where it is the second reading, as it takes the project’s tempo octave', () => {
    expect(line({ keyConfidence: 0.3, keyAlternative: 'C major' }, { key: 'C major', tempo: 172 })).toBe('172 BPM · C major · -9.2 LUFS');
  });

  it('says nothing without an analysis, and leaves out what was not heard (drums have no key)', () => {
    expect(heardInAudio(null)).toBeNull();
    expect(line({ key: null, keyConfidence: 0, lufs: null })).toBe('86 BPM');
  });
});
