/**
 * What an import would do, shown before it does it (issue 28, item 4): the songs it adds, each value it changes (old ->
 * new), each value it leaves because it was edited here later, and the entries it skips, with why. Apply or Cancel.
 */
import { MAX_PREVIEW_ENTRIES, type ImportFieldChange, type LibraryImportPreview } from '../../../common/songs/library-export';
import type { ReactNode } from 'react';
import type { JsonValue } from '../../../common/bridge/schema-parts';
import controls from '../ui/controls.module.css';
import styles from './ImportPreview.module.css';

/** Longer values are cut: the preview is a list to scan, not the notes to read. */
const MAX_VALUE_CHARS = 80;

export function ImportPreview({ fileName, preview, busy, onApply, onCancel }: { fileName: string; preview: LibraryImportPreview; busy: boolean; onApply: () => void; onCancel: () => void }) {
  const { totals, added, changed, skipped, fieldsAdded, exportedAt } = preview;
  const nothing = totals.added === 0 && totals.changed === 0 && fieldsAdded.length === 0;
  return (
    <div className={styles.preview} role="region" aria-label="Import preview">
      <p className={styles.file}>
        {fileName}
        {exportedAt === null ? ', undated' : `, made ${new Date(exportedAt).toLocaleString()}`}
      </p>
      <p className={styles.totals}>
        {totals.added} new · {totals.changed} changed · {totals.unchanged} unchanged · {totals.skipped} skipped
      </p>
      <div className={styles.list}>
        {fieldsAdded.length > 0 ? <Section title="New custom fields">{fieldsAdded.map((name) => <li key={name}>{name}</li>)}</Section> : null}
        {added.length > 0 ? (
          <Section title="New songs" capped={added.length >= MAX_PREVIEW_ENTRIES}>
            {added.map((song) => <li key={song.id}>{song.name}</li>)}
          </Section>
        ) : null}
        {changed.length > 0 ? (
          <Section title="Changed songs" capped={changed.length >= MAX_PREVIEW_ENTRIES}>
            {changed.map((song) => (
              <li key={song.id}>
                <span className={styles.song}>{song.name}</span>
                <ul className={styles.fields}>
                  {song.changes.map((change) => <Change key={change.key} change={change} />)}
                  {song.kept.map((change) => (
                    <li key={change.key} className={styles.kept}>
                      {change.label}: keeps “{valueText(change.from)}”, edited here after the file’s “{valueText(change.to)}”
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </Section>
        ) : null}
        {skipped.length > 0 ? (
          <Section title="Skipped" capped={skipped.length >= MAX_PREVIEW_ENTRIES}>
            {skipped.map((skip) => (
              <li key={skip.index}>
                Entry {skip.index + 1}: {skip.reason}
              </li>
            ))}
          </Section>
        ) : null}
      </div>
      {nothing ? <p className={styles.note}>Nothing to import: this library holds all of it already, or newer.</p> : null}
      <div className={styles.actions}>
        <button type="button" className={`${controls.primary} ${controls.small}`} disabled={busy || nothing} onClick={onApply}>
          Apply import
        </button>
        <button type="button" className={`${controls.button} ${controls.small}`} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Section({ title, capped = false, children }: { title: string; capped?: boolean; children: ReactNode }) {
  return (
    <section>
      <h3 className={styles.heading}>{title}</h3>
      <ul className={styles.items}>{children}</ul>
      {capped ? <p className={styles.note}>The first {MAX_PREVIEW_ENTRIES} are listed; the counts above are of all.</p> : null}
    </section>
  );
}

function Change({ change }: { change: ImportFieldChange }) {
  return (
    <li>
      {change.label}: <del className={styles.from}>{valueText(change.from)}</del> → <ins className={styles.to}>{valueText(change.to)}</ins>
    </li>
  );
}

function valueText(value: JsonValue | null): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}
