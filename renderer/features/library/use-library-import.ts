/**
 * Bringing a JSON export back, in three steps the user sees (issue 28, item 4): the file's text is sent to the core
 * a chunk at a time (`library:import-upload`: no call carries a whole document, over Electron's IPC or the browser
 * host's WebSocket alike), the core previews it (`library:import-preview`, nothing written), the user applies it
 * (`library:import`, which backs the library up first) or cancels, and the last import can be undone
 * (`library:import-undo`). The core decides every value; the page only shows and asks. The last import is an RTK
 * Query read the change feed follows (an import or an undo rewrites it in `kv`).
 */
import { useState } from 'react';
import { importUploadChunks, type ImportUndoReport, type LibraryImportPreview, type LibraryImportReport } from '../../../common/songs/library-export';
import type { Envelope } from '../../../common/bridge/ipc';
import { callCore, hasCore } from '../../api/calls';
import { useLastImportQuery } from '../../api/detail-endpoints';
import { showToast } from '../ui/toasts';

/** A file sent and previewed, waiting for the user's answer; the core holds its text by `uploadId`. */
export interface PendingImport {
  fileName: string;
  uploadId: string;
  preview: LibraryImportPreview;
}

/** Sends the document in order, a chunk a call; the uploadId that names it once whole, or the first refusal. */
async function sendDocument(text: string): Promise<Envelope<string>> {
  let uploadId: string | undefined;
  for (const chunk of importUploadChunks(text)) {
    const result = await callCore('library:import-upload', { ...chunk, ...(uploadId ? { uploadId } : {}) });
    if (!result.ok) return result;
    uploadId = result.data.uploadId;
  }
  return { ok: true, data: uploadId! };
}

export function useLibraryImport() {
  const [pending, setPending] = useState<PendingImport | null>(null);
  const lastImport = useLastImportQuery(undefined, { skip: !hasCore() }).data?.lastImport ?? null;
  const [busy, setBusy] = useState<string | null>(null);

  const preview = async (file: File) => {
    if (!hasCore()) return;
    setBusy(`Reading ${file.name}…`);
    const sent = await sendDocument(await file.text());
    if (!sent.ok) {
      setBusy(null);
      showToast({ kind: 'error', message: sent.error.message });
      return;
    }
    const result = await callCore('library:import-preview', { uploadId: sent.data });
    setBusy(null);
    if (result.ok) setPending({ fileName: file.name, uploadId: sent.data, preview: result.data });
    else showToast({ kind: 'error', message: result.error.message });
  };

  const apply = async () => {
    if (!hasCore() || !pending) return;
    setBusy(`Importing ${pending.fileName}…`);
    const result = await callCore('library:import', { uploadId: pending.uploadId });
    setBusy(null);
    setPending(null);
    if (!result.ok) {
      showToast({ kind: 'error', message: result.error.message });
      return;
    }
    showToast({ kind: result.data.skipped.length > 0 ? 'error' : 'info', message: `Imported ${pending.fileName}: ${importSummary(result.data)}` });
  };

  const undo = async () => {
    if (!hasCore() || !lastImport) return;
    setBusy('Undoing the last import…');
    const result = await callCore('library:import-undo', { importedAt: lastImport.importedAt });
    setBusy(null);
    showToast(result.ok ? { kind: 'info', message: undoSummary(result.data) } : { kind: 'error', message: result.error.message });
  };

  return { pending, lastImport, busy, preview, apply, cancel: () => setPending(null), undo };
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

function importSummary({ added, updated, kept, fieldsAdded, skipped, backupFile }: LibraryImportReport): string {
  const parts = [
    `${added} added`,
    `${updated} updated`,
    kept > 0 ? `${plural(kept, 'value', 'values')} kept, edited here later` : '',
    fieldsAdded > 0 ? `${plural(fieldsAdded, 'custom field', 'custom fields')} added` : '',
    skipped.length > 0 ? `${skipped.length} skipped (entry ${skipped[0]!.index + 1}: ${skipped[0]!.reason})` : '',
  ];
  const backup = backupFile ? ` The library was backed up first (${backupFile}).` : '';
  return `${parts.filter(Boolean).join(', ')}.${backup}`;
}

function undoSummary({ restored, removed, kept }: ImportUndoReport): string {
  const parts = [`${plural(restored, 'song', 'songs')} restored`, `${plural(removed, 'added song', 'added songs')} removed`, kept > 0 ? `${plural(kept, 'edit', 'edits')} made since kept` : ''];
  return `Undid the last import: ${parts.filter(Boolean).join(', ')}.`;
}
