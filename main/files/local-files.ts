/**
 * The receiving end of `saveLocalFile`: a file the user picked arrives in chunks into a part file under
 * `<dataDir>/files/.incoming/`, and on its last chunk moves to `<dataDir>/files/<kind>/<uploadId>/<name>`,
 * inside the data folder the file channels and the player already trust. Each upload gets its own folder so
 * two files with the same name never collide and the user's name can stay as it is, with an extension of what the
 * file holds: only audio and sessions are kept, told by their first bytes (`fileContentOf`), refused as soon as the
 * first chunk shows them to be anything else.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { CONTENT_HEADER_BYTES, fileContentOf, type FileContent } from '../../common/audio/file-content';
import type { ParsedInput } from '../../common/bridge/ipc';
import {
  chunkNotBase64,
  chunkOfAnotherUpload,
  chunkOffsetMismatch,
  fileNotSaved,
  fileTooLargeToSave,
  notAKnownSession,
  notPlayableAudio,
  previousChunkStillSaving,
  tooManyFilesSaving,
  unusableFileName,
  uploadNotOpen,
} from '../../common/messages';
import { MAX_LOCAL_FILE_BYTES, type LocalFileKind, type SaveLocalFileResult, type SavedLocalFile } from '../../common/audio/local-files';
import { newId } from '../../db/ids';
import { writingTo } from '../disk/disk-full';
import { isInside } from '../security/file-access';
import { nameForContent } from './safe-file-name';

export const LOCAL_FILES_FOLDER = 'files';
const INCOMING_FOLDER = '.incoming';

export interface LocalFileStoreOptions {
  /** The largest file accepted, in bytes. Default: `MAX_LOCAL_FILE_BYTES` (4 GiB). */
  maxBytes?: number;
  /** An upload that receives no chunk for this long is abandoned and its part file removed. Default: 10 minutes. */
  idleMs?: number;
  /** Uploads open at once; more would only be a runaway renderer filling the disk. Default: 8. */
  maxOpen?: number;
  /** Default: `Date.now`. */
  now?: () => number;
}

export type LocalFileChunk = ParsedInput<'saveLocalFile'>;

interface OpenUpload {
  id: string;
  fileName: string;
  kind: LocalFileKind;
  partPath: string;
  received: number;
  lastChunkAt: number;
  /** A chunk is being written: another one for the same upload would race it. */
  writing: boolean;
}

export class LocalFileStore {
  private readonly uploads = new Map<string, OpenUpload>();
  private readonly filesDir: string;
  private readonly incomingDir: string;
  private readonly maxBytes: number;
  private readonly idleMs: number;
  private readonly maxOpen: number;
  private readonly now: () => number;

  constructor(dataDir: string, options: LocalFileStoreOptions = {}) {
    this.filesDir = path.join(dataDir, LOCAL_FILES_FOLDER);
    this.incomingDir = path.join(this.filesDir, INCOMING_FOLDER);
    this.maxBytes = options.maxBytes ?? MAX_LOCAL_FILE_BYTES;
    this.idleMs = options.idleMs ?? 10 * 60 * 1000;
    this.maxOpen = options.maxOpen ?? 8;
    this.now = options.now ?? Date.now;
  }

  /**
   * At core start: open uploads live only in memory, so every part file left on disk belongs to a process
   * that is gone and can never be finished.
   */
  async removeLeftovers(): Promise<void> {
    await fs.rm(this.incomingDir, { recursive: true, force: true });
  }

  async receive(chunk: LocalFileChunk): Promise<SaveLocalFileResult> {
    await this.removeIdle();
    const existing = chunk.uploadId === undefined ? null : this.find(chunk.uploadId, chunk);
    const received = existing?.received ?? 0;
    if (chunk.offset !== received) {
      throw new AppError('invalid_input', chunkOffsetMismatch(chunk.fileName, chunk.offset, received));
    }
    const bytes = decodeBase64(chunk.data, chunk.fileName);
    // The first chunk of a real file holds its header: no need to take gigabytes of something else first.
    if (!existing && bytes.length >= CONTENT_HEADER_BYTES) contentOf(chunk.fileName, chunk.kind, bytes);
    if (received + bytes.length > this.maxBytes) {
      if (existing) await this.abandon(existing);
      throw new AppError('file_too_large', fileTooLargeToSave(chunk.fileName, formatSize(this.maxBytes)));
    }
    // From here to the write nothing awaits, so no other chunk can slip in between the checks and the write.
    const upload = existing ?? this.open(chunk);
    upload.writing = true;
    try {
      // Named: a full disk is told as the library's by the file's path (`disk/disk-full.ts`).
      await writingTo(upload.partPath, () => (existing ? fs.appendFile(upload.partPath, bytes) : writeFirstChunk(upload.partPath, bytes)));
      upload.received += bytes.length;
      upload.lastChunkAt = this.now();
      const file = chunk.done ? await this.finish(upload) : null;
      return { uploadId: upload.id, received: upload.received, file };
    } catch (error) {
      // A half-written chunk leaves the part file in an unknown state: the upload cannot go on.
      await this.abandon(upload);
      throw saveError(upload.fileName, error);
    } finally {
      upload.writing = false;
    }
  }

  private find(id: string, chunk: LocalFileChunk): OpenUpload {
    const upload = this.uploads.get(id);
    if (!upload) {
      throw new AppError('not_found', uploadNotOpen(chunk.fileName));
    }
    if (upload.kind !== chunk.kind || upload.fileName !== chunk.fileName) {
      throw new AppError('invalid_input', chunkOfAnotherUpload(chunk.fileName, upload.fileName));
    }
    if (upload.writing) {
      throw new AppError('invalid_input', previousChunkStillSaving(chunk.fileName));
    }
    return upload;
  }

  private open(chunk: LocalFileChunk): OpenUpload {
    if (this.uploads.size >= this.maxOpen) {
      throw new AppError('limit_reached', tooManyFilesSaving(this.maxOpen));
    }
    const id = newId(this.now());
    const upload: OpenUpload = {
      id,
      fileName: chunk.fileName,
      kind: chunk.kind,
      partPath: path.join(this.incomingDir, `${id}.part`),
      received: 0,
      lastChunkAt: this.now(),
      writing: false,
    };
    this.uploads.set(id, upload);
    return upload;
  }

  private async finish(upload: OpenUpload): Promise<SavedLocalFile> {
    const content = contentOf(upload.fileName, upload.kind, await readHeader(upload.partPath));
    const folder = path.join(this.filesDir, upload.kind, upload.id);
    const fileName = nameForContent(upload.fileName, content.extensions);
    const target = path.join(folder, fileName);
    // nameForContent (by safeFileName) already makes this impossible; the check keeps it so if that ever changes.
    if (path.dirname(target) !== folder || !isInside(this.filesDir, target)) {
      throw new AppError('invalid_input', unusableFileName(upload.fileName));
    }
    await fs.mkdir(folder, { recursive: true });
    await fs.rename(upload.partPath, target);
    this.uploads.delete(upload.id);
    const stats = await fs.stat(target);
    return { path: target, fileName, size: stats.size, modifiedTime: Math.round(stats.mtimeMs) };
  }

  /** Lazily, on every chunk: the renderer that started an upload may have closed or crashed long ago. */
  private async removeIdle(): Promise<void> {
    const cutoff = this.now() - this.idleMs;
    const idle = [...this.uploads.values()].filter((upload) => !upload.writing && upload.lastChunkAt < cutoff);
    await Promise.all(idle.map((upload) => this.abandon(upload)));
  }

  private async abandon(upload: OpenUpload): Promise<void> {
    this.uploads.delete(upload.id);
    await fs.rm(upload.partPath, { force: true });
  }
}

/** What the file holds, when it is what its kind says: audio for `audio`, a Live set or Pro Tools session for `session`. */
function contentOf(fileName: string, kind: LocalFileKind, header: Uint8Array): FileContent {
  const content = fileContentOf(header);
  if (content?.kind === kind) return content;
  throw new AppError('invalid_input', kind === 'audio' ? notPlayableAudio(fileName) : notAKnownSession(fileName));
}

async function readHeader(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const header = Buffer.alloc(CONTENT_HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, CONTENT_HEADER_BYTES, 0);
    return header.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function writeFirstChunk(partPath: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(partPath), { recursive: true });
  // `wx`: a fresh id never names an existing file; if one did, it must not be appended to.
  await fs.writeFile(partPath, bytes, { flag: 'wx' });
}

/** Strict: Node's own decoder skips whatever is not base64, which would save a silently corrupted file. */
function decodeBase64(data: string, fileName: string): Buffer {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.toString('base64') !== data) {
    throw new AppError('invalid_input', chunkNotBase64(fileName));
  }
  return bytes;
}

function saveError(fileName: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  return new AppError('io_error', fileNotSaved(fileName, code), { cause: error });
}

function formatSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB'] as const;
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
