/**
 * The bundled ffmpeg (`@ffmpeg-installer/ffmpeg`, inside the registry package for each system) as the workers run it:
 * a process of its own, which ending the worker's thread would leave running, so `runFfmpeg` stops it itself
 * (SIGTERM, then SIGKILL after a grace) when the run is cancelled or passes its time limit.
 *
 * It is a native build from 2018: every demuxer and decoder it has is reachable from a file it probes. So a user's
 * file reaches it only through `ffmpegInputArgs`, after `openAudioInput` has checked the bytes: the demuxer is named
 * (`-f`, no probing), only the file protocol may be opened, and only the codecs the four kinds need may be decoded.
 * `runFfmpeg` refuses any input given otherwise.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { DecodableAudio } from '../common/audio/media';
import { FFMPEG_KILL_GRACE_MS } from '../common/bridge/worker-tasks';
import type { AudioInput } from './audio-input';

/**
 * Per kind, ffmpeg's demuxer and the decoders it may open (names as `-codec_whitelist` matches them). PCM only in
 * WAV and AIFF (ADPCM, GSM, DTS in a WAV... are refused), FLAC in FLAC, MPEG layer III in MP3; a cover picture is
 * demuxed and left undecoded.
 */
const INPUTS: Record<DecodableAudio, { demuxer: string; codecs: string[] }> = {
  wav: { demuxer: 'wav', codecs: ['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le', 'pcm_f64le', 'pcm_alaw', 'pcm_mulaw'] },
  aiff: { demuxer: 'aiff', codecs: ['pcm_s8', 'pcm_u8', 'pcm_s16be', 'pcm_s16le', 'pcm_s24be', 'pcm_s32be', 'pcm_f32be', 'pcm_f64be', 'pcm_alaw', 'pcm_mulaw'] },
  flac: { demuxer: 'flac', codecs: ['flac'] },
  mp3: { demuxer: 'mp3', codecs: ['mp3float', 'mp3'] },
};

/** Options that must come before every `-i`: what makes a hostile file harmless to name. */
const GUARDS = ['-f', '-protocol_whitelist', '-codec_whitelist'] as const;

/** The input options and `-i` for a checked file. */
export function ffmpegInputArgs(input: AudioInput): string[] {
  const { demuxer, codecs } = INPUTS[input.kind];
  return ['-f', demuxer, '-protocol_whitelist', 'file', '-codec_whitelist', codecs.join(','), '-i', input.path];
}

/** Throws when an `-i` is not preceded, among its own input options, by the guards: a bug, never a user's doing. */
function assertGuardedInputs(args: readonly string[]): void {
  let inputStart = 0;
  args.forEach((arg, index) => {
    if (arg !== '-i') return;
    const options = args.slice(inputStart, index);
    const missing = GUARDS.filter((guard) => !options.includes(guard));
    if (missing.length > 0) throw new Error(`ffmpeg input ${args[index + 1] ?? ''} is missing ${missing.join(', ')}: build it with ffmpegInputArgs`);
    inputStart = index + 2;
  });
}

/** Inside a packaged app the binary lives beside the archive, not in it: executables cannot run from asar. */
export function ffmpegPath(): string {
  return ffmpeg.path.replace(`app.asar${pathSeparator()}`, `app.asar.unpacked${pathSeparator()}`);
}

function pathSeparator(): string {
  return process.platform === 'win32' ? '\\' : '/';
}

export interface FfmpegLimits {
  timeLimitMs: number;
  signal?: AbortSignal | undefined;
  /** Receives what ffmpeg writes to its standard output (decoded samples); default: output ignored. */
  onStdout?: (chunk: Buffer) => void;
  /** Work nobody waits for (the analysis): ffmpeg runs at the lowest priority, so the app stays quick. */
  background?: boolean;
}

export interface FfmpegExit {
  code: number | null;
  stderr: string;
  /** Why the run was stopped, when it was. */
  stopped?: 'cancelled' | 'timed out';
}

/** Runs ffmpeg to its end, or stops it on cancel or at the time limit; settles once the process is gone. */
export function runFfmpeg(args: string[], limits: FfmpegLimits): Promise<FfmpegExit> {
  assertGuardedInputs(args);
  return new Promise((resolve) => {
    const { signal } = limits;
    if (signal?.aborted) {
      resolve({ code: null, stderr: '', stopped: 'cancelled' });
      return;
    }
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', limits.onStdout ? 'pipe' : 'ignore', 'pipe'], windowsHide: true });
    if (limits.onStdout) child.stdout?.on('data', limits.onStdout);
    if (limits.background && child.pid !== undefined) lowerPriority(child.pid);
    let stderr = '';
    let stopped: FfmpegExit['stopped'];
    let forceTimer: NodeJS.Timeout | undefined;
    const stop = (why: NonNullable<FfmpegExit['stopped']>) => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGTERM');
      forceTimer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_KILL_GRACE_MS);
    };
    const onAbort = () => stop('cancelled');
    const limitTimer = setTimeout(() => stop('timed out'), limits.timeLimitMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (exit: FfmpegExit) => {
      clearTimeout(limitTimer);
      clearTimeout(forceTimer);
      signal?.removeEventListener('abort', onAbort);
      resolve(stopped ? { ...exit, stopped } : exit);
    };
    child.stderr?.on('data', (chunk: Buffer) => {
      // Only the tail matters for the message; an endless stream must not grow without bound.
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.on('error', (error) => settle({ code: null, stderr: error.message }));
    // 'close' comes once the process has exited and its output is closed: nothing of it is left running.
    child.on('close', (code) => settle({ code, stderr }));
  });
}

function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed here (a sandbox) or the process already ended: it runs at normal priority, which is only slower for the rest.
  }
}
