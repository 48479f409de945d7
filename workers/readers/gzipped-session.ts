/**
 * A session Songshelf kept gzipped (a Pro Tools snapshot: `main/versions/snapshots.ts`), unpacked here in the worker
 * so that it counts against the pool's lanes and time limits like any read: one at a time per lane, never on the
 * core's thread, never many at once. It goes as a stream into a temporary file for its reader, is refused past
 * `maxBytes`, and is removed once read.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { UnreadableFileError } from '../../common/projects/project-meta';

class TooLarge extends Error {}

export async function withUnpackedSession<T>(gzipped: string, extension: string, maxBytes: number, read: (unpacked: string) => Promise<T>): Promise<T> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-snapshot-'));
  try {
    const unpacked = path.join(folder, `snapshot${extension}`);
    let written = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(written > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(createReadStream(gzipped), zlib.createGunzip(), capped, createWriteStream(unpacked));
    } catch (error) {
      if (error instanceof TooLarge) throw new UnreadableFileError(gzipped, `unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
      throw new UnreadableFileError(gzipped, `cannot be unpacked (${code})`);
    }
    return await read(unpacked);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
