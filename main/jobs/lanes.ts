/**
 * A fixed number of lanes, handed out first come, first served within each of two lines: a freed lane goes to the
 * foreground line first (the scan's reads, a compression for an upload) and to the background line (the audio
 * analysis) only when nobody else waits, so 20,000 bounces waiting to be heard do not slow the reads of a scan to
 * the analysis's pace. The pool takes one lane per worker thread, so that a task it passes on starts at once: its
 * time limit then measures its own run, not the wait behind others.
 */
export type LanePriority = 'foreground' | 'background';

export class Lanes {
  private free: number;
  private readonly waiting: Record<LanePriority, (() => void)[]> = { foreground: [], background: [] };

  constructor(count: number) {
    this.free = count;
  }

  /** Runs `work` in a lane once one is free; a signal aborted while it waits takes it out of the line. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, priority: LanePriority = 'foreground'): Promise<T> {
    await this.acquire(signal, priority);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal | undefined, priority: LanePriority): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const line = this.waiting[priority];
      const onAbort = () => {
        line.splice(line.indexOf(take), 1);
        reject(signal?.reason);
      };
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      line.push(take);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    // A freed lane goes straight to the next in line, so none can overtake it; the foreground line first.
    const next = this.waiting.foreground.shift() ?? this.waiting.background.shift();
    if (next) next();
    else this.free += 1;
  }
}
