// The loudness meter against the EBU's conformance signals, each made here from its published definition (EBU Tech
// 3341 "minimum requirements" cases 1-6 and 15-19, Tech 3342 cases 1-4: 1 kHz sines at given dBFS, 48 kHz), held
// to 0.1 LU for loudness and range, and to Tech 3341's +0.2/-0.4 dB for true peak.
import { describe, expect, it } from 'vitest';
import { kWeighting } from './k-weighting';
import { LoudnessMeter, type LoudnessFigures } from './loudness-meter';

const RATE = 48_000;

/** A 1 kHz sine through consecutive sections of [dBFS peak, seconds]. */
function tone(sections: [number, number][], sampleRate = RATE, frequency = 1000): Float32Array {
  const total = sections.reduce((sum, [, seconds]) => sum + Math.round(seconds * sampleRate), 0);
  const out = new Float32Array(total);
  let n = 0;
  for (const [dbfs, seconds] of sections) {
    const amplitude = 10 ** (dbfs / 20);
    for (const end = n + Math.round(seconds * sampleRate); n < end; n++) out[n] = amplitude * Math.sin((2 * Math.PI * frequency * n) / sampleRate);
  }
  return out;
}

/** Sine at `frequency` with a starting phase in degrees, as Tech 3341's true-peak cases are made. */
function phasedSine(amplitude: number, frequency: number, phaseDegrees: number, seconds = 3): Float32Array {
  const out = new Float32Array(seconds * RATE);
  for (let n = 0; n < out.length; n++) out[n] = amplitude * Math.sin((2 * Math.PI * frequency * n) / RATE + (phaseDegrees * Math.PI) / 180);
  return out;
}

/** Feeds the channels in chunks of an awkward size, as a decoder would. */
function measure(channels: Float32Array[], sampleRate = RATE, chunk = 4093): LoudnessFigures {
  const meter = new LoudnessMeter(channels.length, sampleRate);
  const length = channels[0]!.length;
  for (let start = 0; start < length; start += chunk) {
    const frames = Math.min(chunk, length - start);
    meter.push(
      channels.map((channel) => channel.subarray(start, start + frames)),
      frames,
    );
  }
  return meter.result();
}

const stereo = (signal: Float32Array) => [signal, signal];

describe('EBU Tech 3341: integrated loudness', () => {
  it.each([
    ['1: stereo sine at -23 dBFS, 20 s', [[-23, 20]], -23],
    ['2: stereo sine at -33 dBFS, 20 s', [[-33, 20]], -33],
    ['3: -36 / -23 / -36 dBFS for 10 / 60 / 10 s (the relative gate)', [[-36, 10], [-23, 60], [-36, 10]], -23],
    ['4: -72 / -36 / -23 / -36 / -72 dBFS (both gates)', [[-72, 10], [-36, 10], [-23, 60], [-36, 10], [-72, 10]], -23],
    ['5: -26 / -20 / -26 dBFS for 20 / 20.1 / 20 s', [[-26, 20], [-20, 20.1], [-26, 20]], -23],
  ] as [string, [number, number][], number][])('case %s reads $2 LUFS', (_case, sections, expected) => {
    expect(Math.abs(measure(stereo(tone(sections))).integrated! - expected)).toBeLessThanOrEqual(0.1);
  });

  it('case 6: five channels, L R C at -28, -28, -24 dBFS and the surrounds at -30 dBFS, read -23 LUFS', () => {
    const [front, centre, surround] = [tone([[-28, 20]]), tone([[-24, 20]]), tone([[-30, 20]])];
    expect(Math.abs(measure([front, front, centre, surround, surround]).integrated! + 23)).toBeLessThanOrEqual(0.1);
  });

  it('measures a file at its own rate: case 1 at 44.1 and 96 kHz still reads -23 LUFS', () => {
    for (const rate of [44_100, 96_000]) {
      expect(Math.abs(measure(stereo(tone([[-23, 20]], rate)), rate).integrated! + 23)).toBeLessThanOrEqual(0.1);
    }
  });

  it('silence has no loudness and no peak; a mono file counts its one channel once', () => {
    expect(measure(stereo(new Float32Array(RATE * 5)))).toEqual({ integrated: null, range: 0, truePeak: null });
    expect(Math.abs(measure([tone([[-23, 20]])]).integrated! + 26.01)).toBeLessThanOrEqual(0.1);
  });
});

describe('EBU Tech 3342: loudness range', () => {
  it.each([
    ['1: -20 then -30 dBFS, 20 s each', [[-20, 20], [-30, 20]], 10],
    ['2: -20 then -15 dBFS', [[-20, 20], [-15, 20]], 5],
    ['3: -40 then -20 dBFS', [[-40, 20], [-20, 20]], 20],
    ['4: -50 / -35 / -20 / -35 / -50 dBFS', [[-50, 20], [-35, 20], [-20, 20], [-35, 20], [-50, 20]], 15],
  ] as [string, [number, number][], number][])('case %s spans $2 LU', (_case, sections, expected) => {
    expect(Math.abs(measure(stereo(tone(sections))).range - expected)).toBeLessThanOrEqual(0.1);
  });

  it('a steady tone has no range', () => {
    expect(measure(stereo(tone([[-23, 20]]))).range).toBeCloseTo(0, 3);
  });
});

describe('EBU Tech 3341: true peak', () => {
  it.each([
    ['15: fs/4 at 0.5, 0°', 0.5, RATE / 4, 0, -6],
    ['16: fs/4 at 0.5, 45° (samples at -9 dBFS)', 0.5, RATE / 4, 45, -6],
    ['17: fs/6 at 0.5, 60°', 0.5, RATE / 6, 60, -6],
    ['18: fs/8 at 0.5, 67.5°', 0.5, RATE / 8, 67.5, -6],
    ['19: fs/4 at 1.41, 45° (an over between full-scale samples)', 1.41, RATE / 4, 45, 3],
  ])('case %s reads $4 dBTP', (_case, amplitude, frequency, phase, expected) => {
    const { truePeak } = measure(stereo(phasedSine(amplitude, frequency, phase)));
    expect(truePeak! - expected).toBeLessThanOrEqual(0.2);
    expect(truePeak! - expected).toBeGreaterThanOrEqual(-0.4);
  });
});

describe('K-weighting', () => {
  it('is, at 48 kHz, the filter BS.1770-4 tabulates', () => {
    const [shelf, highPass] = kWeighting(48_000);
    const table = [
      [shelf, { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 }],
      [highPass, { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 }],
    ] as const;
    for (const [designed, tabulated] of table) {
      for (const key of ['b0', 'b1', 'b2', 'a1', 'a2'] as const) expect(designed[key]).toBeCloseTo(tabulated[key], 8);
    }
  });
});

describe('a meter that could not measure is refused when it is made', () => {
  // Issue 42: at 1-4 Hz a 100 ms segment is 0 frames, and the meter closed empty segments for ever, doubling its list.
  it.each([1, 2, 3, 4, 0, -48_000, Number.NaN, Number.POSITIVE_INFINITY])('at %s Hz: no 100 ms segment of whole frames', (rate) => {
    expect(() => new LoudnessMeter(2, rate)).toThrowError(new RangeError(`A loudness meter needs a 100 ms segment of at least one frame: ${rate} Hz gives none.`));
  });

  it.each([0, -1, 1.5])('with %s channels', (channels) => {
    expect(() => new LoudnessMeter(channels, RATE)).toThrowError(new RangeError(`A loudness meter measures one or more whole channels, not ${channels}.`));
  });

  it('from 5 Hz, the lowest rate whose segment is a frame', () => {
    expect(() => new LoudnessMeter(2, 5)).not.toThrow();
  });
});
