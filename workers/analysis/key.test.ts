import { describe, expect, it } from 'vitest';
import { KEYS, keyName, parseKey, type KeyMode } from '../../common/songs/music-keys';
import { estimateKey, keyChroma, keyFromChroma, DEFAULT_KEY_PROFILE } from './key';
import { KEY_PROFILE_NAMES } from './key-profiles';

const RATE = 22_050;
type Timbre = 'sine' | 'saw';

/** One cycle of each timbre: a sine with a soft octave, or the first 10 partials of a sawtooth (1/n). */
function wavetable(timbre: Timbre): Float32Array {
  const size = 2048;
  const table = new Float32Array(size);
  const partials = timbre === 'sine' ? [1, 0.2] : Array.from({ length: 10 }, (_, n) => 1 / (n + 1));
  for (let i = 0; i < size; i++) {
    table[i] = partials.reduce((sum, amp, n) => sum + amp * Math.sin((2 * Math.PI * (n + 1) * i) / size), 0);
  }
  return table;
}

/** I-IV-V-I (major) or i-iv-V-i (minor, the dominant major as common practice has it), a second a chord. */
function progression(tonic: number, mode: KeyMode, timbre: Timbre, options: { noise?: number; cents?: number } = {}): Float32Array {
  const table = wavetable(timbre);
  const third = mode === 'major' ? 4 : 3;
  const chords = [
    [0, third, 7],
    [5, 5 + third, 12],
    [7, 11, 14],
    [0, third, 7],
  ];
  const chordSeconds = 1;
  const out = new Float32Array(chords.length * chordSeconds * RATE);
  const tuning = 2 ** ((options.cents ?? 0) / 1200);
  chords.forEach((chord, index) => {
    const root = 48 + tonic;
    const notes = [root + (chord[0] as number) - 12, ...chord.map((step) => root + 12 + step)];
    for (const midi of notes) {
      const hz = 440 * 2 ** ((midi - 69) / 12) * tuning;
      const increment = (hz * table.length) / RATE;
      let phase = 0;
      const start = index * chordSeconds * RATE;
      for (let i = 0; i < chordSeconds * RATE; i++) {
        const envelope = Math.min(1, i / 200) * Math.exp(-i / (1.5 * RATE));
        out[start + i] = (out[start + i] as number) + 0.15 * envelope * (table[Math.floor(phase) & (table.length - 1)] as number);
        phase += increment;
      }
    }
  });
  let seed = tonic * 31 + (mode === 'major' ? 7 : 11);
  const noise = options.noise ?? 0;
  for (let i = 0; noise > 0 && i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    out[i] = (out[i] as number) + noise * (seed / 2 ** 31 - 1);
  }
  return out;
}

/** The MIREX key score: same key 1, the fifth above or below (same mode) 0.5, relative 0.3, parallel 0.2. */
function mirexScore(truth: string, estimate: string): number {
  const a = parseKey(truth);
  const b = parseKey(estimate);
  if (!a || !b) return 0;
  const interval = (b.pitchClass - a.pitchClass + 12) % 12;
  if (a.mode === b.mode) return interval === 0 ? 1 : interval === 7 || interval === 5 ? 0.5 : 0;
  if (interval === 0) return 0.2;
  return (a.mode === 'major' && interval === 9) || (a.mode === 'minor' && interval === 3) ? 0.3 : 0;
}

describe('estimateKey', () => {
  it.each([
    ['Eb major', 'saw'],
    ['F# minor', 'saw'],
    ['A minor', 'sine'],
    ['Bb major', 'sine'],
    ['C# minor', 'saw'],
    ['G major', 'saw'],
  ] as const)('reads %s from a %s progression', (name, timbre) => {
    const key = parseKey(name);
    if (!key) throw new Error(name);
    const estimate = estimateKey(progression(key.pitchClass, key.mode, timbre), RATE);
    expect(estimate.key).toBe(name);
    expect(estimate.confidence).toBeGreaterThan(0);
    expect(estimate.confidence).toBeLessThanOrEqual(1);
  });

  it('reads the key through noise and a recording tuned 30 cents sharp', () => {
    expect(estimateKey(progression(3, 'major', 'saw', { noise: 0.05, cents: 30 }), RATE).key).toBe('Eb major');
    expect(estimateKey(progression(6, 'minor', 'sine', { noise: 0.05, cents: -35 }), RATE).key).toBe('F# minor');
  });

  it('tells two keys that share their chords apart by the one the song comes home to: C major ending on C, F major on F', () => {
    const table = wavetable('saw');
    // C major and F major triads over their roots, a second each, six times, then the final chord held two seconds:
    // the notes of both keys but for one (B or Bb, neither played), told apart by the chord the song comes home to.
    const song = (final: 'C' | 'F') => {
      const chords = { C: [48, 60, 64, 67], F: [53, 60, 65, 69] };
      const order = [...Array.from({ length: 6 }, () => ['C', 'F'] as const).flat(), final];
      const out = new Float32Array((order.length + 1) * RATE);
      order.forEach((name, index) => {
        const seconds = index === order.length - 1 ? 2 : 1;
        for (const midi of chords[name]) {
          const increment = (440 * 2 ** ((midi - 69) / 12) * table.length) / RATE;
          for (let i = 0, phase = 0; i < seconds * RATE; i++, phase += increment) {
            const at = index * RATE + i;
            out[at] = (out[at] as number) + 0.1 * Math.min(1, i / 200) * Math.exp(-i / (2 * RATE)) * (table[Math.floor(phase) & (table.length - 1)] as number);
          }
        }
      });
      return out;
    };
    expect(estimateKey(song('C'), RATE).key).toBe('C major');
    expect(estimateKey(song('F'), RATE).key).toBe('F major');
  });

  it('spells every key it can answer with the key picker', () => {
    const estimate = estimateKey(progression(8, 'major', 'sine'), RATE);
    expect(KEYS).toContain(estimate.key);
  });

  it('gives silence confidence 0 and no notes', () => {
    expect(estimateKey(new Float32Array(RATE * 4), RATE)).toMatchObject({ key: 'C major', confidence: 0, pitched: false });
  });

  it('scores the default profile best on I-IV-V-I and i-iv-V-i in all 24 keys and two timbres (MIREX)', () => {
    const totals = Object.fromEntries(KEY_PROFILE_NAMES.map((name) => [name, 0])) as Record<string, number>;
    let count = 0;
    for (const timbre of ['sine', 'saw'] as const) {
      for (let tonic = 0; tonic < 12; tonic++) {
        for (const mode of ['major', 'minor'] as const) {
          const chroma = keyChroma(progression(tonic, mode, timbre, { noise: 0.02 }), RATE);
          const truth = keyName({ pitchClass: tonic, mode });
          for (const name of KEY_PROFILE_NAMES) totals[name] = (totals[name] ?? 0) + mirexScore(truth, keyFromChroma(chroma, name).key);
          count++;
        }
      }
    }
    const scores = Object.fromEntries(Object.entries(totals).map(([name, total]) => [name, Math.round((total / count) * 1000) / 1000]));
    console.log(`key profiles, MIREX weighted score over ${count} progressions:`, JSON.stringify(scores));
    const best = Math.max(...Object.values(scores));
    expect(scores[DEFAULT_KEY_PROFILE]).toBe(best);
    expect(best).toBeGreaterThanOrEqual(0.9);
  });

  it('reads three minutes of audio (its speed is measured by bench:analyse, not here)', () => {
    const long = new Float32Array(180 * RATE);
    const bar = progression(3, 'major', 'saw');
    for (let i = 0; i < long.length; i++) long[i] = bar[i % bar.length] as number;
    const { key } = estimateKey(long, RATE);
    expect(key).toBe('Eb major');
  });
});
