/**
 * Tempo after Percival and Tzanetakis, "Streamlined tempo estimation based on autocorrelation and
 * cross-correlation with pulses" (IEEE/ACM TASLP 22(12), 2014), written from the paper (no code copied):
 *
 * 1. The onset strength signal (`onset.ts`).
 * 2. Per window of about 6 s of the OSS: the generalized autocorrelation (the inverse FFT of |FFT|^0.5), with
 *    harmonics enhanced (A(τ) + A(2τ) + A(4τ)), its ten highest peaks between 50 and 210 BPM as candidates, and
 *    for each the cross-correlation with pulse trains (beats at τ, weight 1; at 2τ and 1.5τ, weight 0.5) over all
 *    phases: the candidate whose best phase and whose variance over phases are highest wins the window.
 * 3. The windows' winners are summed in a Gaussian-smoothed tempo histogram; its peak is the tempo.
 *
 * Adapted: the paper decides the octave with a classifier trained on annotated music; we have no training set,
 * so the octave is decided by what a drummer plays, and the period is refined beyond the OSS's frame (about 0.6 BPM
 * at 120) with the whole signal's autocorrelation at multiples of the beat, interpolated by a parabola: the peak
 * at m beats gives the period m times finer. The octave is then an exact power of two of that refined period.
 *
 * The octave, what a musician would call the tempo:
 * 1. The backbeat (`backbeatPeriod`): in rock, pop, hip-hop, house, breaks and half-time, the kick falls on the
 *    first of two beats and the snare or clap on the second. Each octave of the period is folded over two beats,
 *    in a kick band and a snare band (linear flux, `onset.ts`), and scored by how much of each band's onsets sit
 *    in its own place rather than in the other's; the best octave wins if it scores at least BACKBEAT_MIN. A slow
 *    backbeat's 16th hats, a fast one's 8th hats and a breakbeat's ghost notes do not move its kick and snare.
 *    The snare must also come back on every second beat (folded over four beats, its two places about as strong,
 *    BACKBEAT_BALANCE): a dembow's snares at 95 or a waltz's sticks at 96 fill only one of them at twice the tempo,
 *    which otherwise read as a backbeat at 190 (issue 31's sampled corpus). Past 160 BPM the backbeat must be
 *    clear (FAST_BACKBEAT_MIN).
 * 2. Without a backbeat (a click track, a groove without snare), the off-beat rule on the low band's OSS folded at
 *    the beat period: if the half-way points are nearly as strong as the beats (>= FASTER_RATIO), the pulse is
 *    twice as fast; otherwise, if every other beat is weak (<= SLOWER_RATIO of the strong ones), twice as slow.
 *    Past 160 BPM (FAST_BPM) it doubles only to a swung beat (`meter.ts`, issue 46): jazz at 180 is felt at 180,
 *    while funk's sixteenths, a dembow or a 7/8 at 95-105 fill the half-way points as much and are felt at 95-105
 *    (the faster reading is kept as the second).
 * 3. The meter (`meter.ts`, issue 46): a beat that divides in three (6/8, 12/8) is a dotted quarter; the tempo is
 *    then the quarter note's a DAW counts, 1.5 times the beat, and the beat is the second reading. A dotted quarter
 *    below 50 BPM (a 6/8 under 75) is not among the candidates: such a piece reads at its eighths, twice its tempo.
 * Results stay in 50..210 BPM.
 *
 * Over 300 lines: one paper's method, its stages in order, sharing their constants.
 */
import { nextFftSize, RealFft } from './fft';
import { beatDivision, swung } from './meter';
import { fold, onsetStrength, peakOnly } from './onset';

export interface TempoEstimate {
  /** Beats per minute, one decimal, in 50..210; 0 when no steady pulse was found (silence, too short, held or free). */
  bpm: number;
  /** 0..1: how periodic the onsets are at that tempo. */
  confidence: number;
  /** Another octave the signal nearly chose (twice or half `bpm`: "87 | 174"), or 0 where the choice was clear. */
  alternative: number;
}

const MIN_BPM = 50;
const MAX_BPM = 210;
/** Half-way points at least this strong (relative to the beats) mean the pulse is twice as fast. */
const FASTER_RATIO = 0.62;
/**
 * Half-way points this strong are as strong as the beats: an even stream (a click track at 200 measures 0.997), where
 * nothing says the slower beat. Set on the tuning set: its straight 7/8, whose eighths must not double past 160 BPM,
 * measures 0.94.
 */
const EVEN_RATIO = 0.97;
/** Every other beat at most this strong (relative to the others) means the pulse is twice as slow. */
const SLOWER_RATIO = 0.55;
/** The least backbeat score (`backbeatScore`) that decides the octave; below it the off-beat rule does. */
const BACKBEAT_MIN = 0.3;
/**
 * Past FAST_BPM a backbeat must score this much: drum and bass or punk at 170-200 hit their snares hard and
 * clearly (0.9 on the sampled corpus), while a weak backbeat that fast is a slower pulse's subdivisions (a waltz at 96
 * scores 0.35 at 192).
 */
const FAST_BPM = 160;
const FAST_BACKBEAT_MIN = 0.5;
/** A backbeat's snare on its second and fourth beats: the weaker at least this share of the stronger counts whole. */
const BACKBEAT_BALANCE = 0.5;
/** The analysis window over the OSS (seconds) and its hop, as a share of the window. */
const WINDOW_S = 6;
const WINDOW_HOP = 0.5;
const CANDIDATES = 10;
const NO_TEMPO: TempoEstimate = { bpm: 0, confidence: 0, alternative: 0 };
/** A runner-up octave whose backbeat scores at least this share of the best one's is a second reading. */
const CLOSE_BACKBEAT = 0.8;
/** An off-beat rule decided within this of its threshold is a second reading. */
const CLOSE_RULE = 0.08;
/**
 * Below this periodicity there is no steady pulse. Measured on both corpora: every groove scores 0.6 or more; held
 * pads, organ and strings without drums, pink noise and a rubato saxophone 0 to 0.034; chords struck on the beat
 * 0.1 to 0.56, a pulse all the same.
 */
const MIN_PULSE_CONFIDENCE = 0.1;
/** The tempo histogram's smoothing (BPM) and resolution (bins per BPM). */
const HISTOGRAM_SIGMA = 1;
const HISTOGRAM_RES = 10;
/** The histogram's peaks weighed by the whole signal's periodicity. */
const HISTOGRAM_CANDIDATES = 3;

function parabolicOffset(left: number, centre: number, right: number): number {
  const denominator = left - 2 * centre + right;
  if (denominator >= 0) return 0;
  const offset = (0.5 * (left - right)) / denominator;
  return Math.max(-0.5, Math.min(0.5, offset));
}

/** The generalized autocorrelation (compression 0.5) of `frame`, zero-padded to `fft.size`. */
function generalizedAutocorrelation(fft: RealFft, frame: Float64Array, work: { re: Float64Array; im: Float64Array; full: Float64Array }): Float64Array {
  const { re, im, full } = work;
  fft.forward(frame, re, im);
  const n = fft.size;
  for (let k = 0; k <= n / 2; k++) {
    const magnitude = Math.sqrt(Math.sqrt((re[k] as number) ** 2 + (im[k] as number) ** 2));
    full[k] = magnitude;
    if (k > 0 && k < n / 2) full[n - k] = magnitude;
  }
  // The inverse DFT of a real, even spectrum is the real part of its forward DFT (over n).
  fft.forward(full, re, im);
  const out = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) out[k] = (re[k] as number) / n;
  return out;
}

function pulseScores(oss: Float32Array, start: number, length: number, period: number): { best: number; variance: number } {
  const phases = Math.max(1, Math.round(period));
  let best = 0;
  let sum = 0;
  let sumSquares = 0;
  const at = (position: number): number => (position < length ? (oss[start + Math.round(position)] as number) : 0);
  for (let phase = 0; phase < phases; phase++) {
    let score = 0;
    for (let k = 0; k < 4; k++) score += at(phase + k * period);
    for (let k = 0; k < 2; k++) score += 0.5 * at(phase + 2 * k * period);
    for (let k = 0; k < 3; k++) score += 0.5 * at(phase + 1.5 * k * period);
    if (score > best) best = score;
    sum += score;
    sumSquares += score * score;
  }
  const mean = sum / phases;
  return { best, variance: sumSquares / phases - mean * mean };
}

/** Step 2 for one window: the winning candidate's period (OSS frames), or null when the window is flat. */
function windowTempo(oss: Float32Array, start: number, length: number, fft: RealFft, work: { re: Float64Array; im: Float64Array; full: Float64Array; frame: Float64Array }, minLag: number, maxLag: number): number | null {
  const { frame } = work;
  let mean = 0;
  for (let i = 0; i < length; i++) mean += oss[start + i] as number;
  mean /= length;
  frame.fill(0);
  for (let i = 0; i < length; i++) frame[i] = (oss[start + i] as number) - mean;
  const acf = generalizedAutocorrelation(fft, frame, work);
  const enhanced = new Float64Array(maxLag + 2);
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    enhanced[lag] = (acf[lag] ?? 0) + (acf[2 * lag] ?? 0) + (acf[4 * lag] ?? 0);
  }
  const peaks: { lag: number; value: number }[] = [];
  for (let lag = minLag; lag <= maxLag; lag++) {
    const value = enhanced[lag] as number;
    if (value > 0 && value > (enhanced[lag - 1] as number) && value >= (enhanced[lag + 1] as number)) {
      const offset = parabolicOffset(enhanced[lag - 1] as number, value, enhanced[lag + 1] as number);
      peaks.push({ lag: lag + offset, value });
    }
  }
  if (peaks.length === 0) return null;
  peaks.sort((a, b) => b.value - a.value);
  const candidates = peaks.slice(0, CANDIDATES).map((peak) => ({ lag: peak.lag, ...pulseScores(oss, start, length, peak.lag) }));
  const bestSum = candidates.reduce((s, c) => s + c.best, 0) || 1;
  const varianceSum = candidates.reduce((s, c) => s + c.variance, 0) || 1;
  let winner = candidates[0];
  let winnerScore = -Infinity;
  for (const candidate of candidates) {
    const score = candidate.best / bestSum + candidate.variance / varianceSum;
    if (score > winnerScore) [winner, winnerScore] = [candidate, score];
  }
  return winner ? winner.lag : null;
}

/** The autocorrelation of `signal` (mean removed) over all lags below its length, normalized to 1 at lag 0. */
function autocorrelation(signal: Float32Array): Float64Array {
  const fft = new RealFft(nextFftSize(2 * signal.length));
  let mean = 0;
  for (const value of signal) mean += value;
  mean /= signal.length || 1;
  const centred = new Float64Array(signal.length);
  for (let i = 0; i < signal.length; i++) centred[i] = (signal[i] as number) - mean;
  const work = { re: new Float64Array(fft.bins), im: new Float64Array(fft.bins), full: new Float64Array(fft.size) };
  fft.forward(centred, work.re, work.im);
  for (let k = 0; k < fft.bins; k++) {
    const power = (work.re[k] as number) ** 2 + (work.im[k] as number) ** 2;
    work.full[k] = power;
    if (k > 0 && k < fft.size / 2) work.full[fft.size - k] = power;
  }
  fft.forward(work.full, work.re, work.im);
  const out = new Float64Array(signal.length);
  const zero = (work.re[0] as number) || 1;
  for (let k = 0; k < signal.length; k++) out[k] = (work.re[k] as number) / zero;
  return out;
}

/** The period made finer with the autocorrelation's peaks near 1, 2, 4, ... periods, up to half the signal. */
function refinePeriod(acf: Float64Array, period: number): number {
  let refined = period;
  for (let multiple = 1; multiple * refined < acf.length / 2; multiple *= 2) {
    const radius = Math.max(1, Math.min(Math.floor(refined / 3), multiple === 1 ? Math.ceil(0.08 * refined) : 3));
    const centre = Math.round(multiple * refined);
    let best = -1;
    for (let lag = Math.max(1, centre - radius); lag <= centre + radius && lag < acf.length - 1; lag++) {
      if (best < 0 || (acf[lag] as number) > (acf[best] as number)) best = lag;
    }
    if (best < 1 || best >= acf.length - 1) break;
    const offset = parabolicOffset(acf[best - 1] as number, acf[best] as number, acf[best + 1] as number);
    refined = (best + offset) / multiple;
  }
  return refined;
}

/** The strength half-way between beats over the strength on the beat, from the OSS folded at `period`. */
function offbeatRatio(peaks: Float32Array, period: number): number {
  const folded = fold(peaks, period);
  const bins = folded.length;
  const around = (bin: number): number => Math.max(...[-1, 0, 1].map((d) => folded[(((bin + d) % bins) + bins) % bins] as number));
  let beat = 0;
  for (let bin = 1; bin < bins; bin++) if ((folded[bin] as number) > (folded[beat] as number)) beat = bin;
  const strength = folded[beat] as number;
  return strength > 0 ? around(beat + Math.round(bins / 2)) / strength : 0;
}

/**
 * The octave rule (header): the period a musician would count, within 50..210 BPM. `peaks` are the low band's onsets,
 * `onsets` the whole signal's. Past FAST_BPM the pulse is doubled only to a swung beat (`meter.ts`): jazz at 180 has
 * its ride's late eighths between the beats, while a straight groove at 95 (funk's sixteenths, a dembow, a 7/8) fills
 * the half-way points nearly as much and is still felt at 95. An even stream (a click), whose half-way points are as
 * strong as its beats (EVEN_RATIO), has nothing that says the slower beat, and doubles as before. A doubling held back
 * is the second reading, as is a rule decided by a hair.
 */
function octave(peaks: Float32Array, onsets: Float32Array, period: number, rate: number): { beat: number; runnerUp: number | null } {
  const bpm = (p: number): number => (60 * rate) / p;
  let chosen = period;
  let heldBack: number | null = null;
  while (heldBack === null && bpm(chosen / 2) <= MAX_BPM && offbeatRatio(peaks, chosen) >= FASTER_RATIO) {
    if (bpm(chosen / 2) > FAST_BPM && !swung(onsets, chosen / 2) && offbeatRatio(peaks, chosen) < EVEN_RATIO) heldBack = chosen / 2;
    else chosen /= 2;
  }
  if (chosen === period && heldBack === null) while (bpm(chosen * 2) >= MIN_BPM && offbeatRatio(peaks, 2 * chosen) <= SLOWER_RATIO) chosen *= 2;
  if (heldBack !== null) return { beat: chosen, runnerUp: heldBack };
  // A rule decided by a hair is a second reading: the half-way points nearly strong enough to double the pulse, or
  // every other beat nearly weak enough to halve it.
  const faster = offbeatRatio(peaks, chosen);
  const slower = offbeatRatio(peaks, 2 * chosen);
  const runnerUp =
    bpm(chosen / 2) <= MAX_BPM && faster >= FASTER_RATIO - CLOSE_RULE && faster < FASTER_RATIO
      ? chosen / 2
      : bpm(chosen * 2) >= MIN_BPM && slower <= SLOWER_RATIO + CLOSE_RULE && slower > SLOWER_RATIO
        ? chosen * 2
        : null;
  return { beat: chosen, runnerUp };
}

/** `values` folded at `period` (frames) into one bin per frame, as shares of their sum. */
function foldShares(values: Float32Array, period: number): Float64Array {
  const folded = fold(values, period);
  const total = folded.reduce((sum, value) => sum + value, 0) || 1;
  return folded.map((value) => value / total);
}

/**
 * How much `beat` (frames) looks like the beat of a backbeat: folded over two beats, the kicks on the first and
 * the snares on the second, at the best phase. Each band counts its own contrast (share at its place less the
 * share at the other's), so a four-on-floor (kicks on both) still scores by its snares. -2..2.
 */
function backbeatScore(snare: Float32Array, kick: Float32Array, beat: number): number {
  const s = foldShares(snare, 2 * beat);
  const k = foldShares(kick, 2 * beat);
  const bins = s.length;
  // A hit's flux rises over about four frames: sum two either side (23 ms), still well short of a 16th at 200 BPM.
  const near = (f: Float64Array, centre: number) => {
    let sum = 0;
    const size = f.length;
    for (let d = -2; d <= 2; d++) sum += f[(((centre + d) % size) + size) % size] as number;
    return sum;
  };
  const half = Math.round(bins / 2);
  let best = -Infinity;
  let bestPhase = 0;
  for (let phase = 0; phase < bins; phase++) {
    const score = near(s, phase + half) - near(s, phase) + near(k, phase) - near(k, phase + half);
    if (score > best) [best, bestPhase] = [score, phase];
  }
  // A backbeat's snare comes back on every second beat: folded over four beats, its two places hold about as much.
  // A pattern whose snare lands on only one of them (a dembow's, a waltz's sticks) is a slower pulse, not this one.
  const s4 = foldShares(snare, 4 * beat);
  const quarter = s4.length / 4;
  const second = near(s4, Math.round(bestPhase + quarter));
  const fourth = near(s4, Math.round(bestPhase + 3 * quarter));
  const balance = Math.max(second, fourth) > 0 ? Math.min(second, fourth) / Math.max(second, fourth) : 0;
  return best * Math.min(1, balance / BACKBEAT_BALANCE);
}

/** The beat period (frames) of a backbeat among the octaves of `period`, or null when no octave has one. */
function backbeatPeriod(snare: Float32Array, kick: Float32Array, period: number, rate: number): { beat: number; runnerUp: number | null } | null {
  const snarePeaks = peakOnly(snare, rate);
  const kickPeaks = peakOnly(kick, rate);
  const scored: { beat: number; score: number }[] = [];
  for (let k = -2; k <= 2; k++) {
    const beat = period * 2 ** k;
    const bpm = (60 * rate) / beat;
    if (bpm < MIN_BPM || bpm > MAX_BPM) continue;
    scored.push({ beat, score: backbeatScore(snarePeaks, kickPeaks, beat) });
  }
  // Each octave must clear its floor (a fast one the higher one); the best of those that do is the beat.
  const passing = scored.filter(({ beat, score }) => score >= ((60 * rate) / beat > FAST_BPM ? FAST_BACKBEAT_MIN : BACKBEAT_MIN)).sort((a, b) => b.score - a.score);
  const best = passing[0];
  if (!best) return null;
  // An octave next to it (twice or half) with nearly as strong a backbeat is a second reading (`TempoEstimate.alternative`),
  // a fast one too: its floor keeps it from being the reading, not from being offered beside it.
  const next = scored.find(({ beat, score }) => score >= BACKBEAT_MIN && (Math.abs(beat - 2 * best.beat) < 1e-6 || Math.abs(beat - best.beat / 2) < 1e-6));
  return { beat: best.beat, runnerUp: next && next.score >= CLOSE_BACKBEAT * best.score ? next.beat : null };
}

/** Step 3: the windows' periods summed as Gaussians over BPM; the histogram's highest peaks, in BPM, best first. */
function histogramPeaks(bpms: number[], count: number): number[] {
  const size = (MAX_BPM + 10) * HISTOGRAM_RES;
  const histogram = new Float64Array(size);
  const reach = Math.ceil(3 * HISTOGRAM_SIGMA * HISTOGRAM_RES);
  for (const bpm of bpms) {
    const centre = Math.round(bpm * HISTOGRAM_RES);
    for (let i = Math.max(0, centre - reach); i <= Math.min(size - 1, centre + reach); i++) {
      const d = (i - bpm * HISTOGRAM_RES) / (HISTOGRAM_SIGMA * HISTOGRAM_RES);
      histogram[i] = (histogram[i] as number) + Math.exp(-0.5 * d * d);
    }
  }
  const peaks: number[] = [];
  for (let i = 1; i < size - 1; i++) {
    const value = histogram[i] as number;
    if (value > 0 && value > (histogram[i - 1] as number) && value >= (histogram[i + 1] as number)) peaks.push(i);
  }
  return peaks
    .sort((a, b) => (histogram[b] as number) - (histogram[a] as number))
    .slice(0, count)
    .map((i) => i / HISTOGRAM_RES);
}

/** How much of the onsets' energy repeats at one, two and four periods (0..1). */
function periodicity(acf: Float64Array, period: number): number {
  const at = (lag: number): number => {
    const i = Math.round(lag);
    return i < acf.length ? Math.max(0, acf[i] as number) : 0;
  };
  return Math.min(1, (at(period) + at(2 * period) + at(4 * period)) / 3);
}

export function estimateTempo(samples: Float32Array, sampleRate: number): TempoEstimate {
  const { values: oss, low, snare, kick, rate } = onsetStrength(samples, sampleRate);
  const minLag = Math.floor((60 * rate) / MAX_BPM);
  const maxLag = Math.ceil((60 * rate) / MIN_BPM);
  const windowLength = Math.min(oss.length, nextFftSize(Math.round(WINDOW_S * rate)));
  if (windowLength < 2 * maxLag) return NO_TEMPO;
  const fft = new RealFft(nextFftSize(2 * windowLength));
  const work = { re: new Float64Array(fft.bins), im: new Float64Array(fft.bins), full: new Float64Array(fft.size), frame: new Float64Array(fft.size) };
  const hop = Math.max(1, Math.round(windowLength * WINDOW_HOP));
  const bpms: number[] = [];
  for (let start = 0; start + windowLength <= oss.length; start += hop) {
    const lag = windowTempo(oss, start, windowLength, fft, work, minLag, maxLag);
    if (lag !== null) bpms.push((60 * rate) / lag);
  }
  if (bpms.length === 0) return NO_TEMPO;
  const peaks = peakOnly(oss, rate);
  const acf = autocorrelation(peaks);
  // Adapted: the histogram's few highest peaks are weighed by the whole signal's periodicity, which settles
  // the windows' disagreements (a swung groove's windows split between the beat and 1.5 or 0.75 of it).
  let period = 0;
  let bestPeriodicity = -1;
  for (const candidate of histogramPeaks(bpms, HISTOGRAM_CANDIDATES)) {
    const refined = refinePeriod(acf, (60 * rate) / candidate);
    const score = periodicity(acf, refined);
    if (score > bestPeriodicity + 1e-9) [period, bestPeriodicity] = [refined, score];
  }
  // The octave is an exact power of two of the refined period: refining again at a weaker multiple (a breakbeat's
  // single beat repeats less than its bar) would only lose precision.
  const pulse = period;
  const decided = backbeatPeriod(snare, kick, period, rate) ?? octave(peakOnly(low, rate), peaks, period, rate);
  period = decided.beat;
  const confidence = Math.round(Math.max(periodicity(acf, period), periodicity(acf, pulse)) * 1000) / 1000;
  // The quarter note a DAW counts (meter.ts): a beat that divides in three (6/8, 12/8) is a dotted quarter, and
  // its quarter-note tempo is 1.5 times it; the beat itself, what a listener taps, is the second reading.
  const compound = beatDivision(peaks, period).division === 'compound' && (90 * rate) / period <= MAX_BPM;
  const quarter = compound ? (2 * period) / 3 : period;
  const second = compound ? period : decided.runnerUp;
  const bpm = Math.round((600 * rate) / quarter) / 10;
  const alternative = second === null ? 0 : Math.round((600 * rate) / second) / 10;
  if (!(bpm >= MIN_BPM && bpm <= MAX_BPM)) return NO_TEMPO;
  // No steady pulse (a held pad, noise, a rubato phrase): no tempo, rather than the strongest of chance periods.
  if (confidence < MIN_PULSE_CONFIDENCE) return { bpm: 0, confidence, alternative: 0 };
  return { bpm, confidence, alternative };
}

