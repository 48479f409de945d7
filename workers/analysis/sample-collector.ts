/**
 * The analysis's mono samples as a decoder hands them over, in chunks of any length: the first `keep` are kept for
 * tempo and key, and every one goes to the waveform's peaks, so an hour-long recording takes the memory of ten minutes.
 * It takes no more than `limit` in all (the longest audio a decode takes, at the analysis's rate): a push that would
 * pass it is refused whole, and the decode ends there, with every buffer here bounded by the two.
 */
import { PeakCollector } from './peaks';

export interface CollectorBounds {
  /** Samples kept for tempo and key. */
  keep: number;
  /** Samples taken in all, each into the peaks. */
  limit: number;
}

export class SampleCollector {
  count = 0;
  private readonly keep: number;
  private readonly limit: number;
  /** Grown as samples come, up to `keep`: a 20-second bounce does not take ten minutes of memory. */
  private buffer: Float32Array;
  /** Bytes of a float split across two of ffmpeg's chunks. */
  private carry = Buffer.alloc(0);

  /** Throws a RangeError for bounds that bound nothing (not whole, not positive, infinite). */
  constructor(
    { keep, limit }: CollectorBounds,
    private readonly peakCollector: PeakCollector,
  ) {
    if (![keep, limit].every((bound) => Number.isSafeInteger(bound) && bound > 0)) throw new RangeError(`A sample collector keeps and takes a whole number of samples, not ${keep} and ${limit}.`);
    this.keep = keep;
    this.limit = limit;
    this.buffer = new Float32Array(Math.min(keep, 1 << 18));
  }

  /** Little-endian float32 samples as ffmpeg writes them to a pipe, cut anywhere. False, and nothing taken, past the limit. */
  pushBytes(chunk: Buffer): boolean {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    if (this.count + whole / 4 > this.limit) return false;
    this.carry = Buffer.from(bytes.subarray(whole));
    for (let offset = 0; offset < whole; offset += 4) this.add(bytes.readFloatLE(offset));
    return true;
  }

  /** False, and nothing taken, when these samples would take it past its limit. */
  push(samples: Float32Array, length = samples.length): boolean {
    if (this.count + length > this.limit) return false;
    for (let i = 0; i < length; i++) this.add(samples[i]!);
    return true;
  }

  kept(): Float32Array {
    return this.buffer.slice(0, Math.min(this.count, this.keep));
  }

  peaks(): Int8Array {
    return this.peakCollector.peaks();
  }

  private add(sample: number): void {
    if (this.count < this.keep) {
      if (this.count === this.buffer.length) {
        const grown = new Float32Array(Math.min(this.keep, this.buffer.length * 2));
        grown.set(this.buffer);
        this.buffer = grown;
      }
      this.buffer[this.count] = sample;
    }
    this.count += 1;
    this.peakCollector.add(sample);
  }
}
