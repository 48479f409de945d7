/**
 * True peak per BS.1770-4 Annex 2: the signal oversampled 4 times by a polyphase FIR interpolator, and the largest
 * magnitude of the result. The filter is the Annex's own (48 taps, 4 phases of 12), a half-band design that serves
 * any base rate: at 44.1 kHz it still reads the crest between samples that a sample peak misses (Tech 3341 cases
 * 15-19, loudness.test.ts). The answer is never below the sample peak: the phases interpolate, none of them is
 * the sample itself. Interpolation starts once the filter's window holds the file's own samples: the silence
 * before the first sample is not the file's, and the step from it rings (0.7 dB over on case 18).
 */

/**
 * BS.1770-4 Annex 2's phases 0 and 1, coefficient k applying to the sample k steps back. Phases 3 and 2 are these
 * reversed (the prototype is symmetric), which halves the work: with s = x[k] + x[11-k] and d = x[k] - x[11-k],
 * phase 0 and 3 are (S ± D) / 2 for S = sum (a[k] + a[11-k]) s, D = sum (a[k] - a[11-k]) d over k < 6, and the
 * larger magnitude of the two is (|S| + |D|) / 2.
 */
const PHASE_0 = [0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625, 0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125];
const PHASE_1 = [-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375];
const TAPS = 12;
const HALF = TAPS / 2;
/** Per phase pair, the six sums and six differences of mirrored coefficients, halved. */
const [SUM_0, DIFF_0, SUM_1, DIFF_1] = [PHASE_0, PHASE_1].flatMap((phase) => [
  Float64Array.from({ length: HALF }, (_, k) => (phase[k]! + phase[TAPS - 1 - k]!) / 2),
  Float64Array.from({ length: HALF }, (_, k) => (phase[k]! - phase[TAPS - 1 - k]!) / 2),
]) as [Float64Array, Float64Array, Float64Array, Float64Array];

/** One channel's true peak, fed in chunks of any length. */
export class TruePeak {
  /** Linear, 0 to 1 for full scale (more for an over). */
  peak = 0;
  /** The last `TAPS - 1` samples, then the chunk: the filter's window runs across chunk borders. */
  private work = new Float32Array(TAPS - 1 + 4096);
  /** Samples seen so far, up to `TAPS`: interpolation waits for a full window. */
  private seen = 0;

  push(samples: Float32Array, frames: number): void {
    const history = TAPS - 1;
    if (this.work.length < history + frames) {
      const grown = new Float32Array(history + frames);
      grown.set(this.work.subarray(0, history));
      this.work = grown;
    }
    const x = this.work;
    x.set(samples.subarray(0, frames), history);
    let peak = this.peak;
    for (let n = history; n < history + frames; n++) {
      const sample = x[n]!;
      if (sample > peak) peak = sample;
      else if (-sample > peak) peak = -sample;
      if (this.seen < TAPS && ++this.seen < TAPS) continue;
      let s0 = 0;
      let d0 = 0;
      let s1 = 0;
      let d1 = 0;
      for (let k = 0; k < HALF; k++) {
        const near = x[n - k]!;
        const far = x[n - (TAPS - 1) + k]!;
        const sum = near + far;
        const difference = near - far;
        s0 += SUM_0[k]! * sum;
        d0 += DIFF_0[k]! * difference;
        s1 += SUM_1[k]! * sum;
        d1 += DIFF_1[k]! * difference;
      }
      const between = Math.max(Math.abs(s0) + Math.abs(d0), Math.abs(s1) + Math.abs(d1));
      if (between > peak) peak = between;
    }
    this.peak = peak;
    x.copyWithin(0, frames, frames + history);
  }
}
