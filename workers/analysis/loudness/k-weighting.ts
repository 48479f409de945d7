/**
 * BS.1770-4's K-weighting for any sample rate. The Recommendation tabulates its two filters at 48 kHz only (a high
 * shelf of about +4 dB above 1.5 kHz for the head, then the RLB high-pass); a file at 44.1 or 96 kHz needs them
 * designed for its own rate, from the analog prototypes behind that table (centre frequency, gain and Q as
 * libebur128 derived them, MIT), through the bilinear transform. At 48 kHz this gives the table's coefficients
 * to 1e-8 (k-weighting.test.ts).
 */

/** A biquad's coefficients, normalised (a0 = 1): y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

const SHELF = { frequency: 1681.974450955533, gainDb: 3.999843853973347, q: 0.7071752369554196, bandwidthExponent: 0.4996667741545416 };
const HIGH_PASS = { frequency: 38.13547087602444, q: 0.5003270373238773 };

/** Stage 1 (the head's high shelf) and stage 2 (the RLB high-pass) at `sampleRate`. */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  let k = Math.tan((Math.PI * SHELF.frequency) / sampleRate);
  const vh = 10 ** (SHELF.gainDb / 20);
  const vb = vh ** SHELF.bandwidthExponent;
  let a0 = 1 + k / SHELF.q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / SHELF.q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / SHELF.q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / SHELF.q + k * k) / a0,
  };
  k = Math.tan((Math.PI * HIGH_PASS.frequency) / sampleRate);
  a0 = 1 + k / HIGH_PASS.q + k * k;
  // The Recommendation's high-pass keeps b = (1, -2, 1) unnormalised; only the poles move with the rate.
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / HIGH_PASS.q + k * k) / a0 };
  return [shelf, highPass];
}
