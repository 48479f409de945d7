/**
 * A small real FFT for the analysis (tempo, key): radix-2, iterative, with the twiddles, the bit-reversal table
 * and the work buffers made once per size and reused for every frame, so analysing a file allocates nothing per
 * frame. A real input of N samples goes through one complex FFT of N/2 points (even samples as the real part,
 * odd samples as the imaginary part) and a split step, the textbook packing (e.g. Oppenheim and Schafer,
 * "Discrete-Time Signal Processing", the N-point real DFT from an N/2-point complex one). Written from the math,
 * no code copied.
 */

/** A periodic Hann window of `size` points (the one whose overlap at hop size/2 adds to a constant). */
export function hannWindow(size: number): Float32Array {
  const window = new Float32Array(size);
  for (let n = 0; n < size; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size);
  return window;
}

/** Whether `n` is a power of two of at least 4 (the smallest size the packing works for). */
function isFftSize(n: number): boolean {
  return Number.isInteger(n) && n >= 4 && (n & (n - 1)) === 0;
}

/** The smallest FFT size of at least `n`. */
export function nextFftSize(n: number): number {
  let size = 4;
  while (size < n) size *= 2;
  return size;
}

/** A forward real FFT of one size. Not safe to share between concurrent users: it owns its buffers. */
export class RealFft {
  readonly size: number;
  /** Bins 0..size/2 inclusive. */
  readonly bins: number;
  private readonly half: number;
  private readonly reverse: Uint32Array;
  /** cos and sin of -2πk/half, for the half-size complex FFT. */
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  /** cos and sin of -2πk/size, for the split step. */
  private readonly splitCos: Float64Array;
  private readonly splitSin: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;

  constructor(size: number) {
    if (!isFftSize(size)) throw new RangeError(`FFT size must be a power of two >= 4, got ${size}`);
    this.size = size;
    this.half = size / 2;
    this.bins = this.half + 1;
    const half = this.half;
    const bits = Math.log2(half);
    this.reverse = new Uint32Array(half);
    for (let i = 0; i < half; i++) {
      let r = 0;
      for (let b = 0, x = i; b < bits; b++, x >>= 1) r = (r << 1) | (x & 1);
      this.reverse[i] = r;
    }
    this.cos = new Float64Array(half / 2 || 1);
    this.sin = new Float64Array(half / 2 || 1);
    for (let k = 0; k < half / 2; k++) {
      this.cos[k] = Math.cos((-2 * Math.PI * k) / half);
      this.sin[k] = Math.sin((-2 * Math.PI * k) / half);
    }
    this.splitCos = new Float64Array(half);
    this.splitSin = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      this.splitCos[k] = Math.cos((-2 * Math.PI * k) / size);
      this.splitSin[k] = Math.sin((-2 * Math.PI * k) / size);
    }
    this.re = new Float64Array(half);
    this.im = new Float64Array(half);
  }

  /**
   * The spectrum of `input[offset .. offset + size)` times `window` (when given): bins 0..size/2 into `outRe` and
   * `outIm` (each at least `bins` long). Samples past the end of `input` count as zeros.
   */
  forward(input: Float32Array | Float64Array, outRe: Float64Array, outIm: Float64Array, window?: Float32Array, offset = 0): void {
    const { half, re, im, reverse } = this;
    if (offset + this.size <= input.length) {
      // The common case, every sample there: no bounds to check in the loop.
      if (window) {
        for (let n = 0; n < half; n++) {
          const r = reverse[n] as number;
          re[r] = (input[offset + 2 * n] as number) * (window[2 * n] as number);
          im[r] = (input[offset + 2 * n + 1] as number) * (window[2 * n + 1] as number);
        }
      } else {
        for (let n = 0; n < half; n++) {
          const r = reverse[n] as number;
          re[r] = input[offset + 2 * n] as number;
          im[r] = input[offset + 2 * n + 1] as number;
        }
      }
    } else {
      const available = input.length - offset;
      for (let n = 0; n < half; n++) {
        const i = 2 * n;
        const r = reverse[n] as number;
        re[r] = i < available ? (input[offset + i] as number) * (window ? (window[i] as number) : 1) : 0;
        im[r] = i + 1 < available ? (input[offset + i + 1] as number) * (window ? (window[i + 1] as number) : 1) : 0;
      }
    }
    this.complexInPlace();
    // Split: X[k] = E[k] + W^k O[k], with E and O the spectra of the even and odd samples, read from Z.
    outRe[0] = (re[0] as number) + (im[0] as number);
    outIm[0] = 0;
    outRe[half] = (re[0] as number) - (im[0] as number);
    outIm[half] = 0;
    for (let k = 1; k < half; k++) {
      const zr = re[k] as number;
      const zi = im[k] as number;
      const cr = re[half - k] as number;
      const ci = -(im[half - k] as number);
      const er = 0.5 * (zr + cr);
      const ei = 0.5 * (zi + ci);
      // O[k] = (Z[k] - conj Z[half-k]) / 2i
      const or = 0.5 * (zi - ci);
      const oi = -0.5 * (zr - cr);
      const wr = this.splitCos[k] as number;
      const wi = this.splitSin[k] as number;
      outRe[k] = er + wr * or - wi * oi;
      outIm[k] = ei + wr * oi + wi * or;
    }
  }

  /** |X[k]| for bins 0..size/2 into `out`, using `scratchRe`/`scratchIm` (each `bins` long). */
  magnitudes(input: Float32Array | Float64Array, out: Float64Array, scratchRe: Float64Array, scratchIm: Float64Array, window?: Float32Array, offset = 0): void {
    this.forward(input, scratchRe, scratchIm, window, offset);
    for (let k = 0; k < this.bins; k++) {
      const r = scratchRe[k] as number;
      const i = scratchIm[k] as number;
      out[k] = Math.sqrt(r * r + i * i);
    }
  }

  private complexInPlace(): void {
    const { half, re, im } = this;
    // The first stage's twiddle is 1: no multiplications.
    for (let a = 0; a + 1 < half; a += 2) {
      const br = re[a + 1] as number;
      const bi = im[a + 1] as number;
      const ar = re[a] as number;
      const ai = im[a] as number;
      re[a + 1] = ar - br;
      im[a + 1] = ai - bi;
      re[a] = ar + br;
      im[a] = ai + bi;
    }
    for (let length = 4; length <= half; length *= 2) {
      const halfLength = length / 2;
      const step = half / length;
      // Twiddle outside, blocks inside: each twiddle is read once per stage.
      for (let j = 0; j < halfLength; j++) {
        const wr = this.cos[j * step] as number;
        const wi = this.sin[j * step] as number;
        for (let a = j; a < half; a += length) {
          const b = a + halfLength;
          const br = re[b] as number;
          const bi = im[b] as number;
          const tr = wr * br - wi * bi;
          const ti = wr * bi + wi * br;
          const ar = re[a] as number;
          const ai = im[a] as number;
          re[b] = ar - tr;
          im[b] = ai - ti;
          re[a] = ar + tr;
          im[a] = ai + ti;
        }
      }
    }
  }
}
