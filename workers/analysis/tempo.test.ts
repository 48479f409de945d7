import { describe, expect, it } from 'vitest';
import { synthProgression } from '../synthetic/audio-corpus-synth';
import { estimateTempo } from './tempo';

const RATE = 22_050;

/** A small deterministic random source (mulberry32), so every run hears the same noise. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Drum = 'kick' | 'snare' | 'hat' | 'click';
type Pattern = 'click' | 'rock' | 'house' | 'half-time' | 'break' | 'eighths' | 'jazz';

interface Groove {
  bpm: number;
  pattern: Pattern;
  /** Where the off-beat eighth falls, as a share of the beat: 0.5 straight, 2/3 a triplet swing. */
  swing?: number;
  /** 16: closed hats on every 16th instead of the pattern's 8ths (how slow backbeats are played). */
  hats?: 16;
  /** White noise amplitude over the mix. */
  noise?: number;
  seconds?: number;
}

function addDrum(out: Float32Array, at: number, drum: Drum, next: () => number): void {
  const start = Math.round(at * RATE);
  const length = Math.round((drum === 'kick' ? 0.25 : drum === 'snare' ? 0.18 : drum === 'hat' ? 0.05 : 0.01) * RATE);
  let phase = 0;
  let previous = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / RATE;
    let value: number;
    if (drum === 'kick') {
      phase += (2 * Math.PI * (50 + 90 * Math.exp(-t * 30))) / RATE;
      value = 0.9 * Math.sin(phase) * Math.exp(-t * 14);
    } else if (drum === 'snare') {
      value = (0.35 * (next() * 2 - 1) + 0.3 * Math.sin(2 * Math.PI * 190 * t)) * Math.exp(-t * 22);
    } else if (drum === 'hat') {
      const white = next() * 2 - 1;
      value = 0.12 * (white - previous) * Math.exp(-t * 70);
      previous = white;
    } else {
      value = 0.8 * Math.sin(2 * Math.PI * 1000 * t) * (1 - i / length);
    }
    out[start + i] = (out[start + i] as number) + value;
  }
}

/** A drum groove at a known tempo: `seconds` long at 22,050 Hz. */
function groove({ bpm, pattern, swing = 0.5, hats, noise = 0, seconds = 20 }: Groove): Float32Array {
  const out = new Float32Array(seconds * RATE);
  const next = random(Math.round(bpm * 10));
  const beat = 60 / bpm;
  for (let b = 0; b * beat < seconds; b++) {
    const t = b * beat;
    const inBar = b % 4;
    const offbeat = t + swing * beat;
    if (pattern === 'click') addDrum(out, t, 'click', next);
    if (pattern === 'rock') {
      addDrum(out, t, inBar % 2 === 0 ? 'kick' : 'snare', next);
      if (hats === 16) for (const at of [0, 0.25, 0.5, 0.75]) addDrum(out, t + at * beat, 'hat', next);
      else addDrum(out, t, 'hat', next);
      if (bpm < 160 && hats !== 16) addDrum(out, offbeat, 'hat', next);
    }
    if (pattern === 'break') {
      // The Amen-like break of breaks and drum and bass: kicks on 1, the "and" of 1 and the "and" of 3; the
      // snare on 2 and 4 with ghost notes a 16th either side of 3.
      for (const at of inBar === 0 ? [0, 0.5] : inBar === 2 ? [0.5] : []) addDrum(out, t + at * beat, 'kick', next);
      for (const at of inBar === 1 ? [0, 0.75] : inBar === 2 ? [0.25] : inBar === 3 ? [0] : []) addDrum(out, t + at * beat, 'snare', next);
      addDrum(out, t, 'hat', next);
      addDrum(out, offbeat, 'hat', next);
    }
    if (pattern === 'house') {
      addDrum(out, t, 'kick', next);
      addDrum(out, offbeat, 'hat', next);
      if (inBar % 2 === 1) addDrum(out, t, 'snare', next);
    }
    if (pattern === 'eighths') {
      // No backbeat: a kick on every straight eighth (a bass line's pulse, funk's or a dembow's) and 16th hats.
      addDrum(out, t, 'kick', next);
      addDrum(out, offbeat, 'kick', next);
      for (const at of [0, 0.25, 0.5, 0.75]) addDrum(out, t + at * beat, 'hat', next);
    }
    if (pattern === 'jazz') {
      // A walking bass on every beat and the ride's spang-a-lang: every beat, and the late (swung) eighth of beats
      // two and four.
      addDrum(out, t, 'kick', next);
      addDrum(out, t, 'hat', next);
      if (inBar % 2 === 1) addDrum(out, offbeat, 'hat', next);
    }
    if (pattern === 'half-time') {
      if (inBar === 0) addDrum(out, t, 'kick', next);
      if (inBar === 2) addDrum(out, t, 'snare', next);
      addDrum(out, t, 'hat', next);
      addDrum(out, offbeat, 'hat', next);
    }
  }
  if (noise > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + noise * (next() * 2 - 1);
  return out;
}

describe('estimateTempo', () => {
  const cases: Groove[] = [
    { bpm: 60, pattern: 'click' },
    { bpm: 60, pattern: 'rock' },
    { bpm: 66.5, pattern: 'rock', hats: 16 },
    { bpm: 78, pattern: 'rock', hats: 16, noise: 0.05 },
    { bpm: 92, pattern: 'rock', hats: 16, swing: 0.6 },
    { bpm: 87.5, pattern: 'half-time' },
    { bpm: 87.5, pattern: 'half-time', swing: 2 / 3 },
    { bpm: 96.5, pattern: 'rock', swing: 2 / 3 },
    { bpm: 120, pattern: 'rock' },
    { bpm: 120, pattern: 'rock', swing: 0.62, noise: 0.05 },
    { bpm: 128, pattern: 'house' },
    { bpm: 128, pattern: 'house', noise: 0.1 },
    { bpm: 140.5, pattern: 'rock' },
    { bpm: 140.5, pattern: 'house', noise: 0.05 },
    { bpm: 174, pattern: 'rock' },
    { bpm: 174.3, pattern: 'rock', noise: 0.05 },
    { bpm: 138, pattern: 'break' },
    { bpm: 164.5, pattern: 'break', noise: 0.05 },
    { bpm: 174, pattern: 'break', swing: 0.58 },
    { bpm: 186, pattern: 'rock' },
    { bpm: 200, pattern: 'click' },
    { bpm: 200, pattern: 'rock' },
  ];

  it.each(cases)('reads $bpm BPM from a $pattern groove (hats $hats, swing $swing, noise $noise) within 0.5 BPM', (groove_) => {
    const { bpm, confidence } = estimateTempo(groove(groove_), RATE);
    expect(Math.abs(bpm - groove_.bpm)).toBeLessThanOrEqual(0.5);
    expect(confidence).toBeGreaterThan(0.1);
    expect(confidence).toBeLessThanOrEqual(1);
  });

  it('finds no tempo in silence', () => {
    expect(estimateTempo(new Float32Array(10 * RATE), RATE)).toEqual({ bpm: 0, confidence: 0, alternative: 0 });
  });

  it('finds no tempo in a clip too short to hold two beats at 50 BPM', () => {
    expect(estimateTempo(groove({ bpm: 120, pattern: 'rock', seconds: 2 }), RATE).bpm).toBe(0);
  });

  it('gives steady noise a low confidence and no tempo: it has no pulse', () => {
    const next = random(7);
    const noise = Float32Array.from({ length: 15 * RATE }, () => 0.3 * (next() * 2 - 1));
    const estimate = estimateTempo(noise, RATE);
    expect(estimate.confidence).toBeLessThan(0.1);
    expect(estimate.bpm).toBe(0);
  });

  it('gives a second reading where two octaves are nearly as likely, and none where one is clear', () => {
    // A backbeat at 100 with a snare on every half-beat: at full strength it is a backbeat at 200 as much as at 100.
    const withHalfBeatSnares = (gain: number) => {
      const out = groove({ bpm: 100, pattern: 'rock', hats: 16 });
      const snares = new Float32Array(out.length);
      const next = random(3);
      for (let b = 0; b * 0.6 < 20; b++) addDrum(snares, b * 0.6 + 0.3, 'snare', next);
      return estimateTempo(out.map((value, i) => value + gain * (snares[i] as number)), RATE);
    };
    expect(withHalfBeatSnares(0)).toMatchObject({ bpm: 100, alternative: 0 });
    const reading = withHalfBeatSnares(0.8);
    expect([reading.bpm, reading.alternative].sort((a, b) => a - b)).toEqual([100, 200]);
  });

  it('gives held pad chords no tempo, and the same chords with drums their tempo', () => {
    expect(estimateTempo(synthProgression({ key: 'D minor', timbre: 'pad', bpm: 96, sampleRate: RATE }), RATE).bpm).toBe(0);
    expect(estimateTempo(synthProgression({ key: 'D minor', timbre: 'pad', bpm: 96, drums: true, sampleRate: RATE }), RATE).bpm).toBeCloseTo(96, 0);
  });

  // A 6/8 (issue 46): six eighths a bar, kick on the first, snare on the fourth, a hat on each; felt in dotted quarters.
  function sixEight(quarterBpm: number, seconds = 20): Float32Array {
    const out = new Float32Array(seconds * RATE);
    const next = random(Math.round(quarterBpm * 10));
    const eighth = 30 / quarterBpm;
    for (let n = 0; n * eighth < seconds; n++) {
      if (n % 6 === 0) addDrum(out, n * eighth, 'kick', next);
      if (n % 6 === 3) addDrum(out, n * eighth, 'snare', next);
      addDrum(out, n * eighth, 'hat', next);
    }
    return out;
  }

  it.each([78, 88, 96.5])('reads a 6/8 at the quarter-note tempo a DAW counts (%s), its dotted-quarter beat as the second reading', (quarterBpm) => {
    const { bpm, alternative } = estimateTempo(sixEight(quarterBpm), RATE);
    expect(Math.abs(bpm - quarterBpm)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(alternative - (2 * quarterBpm) / 3)).toBeLessThanOrEqual(0.5);
  });

  it('keeps a straight groove of eighths without a backbeat at its beat, with twice it as the second reading', () => {
    // Funk, a dembow or a 7/8 at 95-105: the eighths fill the half-way points as much as the beats, yet nobody counts
    // them at 190-210 (issue 46's evaluation set read four funk songs at double tempo).
    const { bpm, alternative } = estimateTempo(groove({ bpm: 96, pattern: 'eighths' }), RATE);
    expect(bpm).toBeCloseTo(96, 0);
    expect(alternative).toBeCloseTo(192, 0);
  });

  it('reads swung jazz at its fast beat', () => {
    for (const bpm of [176, 196]) expect(estimateTempo(groove({ bpm, pattern: 'jazz', swing: 2 / 3 }), RATE).bpm).toBeCloseTo(bpm, 0);
  });

  it('keeps a shuffle (swung eighths, the beat’s middle third empty) at its beat', () => {
    const { bpm, alternative } = estimateTempo(groove({ bpm: 96.5, pattern: 'rock', swing: 2 / 3 }), RATE);
    expect(bpm).toBeCloseTo(96.5, 0);
    expect(alternative).not.toBeCloseTo((2 * 96.5) / 3, 0);
  });

  it('reads the same tempo at 44.1 kHz', () => {
    const at22k = groove({ bpm: 128, pattern: 'house', seconds: 12 });
    const at44k = new Float32Array(at22k.length * 2);
    for (let i = 0; i < at44k.length; i++) at44k[i] = at22k[i >> 1] as number;
    expect(Math.abs(estimateTempo(at44k, 2 * RATE).bpm - 128)).toBeLessThanOrEqual(0.5);
  });

  it('reads three minutes of audio (its speed is measured by bench:analyse, not here)', () => {
    const long = groove({ bpm: 123.4, pattern: 'rock', seconds: 180 });
    const { bpm } = estimateTempo(long, RATE);
    expect(Math.abs(bpm - 123.4)).toBeLessThanOrEqual(0.5);
  });
});
