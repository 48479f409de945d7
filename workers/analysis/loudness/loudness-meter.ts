/**
 * Loudness per ITU-R BS.1770-4 and EBU R 128, fed with a file's own channels at its own rate:
 * - integrated loudness: each channel K-weighted (`k-weighting.ts`), mean square over 400 ms blocks overlapping by
 *   75% (a block every 100 ms), channels summed with their weights (1 for front, 1.41 for surround, 0 for the LFE),
 *   gated at -70 LUFS, then at 10 LU below the mean of the blocks left;
 * - loudness range per EBU Tech 3342: short-term loudness over 3 s windows (a window every 100 ms, as a meter shows
 *   it), gated at -70 LUFS and 20 LU below their mean, the spread between their 10th and 95th percentiles;
 * - true peak (`true-peak.ts`), the largest of all channels.
 * Both gates work on 100 ms segments of weighted energy, kept for the whole file (an hour is 36,000 numbers).
 * Checked against Tech 3341 and 3342's conformance signals, made from their definitions (loudness.test.ts).
 */
import { kWeighting } from './k-weighting';
import { TruePeak } from './true-peak';

export interface LoudnessFigures {
  /** LUFS; null below the absolute gate (silence) or shorter than one block. */
  integrated: number | null;
  /** LU; 0 when fewer than two short-term windows pass the gates (a steady tone, or under 3 s). */
  range: number;
  /** dBTP; null for digital silence. */
  truePeak: number | null;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const RANGE_RELATIVE_GATE_LU = -20;
const SEGMENTS_PER_BLOCK = 4;
const SEGMENTS_PER_SHORT_TERM = 30;
const RANGE_PERCENTILES = [0.1, 0.95] as const;

/**
 * Channel weights by count, for WAV's order (FL FR FC LFE BL BR): mono and stereo count each channel once, 5.0 and
 * 5.1 weigh the surrounds 1.41 and leave out the LFE (BS.1770-4 Table 3). Other layouts count every channel once.
 */
function channelWeights(channels: number): number[] {
  if (channels === 4) return [1, 1, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  if (channels === 6) return [1, 1, 1, 0, 1.41, 1.41];
  return new Array<number>(channels).fill(1);
}

export class LoudnessMeter {
  private readonly weights: number[];
  private readonly stages: ReturnType<typeof kWeighting>;
  /** Per channel, the two stages' transposed direct-form state. */
  private readonly state: Float64Array[];
  private readonly peaks: TruePeak[];
  private readonly segmentFrames: number;
  private framesInSegment = 0;
  private segmentEnergy = 0;
  private segments = new Float64Array(1024);
  private segmentCount = 0;

  /**
   * Throws a RangeError for a meter that could not measure: below 5 Hz a 100 ms segment is 0 frames, and `push`
   * would close empty segments for ever, doubling their list (issue 42: a FLAC declaring 2 Hz). Which rates a file
   * may have is not decided here (`stream-format.ts`); this only keeps the meter's own loop finite.
   */
  constructor(channels: number, sampleRate: number) {
    if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`A loudness meter measures one or more whole channels, not ${channels}.`);
    const segmentFrames = Math.round(sampleRate / 10);
    if (!Number.isSafeInteger(segmentFrames) || segmentFrames < 1) throw new RangeError(`A loudness meter needs a 100 ms segment of at least one frame: ${sampleRate} Hz gives none.`);
    this.segmentFrames = segmentFrames;
    this.stages = kWeighting(sampleRate);
    this.weights = channelWeights(channels);
    this.state = this.weights.map(() => new Float64Array(4));
    this.peaks = this.weights.map(() => new TruePeak());
  }

  /** `planar[c]` holds channel c's next `frames` samples. */
  push(planar: readonly Float32Array[], frames: number): void {
    planar.forEach((samples, channel) => this.peaks[channel]!.push(samples, frames));
    let start = 0;
    while (start < frames) {
      const end = Math.min(frames, start + this.segmentFrames - this.framesInSegment);
      for (let channel = 0; channel < planar.length; channel++) {
        const weight = this.weights[channel]!;
        if (weight !== 0) this.segmentEnergy += weight * this.filter(channel, planar[channel]!, start, end);
      }
      this.framesInSegment += end - start;
      start = end;
      if (this.framesInSegment === this.segmentFrames) this.closeSegment();
    }
  }

  result(): LoudnessFigures {
    const segments = this.segments.subarray(0, this.segmentCount);
    const peak = Math.max(0, ...this.peaks.map((channel) => channel.peak));
    return {
      integrated: gatedLoudness(windows(segments, SEGMENTS_PER_BLOCK, this.segmentFrames), RELATIVE_GATE_LU),
      range: loudnessRange(windows(segments, SEGMENTS_PER_SHORT_TERM, this.segmentFrames)),
      truePeak: peak > 0 ? 20 * Math.log10(peak) : null,
    };
  }

  /** K-weights samples [start, end) of one channel, carrying its filter state on; answers their energy. */
  private filter(channel: number, samples: Float32Array, start: number, end: number): number {
    const [s, h] = this.stages;
    const z = this.state[channel]!;
    let s1 = z[0]!;
    let s2 = z[1]!;
    let h1 = z[2]!;
    let h2 = z[3]!;
    let energy = 0;
    for (let i = start; i < end; i++) {
      const x = samples[i]!;
      const shelved = s.b0 * x + s1;
      s1 = s.b1 * x - s.a1 * shelved + s2;
      s2 = s.b2 * x - s.a2 * shelved;
      const y = h.b0 * shelved + h1;
      h1 = h.b1 * shelved - h.a1 * y + h2;
      h2 = h.b2 * shelved - h.a2 * y;
      energy += y * y;
    }
    z[0] = s1;
    z[1] = s2;
    z[2] = h1;
    z[3] = h2;
    return energy;
  }

  private closeSegment(): void {
    if (this.segmentCount === this.segments.length) {
      const grown = new Float64Array(this.segments.length * 2);
      grown.set(this.segments);
      this.segments = grown;
    }
    this.segments[this.segmentCount++] = this.segmentEnergy;
    this.segmentEnergy = 0;
    this.framesInSegment = 0;
  }
}

/** Mean square of every window of `length` segments, one starting at each segment (a 100 ms hop). */
function windows(segments: Float64Array, length: number, segmentFrames: number): Float64Array {
  const count = Math.max(0, segments.length - length + 1);
  const powers = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < segments.length; i++) {
    sum += segments[i]!;
    if (i >= length) sum -= segments[i - length]!;
    if (i >= length - 1) powers[i - length + 1] = Math.max(0, sum) / (length * segmentFrames);
  }
  return powers;
}

const lufs = (power: number) => -0.691 + 10 * Math.log10(power);
const power = (loudness: number) => 10 ** ((loudness + 0.691) / 10);

/** Integrated loudness of blocks: the mean power of those above the absolute gate, and `relativeLu` above that mean. */
function gatedLoudness(blocks: Float64Array, relativeLu: number): number | null {
  const audible = [...blocks].filter((block) => block > power(ABSOLUTE_GATE_LUFS));
  if (audible.length === 0) return null;
  const threshold = power(lufs(mean(audible)) + relativeLu);
  const kept = audible.filter((block) => block > threshold);
  return kept.length === 0 ? null : lufs(mean(kept));
}

function loudnessRange(shortTerm: Float64Array): number {
  const audible = [...shortTerm].filter((window) => window > power(ABSOLUTE_GATE_LUFS));
  if (audible.length === 0) return 0;
  const threshold = power(lufs(mean(audible)) + RANGE_RELATIVE_GATE_LU);
  const kept = audible
    .filter((window) => window > threshold)
    .map(lufs)
    .sort((a, b) => a - b);
  if (kept.length < 2) return 0;
  // Nearest rank, as libebur128 and the Tech 3342 examples take them.
  const [low, high] = RANGE_PERCENTILES.map((p) => kept[Math.round((kept.length - 1) * p)]!);
  return high! - low!;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
