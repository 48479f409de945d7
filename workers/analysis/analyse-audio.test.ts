// What the analysis names and what it leaves unnamed (issues 31, 46): a tempo only where there is a pulse, a key
// wherever there are notes (however unsure), none in noise, a confidence either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_SAMPLE_RATE } from '../synthetic/audio-corpus-loudness';
import { synthProgression } from '../synthetic/audio-corpus-synth';
import { writeSignalWav } from '../synthetic/wav';
import { analyseAudio } from './analyse-audio';
import { UNCERTAIN_KEY_CONFIDENCE } from '../../common/audio/audio-analysis';

async function heard(samples: Float32Array) {
  const file = writeSignalWav(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-analyse-')), 'signal.wav'), samples, CORPUS_SAMPLE_RATE);
  const outcome = await analyseAudio(file, { timeLimitMs: 60_000 });
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.value.analysis;
}

describe('analyseAudio', () => {
  it('names neither a tempo nor a key in noise, and says how unsure it is', async () => {
    let state = 9;
    // A linear congruential source: the same noise on every run.
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const analysis = await heard(Float32Array.from({ length: 12 * CORPUS_SAMPLE_RATE }, () => 0.3 * (next() * 2 - 1)));
    expect(analysis.bpm).toBeNull();
    expect(analysis.key).toBeNull();
    expect(analysis.keyConfidence).toBe(0);
  });

  it('names the key of chords and the tempo of a groove', async () => {
    const analysis = await heard(synthProgression({ key: 'F# minor', bpm: 100, drums: true }));
    expect(analysis.key).toBe('F# minor');
    expect(analysis.keyConfidence).toBeGreaterThanOrEqual(UNCERTAIN_KEY_CONFIDENCE);
    expect(analysis.bpm).toBeCloseTo(100, 0);
  });

  it('names the key of a single held note, however unsure: it has notes', async () => {
    const rate = CORPUS_SAMPLE_RATE;
    const analysis = await heard(Float32Array.from({ length: 8 * rate }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate)));
    expect(analysis.key).not.toBeNull();
  });
});
