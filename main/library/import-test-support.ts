/**
 * For tests: a library document sent as the page sends it (`library:import-upload`, a chunk at a time, in order), so
 * that tests of the preview and the import go through the same door the page does.
 */
import { importUploadChunks, type ImportUploadReceipt, type LibraryImportPreview, type LibraryImportReport } from '../../common/songs/library-export';
import type { Envelope } from '../../common/bridge/ipc';
import type { Core } from '../core';
import { call } from '../test-support';

/** Sends `json` whole; the uploadId that names it. `chunkChars`: smaller chunks than the page's, to cut the text finely. */
export async function uploadDocument(core: Core, json: string, chunkChars?: number): Promise<string> {
  let uploadId: string | undefined;
  for (const chunk of importUploadChunks(json, chunkChars)) {
    const receipt: ImportUploadReceipt = await call(core, 'library:import-upload', { ...chunk, ...(uploadId ? { uploadId } : {}) });
    uploadId = receipt.uploadId;
  }
  return uploadId!;
}

/** Sends `json` and imports it: the report (a refusal throws, as `call` does). */
export async function importDocument(core: Core, json: string): Promise<LibraryImportReport> {
  return call(core, 'library:import', { uploadId: await uploadDocument(core, json) });
}

/** Sends `json` and imports it: the envelope, for tests of a refusal. */
export async function importDocumentEnvelope(core: Core, json: string): Promise<Envelope<unknown>> {
  return core.router.dispatch('library:import', { uploadId: await uploadDocument(core, json) });
}

/** Sends `json` and previews it. */
export async function previewDocument(core: Core, json: string): Promise<LibraryImportPreview> {
  return call(core, 'library:import-preview', { uploadId: await uploadDocument(core, json) });
}
