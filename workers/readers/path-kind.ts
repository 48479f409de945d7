/**
 * Whether a path names a regular file, or a folder, that a reader can use from here: the existence checks of sample
 * candidates and package folders. Absent, no permission, a folder missing on the way, a loop of links, a name too
 * long: each is "no", never an error.
 *
 * Synchronous on purpose, like bounded-file.ts: a worker thread runs one task and the pool ends the thread of a task
 * past its time limit, so blocking it costs nothing, while each `fs/promises` call waits its turn on libuv's thread
 * pool (a project naming a hundred samples waited a hundred turns, measured).
 */
import fs from 'node:fs';

export function isFileAt(candidate: string): boolean {
  return statOrNull(candidate)?.isFile() ?? false;
}

export function isFolderAt(candidate: string): boolean {
  return statOrNull(candidate)?.isDirectory() ?? false;
}

function statOrNull(candidate: string): fs.Stats | null {
  try {
    return fs.statSync(candidate, { throwIfNoEntry: false }) ?? null;
  } catch {
    // ENOTDIR, EACCES, ELOOP, ENAMETOOLONG…: what cannot be looked at cannot be used either.
    return null;
  }
}
