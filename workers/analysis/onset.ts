/**
 * The onset strength signal (OSS) of Percival and Tzanetakis, "Streamlined tempo estimation based on
 * autocorrelation and cross-correlation with pulses" (IEEE/ACM TASLP 22(12), 2014), section III-A: the
 * log-compressed magnitude spectrum of short overlapping frames, its positive change from frame to frame summed
 * over the bins (spectral flux), then a low-pass FIR filter. Adapted: the paper's 1024/128 frames at 44.1 kHz
 * become frames of about 46 ms with a quarter of a frame as hop at the decoder's rate (1024/256 at 22,050 Hz,
 * an OSS at 86 Hz), and the filter is a Hann-windowed sinc at 7 Hz. Written from the paper, no code copied.
 */
import { hannWindow, nextFftSize, RealFft } from './fft';

export interface OnsetStrength {
  /** One value per hop, >= 0: the paper's OSS (log-magnitude flux), for the tempo. */
  values: Float32Array;
  /**
   * The same flux over the low band only (LOW_BAND_HZ): kicks, snares' bodies and bass, without hats and
   * cymbals, which mark subdivisions more often than beats. For the octave rule only.
   */
  low: Float32Array;
  /**
   * Linear-magnitude flux over the snare band (SNARE_BAND_HZ), not filtered. Without the log, the loudest hits in
   * the band (snares, claps) stand well above quieter hats and chords, which the log would make nearly as strong.
   */
  snare: Float32Array;
  /** Linear-magnitude flux over the kick band (KICK_BAND_HZ), not filtered. */
  kick: Float32Array;
  /** Values per second. */
  rate: number;
}

/** The log compression's gain, as in the paper: log(1 + 1000 |X|). */
const LOG_GAIN = 1000;
/** The low-pass filter's cutoff (Hz) and length (taps). */
const LOWPASS_HZ = 7;
const LOWPASS_TAPS = 15;
/** The band of the octave rule's flux (Hz). */
const LOW_BAND_HZ = [30, 350] as const;
/**
 * The bands of the backbeat's kick and snare (tempo.ts, `backbeatPeriod`). The snare's is above chords' harmonics
 * (a saw chord's attack fills 1-2 kHz) and below most of the hats' energy (hats are strongest above 7 kHz).
 */
const SNARE_BAND_HZ = [2000, 6000] as const;
const KICK_BAND_HZ = [30, 150] as const;

function lowPass(values: Float32Array, rate: number): Float32Array {
  const taps = new Float64Array(LOWPASS_TAPS);
  const centre = (LOWPASS_TAPS - 1) / 2;
  const cutoff = LOWPASS_HZ / rate;
  let sum = 0;
  for (let i = 0; i < LOWPASS_TAPS; i++) {
    const x = i - centre;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const window = 0.5 + 0.5 * Math.cos((Math.PI * x) / (centre + 1));
    taps[i] = sinc * window;
    sum += taps[i] as number;
  }
  // Zero phase (centred), unit gain at DC: the tempo does not care about the delay, the octave rule about the phase.
  const out = new Float32Array(values.length);
  for (let n = 0; n < values.length; n++) {
    let acc = 0;
    for (let i = 0; i < LOWPASS_TAPS; i++) {
      const j = n + i - centre;
      if (j >= 0 && j < values.length) acc += (taps[i] as number) * (values[j] as number);
    }
    out[n] = Math.max(0, acc / sum);
  }
  return out;
}

export function onsetStrength(samples: Float32Array, sampleRate: number): OnsetStrength {
  const frame = nextFftSize(Math.round(sampleRate * 0.046));
  // A quarter frame (the paper has an eighth): half the cost, and the period is refined past the hop anyway.
  const hop = frame / 4;
  const rate = sampleRate / hop;
  const count = Math.max(0, Math.floor((samples.length - frame) / hop) + 1);
  const fft = new RealFft(frame);
  const window = hannWindow(frame);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  let previous = new Float64Array(fft.bins);
  let current = new Float64Array(fft.bins);
  // |X| of a full-scale sine is about frame/4 with a Hann window: scale so the log's knee sits where the paper's does.
  const scale = LOG_GAIN * (4 / frame);
  const flux = new Float32Array(count);
  const lowFlux = new Float32Array(count);
  const lowFirst = Math.max(1, Math.round((LOW_BAND_HZ[0] * frame) / sampleRate));
  const lowLast = Math.round((LOW_BAND_HZ[1] * frame) / sampleRate);
  const bin = (hz: number) => Math.max(1, Math.round((hz * frame) / sampleRate));
  const [snareFirst, snareLast] = SNARE_BAND_HZ.map(bin) as [number, number];
  const [kickFirst, kickLast] = KICK_BAND_HZ.map(bin) as [number, number];
  const snareFlux = new Float32Array(count);
  const kickFlux = new Float32Array(count);
  let previousLinear = new Float64Array(fft.bins);
  let currentLinear = new Float64Array(fft.bins);
  for (let t = 0; t < count; t++) {
    fft.forward(samples, re, im, window, t * hop);
    let sum = 0;
    let lowSum = 0;
    for (let k = 1; k < fft.bins; k++) {
      const r = re[k] as number;
      const i = im[k] as number;
      const magnitude = Math.sqrt(r * r + i * i);
      const value = Math.log1p(scale * magnitude);
      current[k] = value;
      currentLinear[k] = magnitude;
      const linearRise = magnitude - (previousLinear[k] as number);
      if (linearRise > 0 && t > 0) {
        if (k >= snareFirst && k <= snareLast) snareFlux[t] = (snareFlux[t] as number) + linearRise;
        if (k >= kickFirst && k <= kickLast) kickFlux[t] = (kickFlux[t] as number) + linearRise;
      }
      const rise = value - (previous[k] as number);
      if (rise > 0 && t > 0) {
        sum += rise;
        if (k >= lowFirst && k <= lowLast) lowSum += rise;
      }
    }
    flux[t] = sum;
    lowFlux[t] = lowSum;
    [previous, current] = [current, previous];
    [previousLinear, currentLinear] = [currentLinear, previousLinear];
  }
  return { values: lowPass(flux, rate), low: lowPass(lowFlux, rate), snare: snareFlux, kick: kickFlux, rate };
}

/** The OSS less its running mean over about a second, clipped at zero: onsets only, without the noise floor. */
export function peakOnly(oss: Float32Array, rate: number): Float32Array {
  const half = Math.max(1, Math.round(rate / 2));
  const out = new Float32Array(oss.length);
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let n = 0; n < oss.length; n++) {
    while (hi < Math.min(oss.length - 1, n + half)) sum += oss[++hi] as number;
    while (lo < n - half) sum -= oss[lo++] as number;
    out[n] = Math.max(0, (oss[n] as number) - sum / (hi - lo + 1));
  }
  return out;
}

/** `values` summed over one `period` (frames), one bin per frame. */
export function fold(values: Float32Array, period: number): Float64Array {
  const bins = Math.max(4, Math.round(period));
  const folded = new Float64Array(bins);
  for (let n = 0; n < values.length; n++) {
    const bin = Math.min(bins - 1, Math.floor(((n % period) / period) * bins));
    folded[bin] = (folded[bin] as number) + (values[n] as number);
  }
  return folded;
}
