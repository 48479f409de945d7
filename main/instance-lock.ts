/**
 * One process per library: the core holds `songshelf.lock` (its pid) in the data folder while it runs. A
 * second process (a second app window, the CLI on the same folder) is refused with a clear error, and a lock
 * left by a process that died is taken over, which is how the core knows that jobs left `running` were
 * orphaned by a crash and can run again at once.
 *
 * Every step is one atomic file system call, so processes starting together cannot both win:
 * - the lock is made whole under a name of this process's own and linked into place (`link` fails if a lock is
 *   there), so nobody ever reads a lock half written;
 * - a dead holder's lock is taken over only by whoever first creates its claim, a file named after that very lock
 *   (its inode and modification time, read from the handle its pid was read from), then renamed over it if it is
 *   still that lock. A second process finds the claim taken by a live one and is refused with its pid; a claim whose
 *   maker died (a crash in the middle of a takeover) is passed by its successor, `-2`, `-3`…, made the same way.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../common/errors';
import { libraryOpenElsewhere, libraryOpenHere } from '../common/messages';

export const LOCK_FILE_NAME = 'songshelf.lock';

/** Claims of one dead holder's lock whose makers died too: past this many, something else is wrong. */
const MAX_CLAIMS = 8;
/** Times the lock may change under a process taking it before it gives up (each change is another's progress). */
const MAX_TRIES = 8;

/** Libraries this process holds: the pid in the file cannot tell two cores of one process apart. */
const heldHere = new Set<string>();

export interface InstanceLock {
  /** True when the previous holder died without releasing the lock. */
  tookOverFromCrash: boolean;
  release(): void;
}

/** A lock as read: its holder's pid (null when the content is no pid) and which file it was (inode, mtime). */
interface SeenLock {
  holder: number | null;
  identity: string;
}

type Takeover = { won: true } | { won: false; liveClaimer: number | null };

export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new AppError('not_allowed', libraryOpenHere(dataDir));
  fs.mkdirSync(dataDir, { recursive: true });
  // Named as the app's temporary files are (`<name>.<pid>.tmp`), so a crash right here leaves nothing the sweep keeps.
  const mine = `${file}.${randomBytes(6).toString('hex')}.${process.pid}.tmp`;
  fs.writeFileSync(mine, String(process.pid), { flag: 'wx' });
  try {
    const tookOverFromCrash = takeLock(file, mine, dataDir);
    heldHere.add(file);
    return {
      tookOverFromCrash,
      release: () => {
        heldHere.delete(file);
        if (readLock(file)?.holder === process.pid) fs.rmSync(file, { force: true });
      },
    };
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/** Places `mine` as the lock; true when it replaced a dead holder's. Throws when a live process holds or takes it. */
function takeLock(file: string, mine: string, dataDir: string): boolean {
  let lastHolder: number | null = null;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    try {
      fs.linkSync(mine, file);
      return false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readLock(file);
    // Released between the link and the read: try the link again.
    if (!seen) continue;
    lastHolder = seen.holder;
    if (seen.holder !== null && seen.holder !== process.pid && isAlive(seen.holder)) {
      throw new AppError('not_allowed', libraryOpenElsewhere(dataDir, seen.holder));
    }
    const takeover = takeOver(file, seen, mine);
    if (takeover.won) return seen.holder !== process.pid;
    if (takeover.liveClaimer !== null) throw new AppError('not_allowed', libraryOpenElsewhere(dataDir, takeover.liveClaimer));
    // The lock changed since it was read (another's takeover went through): read it again.
  }
  throw new AppError('not_allowed', libraryOpenElsewhere(dataDir, lastHolder ?? 0));
}

/**
 * Replaces the dead holder's lock `seen` with `mine`, if this process is the first to claim that very lock. Not won:
 * another live process claimed it first (`liveClaimer`), or the lock is no longer the one seen.
 */
function takeOver(file: string, seen: SeenLock, mine: string): Takeover {
  /** Claims on this lock whose makers died; the winner removes them with its own. */
  const abandoned: string[] = [];
  for (let generation = 1; generation <= MAX_CLAIMS; generation += 1) {
    const claim = `${file}.${seen.identity}.takeover-${generation}`;
    try {
      // A link: the claim holds this process's pid from the instant it exists.
      fs.linkSync(mine, claim);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const claimer = readLock(claim)?.holder ?? null;
      if (claimer !== null && claimer !== process.pid && isAlive(claimer)) {
        // A live claimer of a lock already replaced lost to whoever replaced it (the winner removed its own claim, and
        // a late racer made this one again): the caller reads the lock anew and names its real holder.
        if (readLock(file)?.identity !== seen.identity) return { won: false, liveClaimer: null };
        return { won: false, liveClaimer: claimer };
      }
      // Its maker died mid-takeover (or it is gone as its winner cleaned up): the next claim is made.
      abandoned.push(claim);
      continue;
    }
    try {
      // Only a claimer replaces this lock, and the claim is ours: it is still the lock seen, unless an earlier claimer
      // renamed its own over it and died. Removed claims are harmless from then on: the lock they name is gone.
      if (readLock(file)?.identity !== seen.identity) return { won: false, liveClaimer: null };
      fs.renameSync(mine, file);
      for (const old of abandoned) fs.rmSync(old, { force: true });
      return { won: true };
    } finally {
      fs.rmSync(claim, { force: true });
    }
  }
  throw new AppError('internal', `Too many abandoned claims on ${file}.`);
}

/** The lock at `file` as it is now; null when there is none. Its pid and identity come from one open handle. */
function readLock(file: string): SeenLock | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | ((fs.constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stats = fs.fstatSync(fd, { bigint: true });
    const bytes = Buffer.alloc(32);
    const text = bytes.subarray(0, fs.readSync(fd, bytes, 0, bytes.length, 0)).toString('utf8').trim();
    const pid = /^\d{1,10}$/.test(text) ? Number(text) : 0;
    return { holder: pid > 0 ? pid : null, identity: `${stats.ino}-${stats.mtimeNs}` };
  } finally {
    fs.closeSync(fd);
  }
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
