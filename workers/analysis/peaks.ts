/**
 * Waveform peaks for the table's small waveform and the player: for each pixel of `samplesPerPixel` samples, the
 * smallest then the largest sample, as signed 8-bit values (-128..127). This is the data layout of the BBC's
 * audiowaveform `.dat` format (8-bit resolution: min, max per pixel), so the stored files follow that convention.
 * Written from the format's published description; no code taken from audiowaveform.
 *
 * The finest level is collected as the samples stream out of the decoder (a whole hour of audio, without keeping
 * it); coarser views are folded from it (`foldPeaks` in common/audio/audio-analysis.ts).
 */

/** A sample in -1..1 as signed 8 bits: full scale is ±128 steps, clipped to the 8-bit range. */
function peakByte(sample: number): number {
  const value = Math.floor(sample * 128);
  return value < -128 ? -128 : value > 127 ? 127 : value;
}

/** Min/max pairs of every `samplesPerPixel` samples pushed, one at a time; the last pixel may cover fewer. */
export class PeakCollector {
  private pairs = new Int8Array(1024);
  private length = 0;
  private min = 0;
  private max = 0;
  private inPixel = 0;

  constructor(private readonly samplesPerPixel: number) {
    if (!Number.isInteger(samplesPerPixel) || samplesPerPixel < 1) throw new RangeError(`A pixel is a whole number of samples, not ${samplesPerPixel}.`);
  }

  add(sample: number): void {
    if (this.inPixel === 0) {
      this.min = sample;
      this.max = sample;
    } else if (sample < this.min) this.min = sample;
    else if (sample > this.max) this.max = sample;
    if (++this.inPixel === this.samplesPerPixel) this.close();
  }

  /** The pairs so far, the pixel in progress closed. */
  peaks(): Int8Array {
    if (this.inPixel > 0) this.close();
    return this.pairs.slice(0, this.length);
  }

  private close(): void {
    if (this.length + 2 > this.pairs.length) {
      const grown = new Int8Array(this.pairs.length * 2);
      grown.set(this.pairs);
      this.pairs = grown;
    }
    this.pairs[this.length++] = peakByte(this.min);
    this.pairs[this.length++] = peakByte(this.max);
    this.inPixel = 0;
  }
}
