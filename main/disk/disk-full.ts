/**
 * A full disk never stops the app (DESIGN.md, trust rules). When the disk that holds the library fills, SQLite
 * answers `SQLITE_FULL` and the file system `ENOSPC`: the statement or transaction that met it is rolled back, so
 * the library is as it was before that write, and nothing it acknowledged is lost. What must not happen is what
 * used to: a timer's write throwing uncaught and taking the core with it.
 *
 * `DiskFullWatch` is the one place that knows the disk is full. Every write path hands it what it caught
 * (`report`): bridge calls answer `disk_full` with the message below, the job runner pauses, timers skip their
 * turn. The user is told once per episode. While full, a probe writes to the database every little while; when a
 * write goes through again, everyone who paused is told (`onResume`) and carries on by itself.
 */
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import type { Db } from '../../db/handle';
import { setKv } from '../../db/repositories/account';
import type { EventBus } from '../events';

const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const RETELL_AFTER_MS = 60 * 60 * 1000;

/** Whether an error (or anything in its `cause` chain) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof AppError && current.code === 'disk_full') return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The typed answer every write path gives for a full disk. */
export function diskFullError(cause?: unknown): AppError {
  return new AppError('disk_full', MESSAGES.diskFull, { cause });
}

export interface DiskFullWatchOptions {
  /** How often a full disk is tried again. Default: 15 s. */
  probeEveryMs?: number;
}

export class DiskFullWatch {
  private isFull = false;
  private toldAt = -Infinity;
  private probeTimer: NodeJS.Timeout | null = null;
  private readonly resumeListeners = new Set<() => void>();
  private readonly probeEveryMs: number;

  /**
   * @param probe a small real write where the library lives; it throws (disk full) while there is no space.
   */
  constructor(
    private readonly probe: () => void,
    private readonly events: EventBus,
    options: DiskFullWatchOptions = {},
  ) {
    this.probeEveryMs = options.probeEveryMs ?? 15_000;
  }

  get full(): boolean {
    return this.isFull;
  }

  /**
   * Hands over an error a write path caught. True when it was a full disk (now recorded, the user told once and
   * the probe running); false for any other error, which stays the caller's to handle.
   */
  report(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    if (!this.isFull) {
      this.isFull = true;
      console.error('[disk] the disk that holds the library is full; writes pause until there is space', error);
      // Told once: a disk on its last bytes lets a small write through and refuses the next big one, and the
      // user hears of it again only after an hour.
      if (Date.now() - this.toldAt >= RETELL_AFTER_MS) {
        this.toldAt = Date.now();
        this.events.emit('notify', { kind: 'error', title: MESSAGES.diskFull, body: MESSAGES.diskFullBody });
      }
    }
    this.scheduleProbe();
    return true;
  }

  /** Called when writes go through again. Returns the unsubscribe function. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /**
   * Runs a timer's work: a full disk is reported and the turn skipped (the next turn, or the resume, does the
   * work); any other error is left to the caller's own handling, as before.
   */
  guard(work: () => unknown): void {
    try {
      const result = work();
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (!this.report(error)) throw error;
        });
      }
    } catch (error) {
      if (!this.report(error)) throw error;
    }
  }

  /** Tries a write now: for tests and for a user who freed space and asks again. */
  checkNow(): boolean {
    if (!this.isFull) return true;
    try {
      this.probe();
    } catch (error) {
      if (isDiskFull(error)) return false;
      // Another failure is not ours to judge: the disk may well have space, so writes are let through again.
      console.error('[disk] the write probe failed for another reason', error);
    }
    this.isFull = false;
    this.stopProbe();
    console.error('[disk] there is space again; Songshelf carries on');
    for (const listener of [...this.resumeListeners]) {
      try {
        listener();
      } catch (error) {
        if (!this.report(error)) console.error('[disk] a resume listener failed', error);
      }
    }
    return true;
  }

  stop(): void {
    this.stopProbe();
    this.resumeListeners.clear();
  }

  private scheduleProbe(): void {
    if (this.probeTimer) return;
    this.probeTimer = setInterval(() => this.checkNow(), this.probeEveryMs);
    this.probeTimer.unref?.();
  }

  private stopProbe(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }
}

/** The probe the core uses: one small real write to the library's database (a `kv` row). */
export function libraryWriteProbe(db: Db): () => void {
  return () => setKv(db, 'disk:probe', db.now());
}
