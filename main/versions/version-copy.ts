/**
 * "Open a copy in the DAW" (issue 19): a version of a song's project is copied next to the project under a name
 * that says what it is ("Night Drive (version 2024-03-01 2000).als"), never over an existing file, and the copy is
 * what opens: the original set, session, backup or snapshot is never touched. Only a version the project really has (listed
 * again here, not taken from the page) can be copied. A Logic version lives inside its package and cannot be opened
 * on its own: the page does not offer it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../common/errors';
import { extensionOf, SESSION_EXTENSIONS } from '../../common/projects/file-kinds';
import { MESSAGES } from '../../common/messages';
import type { Song } from '../../common/songs/song';
import type { Db } from '../../db/handle';
import { writingTo } from '../disk/disk-full';
import { resolveLibraryPath } from '../security/library-roots';
import { openRegularFile } from '../security/regular-file';
import { readableSnapshot, snapshotVersions } from './snapshots';
import { findVersionFiles } from './version-files';

/** Copies beside a project with the same name get " 2", " 3"…: past this, something is wrong. */
const MAX_NAME_TRIES = 100;

export async function copyVersion(db: Db, dataDir: string, song: Song, versionPath: string): Promise<string> {
  const session = song.recordingSession?.value;
  const daw = session ? SESSION_EXTENSIONS[extensionOf(session)] : undefined;
  if (!session || !daw) throw new AppError('not_allowed', MESSAGES.versionNotCopyable);
  const project = await resolveLibraryPath(session, db, dataDir);
  const versions = [...(await findVersionFiles(project, daw)), ...(await snapshotVersions(dataDir, song.id, project))];
  const version = versions.find((file) => file.path === path.resolve(versionPath));
  if (!version) throw new AppError('not_found', MESSAGES.versionNotFound);
  // A snapshot may be kept gzipped: the copy is the session as it was saved.
  const readable = version.source === 'snapshot' ? await readableSnapshot(version.path) : { path: version.path, done: async () => undefined };
  try {
    return await copyBeside(project, readable.path, version.time);
  } finally {
    await readable.done();
  }
}

async function copyBeside(project: string, source: string, time: number): Promise<string> {
  const stamp = new Date(time);
  const two = (value: number) => String(value).padStart(2, '0');
  const when = `${stamp.getFullYear()}-${two(stamp.getMonth() + 1)}-${two(stamp.getDate())} ${two(stamp.getHours())}${two(stamp.getMinutes())}`;
  const base = `${path.basename(project, path.extname(project))} (version ${when})`;
  for (let attempt = 1; attempt <= MAX_NAME_TRIES; attempt += 1) {
    const copy = path.join(path.dirname(project), `${base}${attempt === 1 ? '' : ` ${attempt}`}${path.extname(project)}`);
    if (await copyInto(source, copy)) return copy;
  }
  throw new AppError('io_error', MESSAGES.versionNotCopyable);
}

/**
 * Copies `source` to a new file `copy`; false when a file of that name exists. The source is opened as a regular file
 * without waiting (a FIFO named like a backup would hold the copy for ever); the copy is made with `wx`, so an
 * existing file is never replaced, even one that appeared a moment ago, and a copy cut short is removed.
 */
async function copyInto(source: string, copy: string): Promise<boolean> {
  const input = await openRegularFile(source);
  try {
    const output = await fs.open(copy, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw error;
    });
    if (!output) return false;
    try {
      // Named: a full project drive is told with the copy's path, not as the library's disk (`disk/disk-full.ts`).
      // The write stream closes its handle (one left open by its stream would make `close` wait for ever).
      await writingTo(copy, () => pipeline(input.createReadStream({ autoClose: false }), output.createWriteStream()));
    } catch (error) {
      await output.close();
      await fs.rm(copy, { force: true });
      throw error;
    }
    return true;
  } finally {
    await input.close();
  }
}
