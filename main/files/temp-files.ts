/**
 * The app's temporary files in its data folder, and their sweep as the core starts. Each is written under a name of
 * its own and then renamed into place or removed; a crash or a kill in between leaves it, and nothing else would ever
 * remove it. The sweep runs with the library's lock held (no other process of this library writes there) and removes
 * only what this list names, only in the data folder, only files older than this process: one written since may be
 * this process's own, still being written.
 *
 * - `<data>/<file>.<pid>.tmp`: a file replaced whole (`temporaryFileOf`: the session vault, the window state), and
 *   the lock's own (`instance-lock.ts`, `songshelf.lock.<random>.<pid>.tmp`);
 * - `<data>/songshelf.lock.<lock>.takeover-<n>`: a claim left by a takeover of a dead holder's lock cut short;
 * - `<data>/library-import.<uuid>.part`: a library document the page was sending to import (`library/import-upload.ts`);
 * - `<data>/snapshots/<song id>/.<uuid>.part`: a snapshot being copied (`versions/snapshots.ts`);
 * - `<data>/waveforms/<name>.part`: a waveform being written (`analysis/waveforms.ts`);
 * - `<data>/compressed/<name>.part`: a copy ffmpeg is compressing (`workers/compress/compress-audio.ts`).
 *
 * A file the page is saving (`<data>/files/.incoming/`) has its own sweep (`LocalFileStore.removeLeftovers`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOCK_FILE_NAME } from '../instance-lock';
import { IMPORT_UPLOAD_FILE } from '../library/import-upload';
import { COMPRESSED_FOLDER } from '../media/compression';
import { WAVEFORMS_FOLDER } from '../analysis/waveforms';
import { isSongId, SNAPSHOTS_FOLDER } from '../versions/snapshots';

const REPLACED_WHOLE = /^.+\.\d+\.tmp$/;
const LOCK_CLAIM = new RegExp(`^${LOCK_FILE_NAME.replace(/\./g, '\\.')}\\..+\\.takeover-\\d+$`);
const SNAPSHOT_PART = /^\.[0-9a-f-]{36}\.part$/i;
const PART = /^.+\.part$/;

/** The name a file is written under before it replaces `file` whole (renamed over it). */
export function temporaryFileOf(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

/** When this process started (ms since the epoch). */
export function processStartTime(): number {
  return performance.timeOrigin;
}

/**
 * Removes the temporary files a process before this one left in `dataDir` (the list above), modified before
 * `startedAt` (default: this process's start). Returns the paths removed. A folder that is not there holds none.
 */
export async function sweepTemporaryFiles(dataDir: string, startedAt = processStartTime()): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (folder: string, isTemporary: (name: string) => boolean) => {
    for (const name of await fileNames(folder)) {
      if (!isTemporary(name)) continue;
      const file = path.join(folder, name);
      // lstat: a link is judged as itself, and only a file is ever removed, never what a link leads to.
      const stats = await fs.lstat(file).catch(() => null);
      if (!stats?.isFile() || stats.mtimeMs >= startedAt) continue;
      await fs.rm(file, { force: true });
      removed.push(file);
    }
  };
  await sweep(dataDir, (name) => REPLACED_WHOLE.test(name) || LOCK_CLAIM.test(name) || IMPORT_UPLOAD_FILE.test(name));
  await sweep(path.join(dataDir, WAVEFORMS_FOLDER), (name) => PART.test(name));
  await sweep(path.join(dataDir, COMPRESSED_FOLDER), (name) => PART.test(name));
  const snapshots = path.join(dataDir, SNAPSHOTS_FOLDER);
  for (const songId of (await fileNames(snapshots)).filter(isSongId)) {
    await sweep(path.join(snapshots, songId), (name) => SNAPSHOT_PART.test(name));
  }
  return removed;
}

async function fileNames(folder: string): Promise<string[]> {
  return fs.readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}
