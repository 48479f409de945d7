import { describe, expect, it } from 'vitest';
import { Resampler } from './resample';

const sine = (frequency: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, n) => amplitude * Math.sin((2 * Math.PI * frequency * n) / rate));

function resampleAll(input: Float32Array, from: number, to: number, chunk = input.length): Float32Array {
  const resampler = new Resampler(from, to);
  const parts: Float32Array[] = [];
  for (let start = 0; start < input.length; start += chunk) parts.push(resampler.push(input.subarray(start, start + chunk)));
  parts.push(resampler.flush());
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);

describe('Resampler', () => {
  it.each([
    [44_100, 22_050],
    [48_000, 22_050],
    [96_000, 22_050],
    [32_000, 22_050],
    [11_025, 22_050],
    [22_050, 22_050],
  ])('turns a 1 kHz tone at %i Hz into the same tone at %i Hz, as many seconds long', (from, to) => {
    const out = resampleAll(sine(1000, from, 2), from, to);
    expect(out.length).toBe(Math.ceil((2 * from * to) / from));
    const expected = sine(1000, to, 2);
    // Away from the edges (where the file's silence before and after is part of the signal), sample for sample.
    for (let n = 200; n < out.length - 200; n++) expect(Math.abs(out[n]! - expected[n]!)).toBeLessThan(2e-3);
  });

  it('removes what the new rate cannot hold: a 15 kHz tone at 48 kHz is gone at 22.05 kHz', () => {
    const out = resampleAll(sine(15_000, 48_000, 1), 48_000, 22_050);
    expect(20 * Math.log10(rms(out.subarray(200, -200)) / rms(sine(15_000, 48_000, 1)))).toBeLessThan(-60);
  });

  it('gives the same samples whatever the chunks it is fed in', () => {
    const input = sine(440, 48_000, 1);
    const whole = resampleAll(input, 48_000, 22_050);
    expect(resampleAll(input, 48_000, 22_050, 997)).toEqual(whole);
    expect(resampleAll(input, 48_000, 22_050, 1)).toEqual(whole);
  });

  it.each([
    [0, 22_050],
    [44_100, 0],
    [-44_100, 22_050],
    [44_100.5, 22_050],
    [Number.NaN, 22_050],
    [Number.POSITIVE_INFINITY, 22_050],
  ])('is refused when it is made for %s Hz to %s Hz: only whole positive rates have a ratio', (from, to) => {
    expect(() => new Resampler(from, to)).toThrowError(new RangeError(`A resampler converts between whole positive sample rates, not ${from} Hz to ${to} Hz.`));
  });
});
