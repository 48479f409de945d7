/**
 * Where the memory-safe decoders pour a file's samples (its own channels, at its own rate) and what the analysis
 * gets back, the same as from ffmpeg: the loudness measured on the channels as they are (`loudness/`), and mono
 * samples at `ANALYSIS_SAMPLE_RATE` (`resample.ts`) kept for tempo and key and folded into the waveform's peaks.
 * Stereo is folded to mono as ffmpeg folded it (each channel at -3 dB, so a waveform drawn before keeps its
 * height); more channels each at 1/sqrt(n).
 *
 * Its buffers are bounded before they grow: a decoder's chunk, however long (a call of the WebAssembly decoders
 * answers up to half a million frames of FLAC or three million of MP3: `wasm-decoders.ts`), is taken in slices of
 * `SLICE_FRAMES`, so the mono fold, the true-peak window and the resampler's input and output never exceed a slice
 * (times 22.05 for a 1 kHz file); and it takes no more than `maxSeconds` of audio, refusing the chunk that would pass
 * it before any of it is used.
 */
import { ANALYSIS_SAMPLE_RATE, MAX_ANALYSED_SECONDS, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio/audio-analysis';
import { MAX_DECODED_SECONDS, type DecodedAudio, type Loudness } from './decoded-audio';
import { LoudnessMeter } from './loudness/loudness-meter';
import { PeakCollector } from './peaks';
import { Resampler } from './resample';
import { SampleCollector } from './sample-collector';

/** A decoder's chunk is used this many frames at a time: what a WAV chunk holds (`pcm-frames.ts`). */
const SLICE_FRAMES = 65_536;

export class AnalysisSink {
  private readonly meter: LoudnessMeter;
  private readonly resampler: Resampler;
  private readonly collector: SampleCollector;
  private readonly maxFrames: number;
  private mono = new Float32Array(0);
  private frames = 0;

  /** For a stream `streamFormatRefusal` took: the meter and the resampler throw for a rate they cannot work at. */
  constructor(
    readonly channels: number,
    readonly sampleRate: number,
    maxSeconds = MAX_DECODED_SECONDS,
  ) {
    this.meter = new LoudnessMeter(channels, sampleRate);
    this.resampler = new Resampler(sampleRate, ANALYSIS_SAMPLE_RATE);
    this.maxFrames = Math.floor(sampleRate * maxSeconds);
    // The resampler makes ceil(frames * 22,050 / rate) samples of `frames`: within this limit when those are within theirs.
    this.collector = new SampleCollector(
      { keep: ANALYSIS_SAMPLE_RATE * MAX_ANALYSED_SECONDS, limit: Math.ceil(ANALYSIS_SAMPLE_RATE * maxSeconds) },
      new PeakCollector(WAVEFORM_SAMPLES_PER_PIXEL),
    );
  }

  /** False, and nothing of the chunk used, when it would take the audio past `maxSeconds`. */
  push(planar: readonly Float32Array[], frames: number): boolean {
    if (this.frames + frames > this.maxFrames) return false;
    for (let start = 0; start < frames; start += SLICE_FRAMES) {
      const length = Math.min(SLICE_FRAMES, frames - start);
      const slice = planar.map((channel) => channel.subarray(start, start + length));
      this.meter.push(slice, length);
      if (!this.collector.push(this.resampler.push(this.downmix(slice, length), length))) return false;
    }
    this.frames += frames;
    return true;
  }

  /** Null when nothing was pushed: the file holds no audio. */
  finish(): DecodedAudio | null {
    if (this.frames === 0) return null;
    // The tail brings the samples to ceil(frames * 22,050 / rate), within the collector's limit (see the constructor).
    this.collector.push(this.resampler.flush());
    return {
      samples: this.collector.kept(),
      sampleRate: ANALYSIS_SAMPLE_RATE,
      durationS: this.frames / this.sampleRate,
      peaks: this.collector.peaks(),
      loudness: this.loudness(),
    };
  }

  /** As ffmpeg's summary gives it: tenths, and no integrated loudness at or below the -70 LUFS gate. */
  private loudness(): Loudness {
    const { integrated, range, truePeak } = this.meter.result();
    const tenth = (value: number) => Math.round(value * 10) / 10;
    return {
      integrated: integrated === null || integrated <= -70 ? null : tenth(integrated),
      range: tenth(range),
      truePeak: truePeak === null ? null : tenth(truePeak),
    };
  }

  private downmix(planar: readonly Float32Array[], frames: number): Float32Array {
    if (this.channels === 1) return planar[0]!;
    if (this.mono.length < frames) this.mono = new Float32Array(frames);
    const mono = this.mono;
    const gain = 1 / Math.sqrt(this.channels);
    mono.fill(0, 0, frames);
    for (const channel of planar) {
      for (let i = 0; i < frames; i++) mono[i]! += channel[i]!;
    }
    for (let i = 0; i < frames; i++) mono[i]! *= gain;
    return mono;
  }
}
