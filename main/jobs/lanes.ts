/**
 * A fixed number of lanes, handed out first come, first served. The pool takes one per worker thread, so that
 * a task it passes on starts at once: its time limit then measures its own run, not the wait behind others.
 */
export class Lanes {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(count: number) {
    this.free = count;
  }

  /** Runs `work` in a lane once one is free; a signal aborted while it waits takes it out of the line. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(signal?.reason);
      };
      const take = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiting.push(take);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    // A freed lane goes straight to the next in line, so none can overtake it.
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
