/**
 * "Export" in the toolbar (issue 20): the view as the page shows it, or the whole library, as CSV or JSON, saved
 * as a file; and a JSON export brought back in, previewed first and undone in one click (`use-library-import.ts`).
 * The core makes and reads the files (main/library/library-export.ts, library-import.ts); the page only saves and
 * picks them, the same in Electron (its save dialog) and the browser host.
 */
import { useRef, useState } from 'react';
import type { LibraryExportRequest } from '../../../common/songs/library-export';
import { callCore, hasCore } from '../../api/calls';
import controls from '../ui/controls.module.css';
import { saveFile } from '../ui/save-file';
import { showToast } from '../ui/toasts';
import { ImportPreview } from './ImportPreview';
import styles from './LibraryTransferPanel.module.css';
import { useLibraryImport } from './use-library-import';

type ViewQuery = NonNullable<LibraryExportRequest['query']>;

export function LibraryTransferPanel({ viewQuery, viewTitle }: { viewQuery: ViewQuery; viewTitle: string }) {
  const [exporting, setExporting] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const importing = useLibraryImport();
  const busy = exporting ?? importing.busy;

  const exportAs = async (format: 'csv' | 'json', whole: boolean) => {
    if (!hasCore()) return;
    setExporting(whole ? 'Exporting the library…' : 'Exporting the view…');
    const result = await callCore('library:export', { format, ...(whole ? {} : { query: viewQuery }) });
    setExporting(null);
    if (!result.ok) {
      showToast({ kind: 'error', message: result.error.message });
      return;
    }
    saveFile(result.data.fileName, result.data.mimeType, result.data.content);
    showToast({ kind: 'info', message: `Exported ${result.data.songs.toLocaleString()} ${result.data.songs === 1 ? 'song' : 'songs'} to ${result.data.fileName}` });
  };

  if (importing.pending) {
    return (
      <div className={styles.previewPanel} role="group" aria-label="Import">
        <ImportPreview
          fileName={importing.pending.fileName}
          preview={importing.pending.preview}
          busy={busy !== null}
          onApply={() => void importing.apply()}
          onCancel={importing.cancel}
        />
        {busy ? <p className={styles.busy}>{busy}</p> : null}
      </div>
    );
  }

  return (
    <div className={styles.panel} role="group" aria-label="Export and import">
      <p className={styles.heading}>“{viewTitle}” as shown</p>
      <div className={styles.row}>
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => void exportAs('csv', false)}>
          View as CSV
        </button>
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => void exportAs('json', false)}>
          View as JSON
        </button>
      </div>
      <p className={styles.heading}>Every song, hidden ones too</p>
      <div className={styles.row}>
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => void exportAs('csv', true)}>
          Library as CSV
        </button>
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => void exportAs('json', true)}>
          Library as JSON
        </button>
      </div>
      <p className={styles.heading}>Bring a JSON export back</p>
      <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => picker.current?.click()}>
        Import JSON…
      </button>
      <input
        ref={picker}
        className={controls.visuallyHidden}
        type="file"
        accept=".json,application/json"
        aria-label="Library file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importing.preview(file);
        }}
      />
      {importing.lastImport ? (
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy !== null} onClick={() => void importing.undo()}>
          Undo last import ({new Date(importing.lastImport.importedAt).toLocaleString()})
        </button>
      ) : null}
      {busy ? <p className={styles.busy}>{busy}</p> : null}
      <p className={styles.hint}>
        Songs are matched by id, then by their project: importing a file twice adds nothing twice. You see what changes before it does, and a value edited
        here after the file’s is kept.
      </p>
    </div>
  );
}

/** Hands the file to the browser's download (Electron asks where to save it). */
