import { describe, expect, it } from 'vitest';
import { PeakCollector } from './peaks';
import { SampleCollector } from './sample-collector';

const floats = (...values: number[]) => Buffer.from(Float32Array.from(values).buffer);

describe('SampleCollector', () => {
  it('keeps the first samples and counts every one, whatever the chunks', () => {
    const collector = new SampleCollector({ keep: 3, limit: 100 }, new PeakCollector(2));
    expect(collector.push(Float32Array.of(0.5, -0.5))).toBe(true);
    // A float split across two of ffmpeg's chunks.
    const bytes = floats(0.25, 1);
    expect(collector.pushBytes(bytes.subarray(0, 6))).toBe(true);
    expect(collector.pushBytes(bytes.subarray(6))).toBe(true);
    expect(collector.count).toBe(4);
    expect(Array.from(collector.kept())).toEqual([0.5, -0.5, 0.25]);
    expect(Array.from(collector.peaks())).toEqual([-64, 64, 32, 127]);
  });

  it('refuses a push that would take it past its limit, taking nothing of it: a decode ends there, not at the memory’s end', () => {
    const collector = new SampleCollector({ keep: 4, limit: 10 }, new PeakCollector(2));
    expect(collector.push(new Float32Array(8))).toBe(true);
    expect(collector.push(new Float32Array(3))).toBe(false);
    expect(collector.pushBytes(floats(1, 2, 3))).toBe(false);
    expect(collector.count).toBe(8);
    expect(collector.pushBytes(floats(1, 2))).toBe(true);
    expect(collector.count).toBe(10);
  });

  it.each([
    [{ keep: 0, limit: 10 }],
    [{ keep: 10, limit: Number.POSITIVE_INFINITY }],
    [{ keep: Number.NaN, limit: 10 }],
    [{ keep: 1.5, limit: 10 }],
    [{ keep: 10, limit: -1 }],
  ])('is refused when made with bounds that bound nothing: %o', (bounds) => {
    expect(() => new SampleCollector(bounds, new PeakCollector(2))).toThrowError(RangeError);
  });
});
