/**
 * A full disk never stops the app (DESIGN.md, trust rules). When the disk that holds the library fills, SQLite
 * answers `SQLITE_FULL` and the file system `ENOSPC` (or `EDQUOT`): the statement or transaction that met it is rolled
 * back, so the library is as it was before that write, and nothing it acknowledged is lost. What must not happen is
 * what used to: a timer's write throwing uncaught and taking the core with it.
 *
 * `DiskFullWatch` is the one place that knows the library's disk is full. Every write path hands it what it caught
 * (`report`): bridge calls answer `disk_full` with the message below, the job runner pauses, timers skip their
 * turn. The user is told once per episode. While full, a probe writes to the database every little while; when a
 * write goes through again, everyone who paused is told (`onResume`) and carries on by itself.
 *
 * Only `SQLITE_FULL`, and `ENOSPC`/`EDQUOT` on a path inside the data folder, are the library's disk. Another disk
 * full (a project drive a version is copied onto, the system's temporary folder) pauses nothing: the write that met
 * it answers an I/O error naming its file (`otherDiskFull`). A stream's or a handle's error names no file, so the
 * writers name theirs (`writingTo`); an error that names none is never taken for the library's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { MESSAGES, noSpaceLeftFor } from '../../common/messages';
import type { Db } from '../../db/handle';
import { setKv } from '../../db/repositories/account';
import type { EventBus } from '../events';
import { isInside } from '../security/file-access';

const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);
const RETELL_AFTER_MS = 60 * 60 * 1000;
/** How far down a `cause` chain an error is looked into. */
const MAX_CAUSES = 8;

/** Which disk a caught error found full: the library's, or another, with the file the write was aimed at if known. */
export type FullDisk = { where: 'library' } | { where: 'elsewhere'; path: string | null };

/** The library as the watch sees it: its data folder, and a small real write there that throws while it is full. */
export interface LibraryDisk {
  dir: string;
  probe: () => void;
}

/** Whether an error (or anything in its `cause` chain) says a disk, any disk, is full. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current; depth++) {
    if (current instanceof AppError && current.code === 'disk_full') return true;
    const code = codeOf(current);
    if (code === 'SQLITE_FULL' || (code !== null && NO_SPACE_CODES.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Which disk an error found full, or null when it is no full disk. `target`: the file the failed write was aimed at,
 * when its caller knows it; otherwise the error's own (a copy's `dest`, else its `path`).
 */
export function fullDiskOf(error: unknown, libraryDir: string, target?: string): FullDisk | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current; depth++) {
    if (current instanceof AppError && current.code === 'disk_full') return { where: 'library' };
    const code = codeOf(current);
    if (code === 'SQLITE_FULL') return { where: 'library' };
    if (code !== null && NO_SPACE_CODES.has(code)) {
      // A copy's error names its source as `path`: the disk that filled is the destination's.
      const full = target ?? stringField(current, 'dest') ?? stringField(current, 'path');
      if (full !== null && insideLibrary(libraryDir, full)) return { where: 'library' };
      return { where: 'elsewhere', path: full === null ? null : path.resolve(full) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The typed answer every write path gives for the library's full disk. */
export function diskFullError(cause?: unknown): AppError {
  return new AppError('disk_full', MESSAGES.diskFull, { cause });
}

/**
 * Runs a write aimed at `target` and, when it finds no space, names that file on the error: a handle's or a
 * stream's error names none, and the watch tells the library's disk from another by the path alone.
 */
export async function writingTo<T>(target: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw withTarget(error, target);
  }
}

/** `writingTo` for a synchronous write. */
export function writingToSync<T>(target: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw withTarget(error, target);
  }
}

/** A file system error with the file its write was aimed at: what Node's own `write` error does not say. */
class NoSpaceForFile extends Error {
  readonly code: string;
  readonly path: string;

  constructor(cause: Error, code: string, target: string) {
    super(`${cause.message} '${target}'`, { cause });
    this.name = 'NoSpaceForFile';
    this.code = code;
    this.path = target;
  }
}

function withTarget(error: unknown, target: string): unknown {
  const code = codeOf(error);
  if (!(error instanceof Error) || code === null || !NO_SPACE_CODES.has(code)) return error;
  if (stringField(error, 'dest') !== null || stringField(error, 'path') !== null) return error;
  return new NoSpaceForFile(error, code, target);
}

function insideLibrary(libraryDir: string, file: string): boolean {
  const target = path.resolve(file);
  const dir = path.resolve(libraryDir);
  if (isInside(dir, target)) return true;
  // A data folder reached through a link (macOS's /var is /private/var) is still the library's.
  try {
    return isInside(fs.realpathSync(dir), target);
  } catch {
    // A data folder that cannot be resolved holds nothing a write could have been aimed at.
    return false;
  }
}

function codeOf(value: unknown): string | null {
  const code = (value as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

function stringField(value: unknown, key: 'dest' | 'path'): string | null {
  const field = (value as Record<string, unknown> | null)?.[key];
  return typeof field === 'string' && field !== '' ? field : null;
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
   * @param library the data folder (what a full disk there means) and a small real write there, which throws while
   * there is no space.
   */
  constructor(
    private readonly library: LibraryDisk,
    private readonly events: EventBus,
    options: DiskFullWatchOptions = {},
  ) {
    this.probeEveryMs = options.probeEveryMs ?? 15_000;
  }

  get full(): boolean {
    return this.isFull;
  }

  /**
   * Hands over an error a write path caught, with the file it was writing when the error may not say it. True when
   * it was the library's full disk (now recorded, the user told once and the probe running); false for any other
   * error, another disk's full one included, which stays the caller's to handle (`otherDiskFull`).
   */
  report(error: unknown, target?: string): boolean {
    if (fullDiskOf(error, this.library.dir, target)?.where !== 'library') return false;
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

  /**
   * The answer for a write that found a disk other than the library's full: an I/O error naming the file; null for
   * any other error.
   */
  otherDiskFull(error: unknown, target?: string): AppError | null {
    const full = fullDiskOf(error, this.library.dir, target);
    if (full?.where !== 'elsewhere') return null;
    return new AppError('io_error', noSpaceLeftFor(full.path), { cause: error });
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
      this.library.probe();
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

/** The library the core watches: the database's folder, probed by one small real write to it (a `kv` row). */
export function libraryDisk(db: Db): LibraryDisk {
  return { dir: path.dirname(db.file), probe: () => setKv(db, 'disk:probe', db.now()) };
}
