/**
 * Where the memory-safe decoders pour a file's samples (its own channels, at its own rate) and what the analysis
 * gets back, the same as from ffmpeg: the loudness measured on the channels as they are (`loudness/`), and mono
 * samples at `ANALYSIS_SAMPLE_RATE` (`resample.ts`) kept for tempo and key and folded into the waveform's peaks.
 * Stereo is folded to mono as ffmpeg folded it (each channel at -3 dB, so a waveform drawn before keeps its
 * height); more channels each at 1/sqrt(n).
 */
import { ANALYSIS_SAMPLE_RATE, MAX_ANALYSED_SECONDS, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio-analysis';
import type { DecodedAudio, Loudness } from './decoded-audio';
import { LoudnessMeter } from './loudness/loudness-meter';
import { PeakCollector } from './peaks';
import { Resampler } from './resample';
import { SampleCollector } from './sample-collector';

export class AnalysisSink {
  private readonly meter: LoudnessMeter;
  private readonly resampler: Resampler;
  private readonly collector = new SampleCollector(ANALYSIS_SAMPLE_RATE * MAX_ANALYSED_SECONDS, new PeakCollector(WAVEFORM_SAMPLES_PER_PIXEL));
  private mono = new Float32Array(0);
  private frames = 0;

  constructor(
    readonly channels: number,
    readonly sampleRate: number,
  ) {
    this.meter = new LoudnessMeter(channels, sampleRate);
    this.resampler = new Resampler(sampleRate, ANALYSIS_SAMPLE_RATE);
  }

  push(planar: readonly Float32Array[], frames: number): void {
    this.meter.push(planar, frames);
    this.collector.push(this.resampler.push(this.downmix(planar, frames), frames));
    this.frames += frames;
  }

  /** Null when nothing was pushed: the file holds no audio. */
  finish(): DecodedAudio | null {
    if (this.frames === 0) return null;
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
