import { describe, expect, it } from 'vitest';
import { foldPeaks } from '../../common/audio/audio-analysis';
import { PeakCollector } from './peaks';

function collect(samples: readonly number[], samplesPerPixel: number): number[] {
  const collector = new PeakCollector(samplesPerPixel);
  for (const sample of samples) collector.add(sample);
  return Array.from(collector.peaks());
}

describe('waveform peaks', () => {
  const samples = [0, 0.5, -0.5, 1, -1, 0.25, 0, -0.25, 0.1];

  it('gives each pixel its min then max, scaled to signed 8 bits', () => {
    expect(collect(samples, 3)).toEqual([-64, 64, -128, 127, -32, 12]);
  });

  it('keeps a last pixel shorter than the others', () => {
    expect(collect(samples, 4)).toEqual([-64, 127, -128, 32, 12, 12]);
  });

  it('folds into fewer pixels exactly as collecting them coarser would', () => {
    const sine = Array.from({ length: 10_240 }, (_, i) => 0.8 * Math.sin(i / 37));
    const fine = new PeakCollector(64);
    for (const sample of sine) fine.add(sample);
    expect(foldPeaks(fine.peaks(), 20)).toEqual(collect(sine, 512));
    expect(Math.max(...fine.peaks())).toBe(102);
    expect(Math.min(...fine.peaks())).toBe(-103);
    // A file shorter than the view: one pair per pixel it has.
    expect(foldPeaks(Int8Array.from([-1, 1, -2, 2]), 120)).toEqual([-1, 1, -2, 2]);
  });

  it('refuses a pixel that is not a whole number of samples', () => {
    expect(() => new PeakCollector(0)).toThrow(RangeError);
    expect(() => new PeakCollector(1.5)).toThrow(RangeError);
  });
});
