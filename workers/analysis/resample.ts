/**
 * A streaming sample-rate converter for the analysis (any rate to `ANALYSIS_SAMPLE_RATE`), in the manner of ffmpeg's
 * default resampler, which it replaces on the memory-safe path: a Kaiser-windowed sinc (beta 9) cut off at 97% of the
 * lower Nyquist frequency, 12 zero crossings a side, one precomputed filter per phase of the output clock against
 * the input's. The ratio is kept exact (44.1 kHz to 22.05 kHz is 1:2, 48 kHz is 147:320); a ratio with more phases
 * than `MAX_PHASES` rounds to the nearest of those, an error under 1/8000 of a sample.
 */

const ZERO_CROSSINGS = 12;
const CUTOFF = 0.97;
const KAISER_BETA = 9;
const MAX_PHASES = 4096;

export class Resampler {
  /** Output steps per input step is `up / down`, in lowest terms. */
  private readonly up: number;
  private readonly down: number;
  private readonly phases: number;
  /** Taps per phase, covering input samples `center - half + 1 ... center + half`. */
  private readonly half: number;
  private readonly taps: number;
  private readonly table: Float32Array;
  /** Input not yet used up; `pending[0]` is input sample number `base`. */
  private pending: Float32Array;
  private pendingLength: number;
  private base: number;
  private inputCount = 0;
  /** The next output sample's number. */
  private next = 0;

  /** Throws a RangeError unless both rates are whole and positive: only those have a ratio (a rate of 0 has none). */
  constructor(inputRate: number, outputRate: number) {
    if (![inputRate, outputRate].every((rate) => Number.isSafeInteger(rate) && rate > 0)) {
      throw new RangeError(`A resampler converts between whole positive sample rates, not ${inputRate} Hz to ${outputRate} Hz.`);
    }
    const common = gcd(inputRate, outputRate);
    this.up = outputRate / common;
    this.down = inputRate / common;
    this.phases = Math.min(this.up, MAX_PHASES);
    // Below 1 when decimating: the sinc widens so that it cuts off at the output's Nyquist frequency.
    const scale = Math.min(1, outputRate / inputRate);
    this.half = Math.ceil(ZERO_CROSSINGS / scale);
    this.taps = 2 * this.half;
    this.table = designTable(this.phases, this.half, scale * CUTOFF);
    // Input before the first sample is silence: the first outputs see `half` zeros behind them.
    this.pending = new Float32Array(this.taps + 4096);
    this.pendingLength = this.half;
    this.base = -this.half;
  }

  /** Takes the next input samples; answers the output samples they complete. */
  push(input: Float32Array, length = input.length): Float32Array {
    this.append(input, length);
    this.inputCount += length;
    return this.drain();
  }

  /** The last outputs, with silence after the input's end: as many in all as the input's length at the new rate. */
  flush(): Float32Array {
    const total = Math.ceil((this.inputCount * this.up) / this.down);
    this.append(new Float32Array(this.taps + 1), this.taps + 1);
    const out = this.drain();
    const excess = Math.max(0, this.next - total);
    return out.subarray(0, Math.max(0, out.length - excess));
  }

  /** Every output whose window (one sample wider, for a phase rounded up) lies within the pending input. */
  private drain(): Float32Array {
    const lastCenter = this.base + this.pendingLength - 1 - this.half - 1;
    const count = Math.max(0, Math.ceil(((lastCenter + 1) * this.up) / this.down) - this.next);
    const out = new Float32Array(count);
    const { up, down, phases, taps, table, pending, half, base } = this;
    for (let o = 0; o < count; o++) {
      const position = (this.next + o) * down;
      let center = Math.floor(position / up);
      let phase = Math.round(((position - center * up) * phases) / up);
      if (phase === phases) {
        phase = 0;
        center += 1;
      }
      const start = center - half + 1 - base;
      const filter = phase * taps;
      let sum = 0;
      for (let k = 0; k < taps; k++) sum += table[filter + k]! * pending[start + k]!;
      out[o] = sum;
    }
    this.next += count;
    this.discardBefore(Math.floor((this.next * down) / up) - half + 1);
    return out;
  }

  private append(input: Float32Array, length: number): void {
    if (this.pendingLength + length > this.pending.length) {
      const grown = new Float32Array(Math.max(this.pending.length * 2, this.pendingLength + length));
      grown.set(this.pending.subarray(0, this.pendingLength));
      this.pending = grown;
    }
    this.pending.set(input.subarray(0, length), this.pendingLength);
    this.pendingLength += length;
  }

  /** Drops input no later output can reach. */
  private discardBefore(sample: number): void {
    const drop = Math.min(this.pendingLength, Math.max(0, sample - this.base));
    if (drop === 0) return;
    this.pending.copyWithin(0, drop, this.pendingLength);
    this.pendingLength -= drop;
    this.base += drop;
  }
}

/** `phases` filters of `2 * half` taps; phase p is the sinc shifted by p / phases of an input sample, gain 1 at DC. */
function designTable(phases: number, half: number, cutoff: number): Float32Array {
  const taps = 2 * half;
  const table = new Float32Array(phases * taps);
  const i0Beta = besselI0(KAISER_BETA);
  for (let phase = 0; phase < phases; phase++) {
    const shift = phase / phases;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      // Distance from the output instant to input sample `center - half + 1 + k`.
      const x = k - half + 1 - shift;
      const t = x / half;
      const window = Math.abs(t) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - t * t)) / i0Beta;
      const value = cutoff * sinc(cutoff * x) * window;
      table[phase * taps + k] = value;
      sum += value;
    }
    for (let k = 0; k < taps; k++) table[phase * taps + k]! /= sum;
  }
  return table;
}

function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

/** The modified Bessel function of the first kind, order 0, by its power series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > sum * 1e-12; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
