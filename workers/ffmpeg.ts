/**
 * The bundled ffmpeg (`@ffmpeg-installer/ffmpeg`, inside the registry package for each system) as the workers run it:
 * a process of its own, which ending the worker's thread would leave running, so `runFfmpeg` stops it itself
 * (SIGTERM, then SIGKILL after a grace) when the run is cancelled or passes its time limit.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { FFMPEG_KILL_GRACE_MS } from '../common/worker-tasks';

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
