/**
 * One process per library: the core holds `songshelf.lock` (its pid) in the data folder while it runs. A
 * second process (a second app window, the CLI on the same folder) is refused with a clear error, and a lock
 * left by a process that died is taken over, which is how the core knows that jobs left `running` were
 * orphaned by a crash and can run again at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../common/errors';
import { libraryOpenElsewhere, libraryOpenHere } from '../common/messages';

export const LOCK_FILE_NAME = 'songshelf.lock';

/** Libraries this process holds: the pid in the file cannot tell two cores of one process apart. */
const heldHere = new Set<string>();

export interface InstanceLock {
  /** True when the previous holder died without releasing the lock. */
  tookOverFromCrash: boolean;
  release(): void;
}

export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new AppError('not_allowed', libraryOpenHere(dataDir));
  fs.mkdirSync(dataDir, { recursive: true });
  let tookOverFromCrash = false;
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new AppError('not_allowed', libraryOpenElsewhere(dataDir, holder));
    }
    tookOverFromCrash = holder !== process.pid;
    fs.writeFileSync(file, String(process.pid));
  }
  heldHere.add(file);
  return {
    tookOverFromCrash,
    release: () => {
      heldHere.delete(file);
      if (readHolder(file) === process.pid) fs.rmSync(file, { force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    // Already gone: nothing to release.
    return null;
  }
}
