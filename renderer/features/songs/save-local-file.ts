/**
 * Copies a file the user picked into the library (the bridge's `saveLocalFile`), a chunk at a time so it
 * fits any transport, reporting progress. The song then links the saved copy.
 */
import { LOCAL_FILE_CHUNK_BYTES, type LocalFileKind, type SavedLocalFile } from '../../../common/audio/local-files';
import type { RecordingSession, SongFile } from '../../../common/songs/song';
import { callCore } from '../../api/calls';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function saveLocalFile(file: File, kind: LocalFileKind, onProgress?: (fraction: number) => void): Promise<SavedLocalFile> {
  let uploadId: string | undefined;
  let offset = 0;
  do {
    const chunk = new Uint8Array(await file.slice(offset, offset + LOCAL_FILE_CHUNK_BYTES).arrayBuffer());
    const done = offset + chunk.length >= file.size;
    const result = await callCore('saveLocalFile', { ...(uploadId ? { uploadId } : {}), fileName: file.name, kind, offset, data: toBase64(chunk), done });
    if (!result.ok) throw new Error(result.error.message);
    uploadId = result.data.uploadId;
    offset = result.data.received;
    onProgress?.(file.size === 0 ? 1 : offset / file.size);
    if (done) {
      if (!result.data.file) throw new Error(`${file.name} was not saved.`);
      return result.data.file;
    }
  } while (offset < file.size || file.size === 0);
  throw new Error(`${file.name} was not saved.`);
}

export function songFileFrom(saved: SavedLocalFile): SongFile {
  return { value: saved.path, localPath: saved.path, fileName: saved.fileName, modifiedTime: saved.modifiedTime };
}

export function recordingSessionFrom(saved: SavedLocalFile): RecordingSession {
  return { value: saved.path, fileName: saved.fileName, sessionModifiedTime: saved.modifiedTime, isPackage: false };
}
