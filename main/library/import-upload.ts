/**
 * A library document on its way in (`library:import-upload`): the page sends the file's text a chunk at a time
 * (`IMPORT_CHUNK_CHARS`), so that no call carries more than a chunk and the browser host's frames stay small
 * (main/host/server.ts `MAX_FRAME_BYTES`). The core assembles it in `<data>/library-import.<uploadId>.part`, in order
 * and within `MAX_IMPORT_BYTES` characters; `library:import-preview` and `library:import` then read it by its uploadId.
 * The preview leaves it (the user may look again, then apply); the import removes it, whatever its outcome.
 *
 * The text is kept as the page's string held it, UTF-16 code units (UTF-16LE): offsets and lengths are in those
 * units, the file is twice the text's length, and a surrogate pair cut between two chunks comes back whole.
 *
 * Open uploads live in memory, so a file left by a process that ended can never be finished: the start-up sweep
 * (main/files/temp-files.ts) removes it. While the core runs, an upload unused for `IMPORT_IDLE_MS` is dropped, and
 * at most `MAX_OPEN_IMPORTS` are open (a page that opens more is a runaway filling the disk).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { MAX_IMPORT_BYTES, type ImportUploadReceipt } from '../../common/songs/library-export';
import type { ParsedInput } from '../../common/bridge/ipc';
import type { Db } from '../../db/handle';
import { writingTo } from '../disk/disk-full';
import { isMissing } from '../security/file-access';

/** An upload neither sent to nor previewed for this long is dropped: time enough to read a long preview. */
export const IMPORT_IDLE_MS = 30 * 60 * 1000;
/** Uploads open at once; each may take 128 MiB of the data folder. */
export const MAX_OPEN_IMPORTS = 4;
/** The upload files' names: `library-import.<uploadId>.part` (a random UUID), swept at start-up. */
export const IMPORT_UPLOAD_FILE = /^library-import\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/i;

type ImportChunk = ParsedInput<'library:import-upload'>;

interface OpenImport {
  id: string;
  file: string;
  received: number;
  done: boolean;
  lastUsedAt: number;
  /** The order of use: two uses in one millisecond still tell which came last (the least used gives way first). */
  useOrder: number;
  /** A chunk is being written: another one would race it. */
  writing: boolean;
}

const NOT_OPEN = `This import is no longer open (it was imported, replaced by a newer one, or left unused for ${IMPORT_IDLE_MS / 60_000} minutes). Pick the file again.`;
const TOO_LARGE = `This file is too large to import: a library export holds at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB of text.`;
const NOT_WHOLE = 'This import has not been sent whole yet: its last part has not arrived.';
const ALREADY_WHOLE = 'This import was already sent whole: no more of it is taken.';
const STILL_WRITING = 'The previous part of this import is still being saved.';
const TOO_MANY = `${MAX_OPEN_IMPORTS} imports are being sent at once: finish or cancel one first.`;

function outOfOrder(offset: number, received: number): string {
  return `A part of this import arrived out of order (at character ${offset}, where ${received} was expected). Pick the file again.`;
}


export class ImportUploads {
  private readonly uploads = new Map<string, OpenImport>();
  /** How many uses so far: each use takes the next number (`useOrder`). */
  private uses = 0;

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number,
  ) {}

  async receive(chunk: ImportChunk): Promise<ImportUploadReceipt> {
    await this.dropIdle();
    const existing = chunk.uploadId === undefined ? null : this.find(chunk.uploadId);
    if (existing?.done) throw new AppError('invalid_input', ALREADY_WHOLE);
    if (existing?.writing) throw new AppError('invalid_input', STILL_WRITING);
    const received = existing?.received ?? 0;
    if (chunk.offset !== received) throw new AppError('invalid_input', outOfOrder(chunk.offset, received));
    if (received + chunk.text.length > MAX_IMPORT_BYTES) {
      if (existing) await this.drop(existing);
      throw new AppError('file_too_large', TOO_LARGE);
    }
    if (!existing) await this.makeRoom();
    // From here to the write nothing awaits, so no other chunk can slip in between the checks and the write.
    const upload = existing ?? this.open();
    upload.writing = true;
    try {
      const units = Buffer.from(chunk.text, 'utf16le');
      // `wx` on the first chunk: a fresh name never names an existing file; if one did, it must not be appended to.
      // Named: a full disk is told as the library's by the file's path (`disk/disk-full.ts`).
      await writingTo(upload.file, () => fs.writeFile(upload.file, units, { flag: existing ? 'a' : 'wx' }));
      upload.received += chunk.text.length;
      upload.done = chunk.done;
      this.touch(upload);
      return { uploadId: upload.id, received: upload.received, done: upload.done };
    } catch (error) {
      // A chunk half written leaves the document in an unknown state: it cannot go on.
      await this.drop(upload);
      throw error;
    } finally {
      upload.writing = false;
    }
  }

  /** The document sent whole, for a preview: the upload stays, for another look or the import. */
  async read(uploadId: string): Promise<string> {
    await this.dropIdle();
    const upload = this.whole(uploadId);
    this.touch(upload);
    return readText(upload.file);
  }

  /** The document sent whole, for the import: `use` gets its text, and the upload is removed, whatever `use` does. */
  async consume<T>(uploadId: string, use: (text: string) => T): Promise<T> {
    await this.dropIdle();
    const upload = this.whole(uploadId);
    // Taken at once: the same document is never imported twice, even by two calls in flight.
    this.uploads.delete(upload.id);
    try {
      return use(await readText(upload.file));
    } finally {
      await fs.rm(upload.file, { force: true });
    }
  }

  private find(uploadId: string): OpenImport {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new AppError('not_found', NOT_OPEN);
    return upload;
  }

  private whole(uploadId: string): OpenImport {
    const upload = this.find(uploadId);
    if (!upload.done) throw new AppError('invalid_input', NOT_WHOLE);
    return upload;
  }

  private touch(upload: OpenImport): void {
    upload.lastUsedAt = this.now();
    upload.useOrder = this.uses += 1;
  }

  private open(): OpenImport {
    // Another first chunk took the room made for this one.
    if (this.uploads.size >= MAX_OPEN_IMPORTS) throw new AppError('limit_reached', TOO_MANY);
    const id = randomUUID();
    const upload: OpenImport = { id, file: path.join(this.dataDir, `library-import.${id}.part`), received: 0, done: false, lastUsedAt: this.now(), useOrder: (this.uses += 1), writing: false };
    this.uploads.set(id, upload);
    return upload;
  }

  /**
   * A document sent whole and not imported (its preview cancelled, or a page closed on it) gives way to a new one, the
   * least recently used first; one still coming never does.
   */
  private async makeRoom(): Promise<void> {
    if (this.uploads.size < MAX_OPEN_IMPORTS) return;
    const waiting = [...this.uploads.values()].filter((upload) => upload.done).sort((a, b) => a.useOrder - b.useOrder);
    const oldest = waiting[0];
    if (!oldest) throw new AppError('limit_reached', TOO_MANY);
    await this.drop(oldest);
  }

  /** Lazily, on every call: the page that started an upload may have closed long ago. */
  private async dropIdle(): Promise<void> {
    const cutoff = this.now() - IMPORT_IDLE_MS;
    const idle = [...this.uploads.values()].filter((upload) => !upload.writing && upload.lastUsedAt < cutoff);
    await Promise.all(idle.map((upload) => this.drop(upload)));
  }

  private async drop(upload: OpenImport): Promise<void> {
    this.uploads.delete(upload.id);
    await fs.rm(upload.file, { force: true });
  }
}

async function readText(file: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf16le');
  } catch (error) {
    // Removed under it (imported by another call a moment before): the upload is gone, and says so.
    if (isMissing(error)) throw new AppError('not_found', NOT_OPEN);
    throw error;
  }
}

/**
 * The uploads of one core, by its database handle (one per core, and a library is opened by one core at a time).
 * Held here rather than in the handler's context beside `localFiles`, which would be its natural home.
 */
const byCore = new WeakMap<Db, ImportUploads>();

export function importUploadsOf(db: Db, dataDir: string): ImportUploads {
  let uploads = byCore.get(db);
  if (!uploads) {
    uploads = new ImportUploads(dataDir, db.now);
    byCore.set(db, uploads);
  }
  return uploads;
}
