/**
 * `saveLocalFile`: a file the user picks (a bounce, a session) copied into the app's own files folder, in
 * chunks small enough for any transport (Electron IPC and the browser host's WebSocket alike). The song then
 * links the saved copy, so the library knows every file it may play.
 */
import { z } from 'zod';
import { idSchema, shortTextSchema } from '../bridge/schema-parts';

/** Raw bytes per chunk: base64 makes it ~1.4 MB, well under the 4 MiB any call may take (`MAX_CALL_INPUT_BYTES`, json-size.ts). */
export const LOCAL_FILE_CHUNK_BYTES = 1024 * 1024;
/** The largest file saved this way: far above any bounce or session, far below a disk-filling mistake. */
export const MAX_LOCAL_FILE_BYTES = 4 * 1024 * 1024 * 1024;

const LOCAL_FILE_KINDS = ['audio', 'session'] as const;
export type LocalFileKind = (typeof LOCAL_FILE_KINDS)[number];

export const saveLocalFileSchema = z.strictObject({
  /** Absent on the first chunk; the core's answer gives it for the next ones. */
  uploadId: idSchema.optional(),
  fileName: shortTextSchema.min(1),
  kind: z.enum(LOCAL_FILE_KINDS),
  /** Where this chunk starts: must equal what the core has received so far. */
  offset: z.number().int().nonnegative().max(MAX_LOCAL_FILE_BYTES),
  /** The chunk, base64. */
  data: z.string().max(Math.ceil(LOCAL_FILE_CHUNK_BYTES / 3) * 4),
  /** The last chunk: the core moves the file into place and answers with it. */
  done: z.boolean(),
});
export interface SavedLocalFile {
  path: string;
  fileName: string;
  size: number;
  modifiedTime: number;
}

export interface SaveLocalFileResult {
  uploadId: string;
  received: number;
  /** Set once `done` was sent. */
  file: SavedLocalFile | null;
}
