/**
 * The analysis's mono samples as a decoder hands them over, in chunks of any length: the first `keep` are kept for
 * tempo and key, and every one goes to the waveform's peaks, so an hour-long recording takes the memory of ten minutes.
 */
import { PeakCollector } from './peaks';

export class SampleCollector {
  count = 0;
  /** Grown as samples come, up to `keep`: a 20-second bounce does not take ten minutes of memory. */
  private buffer = new Float32Array(1 << 18);
  /** Bytes of a float split across two of ffmpeg's chunks. */
  private carry = Buffer.alloc(0);

  constructor(
    private readonly keep: number,
    private readonly peakCollector: PeakCollector,
  ) {}

  /** Little-endian float32 samples as ffmpeg writes them to a pipe, cut anywhere. */
  pushBytes(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    this.carry = Buffer.from(bytes.subarray(whole));
    for (let offset = 0; offset < whole; offset += 4) this.add(bytes.readFloatLE(offset));
  }

  push(samples: Float32Array, length = samples.length): void {
    for (let i = 0; i < length; i++) this.add(samples[i]!);
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
