import { useState } from 'react';
import { PRIORITIES, STATUSES, TIERS, type BulkSongPatch, type Song } from '../../../common/songs/song';
import controls from '../ui/controls.module.css';
import styles from './BulkBar.module.css';

/** Shown while songs are selected: one edit for all of them, hide or restore, delete (where deleting is offered). */
export function BulkBar({
  selected,
  inHiddenView,
  onUpdate,
  onDelete,
  onClear,
}: {
  selected: Song[];
  inHiddenView: boolean;
  onUpdate: (patch: BulkSongPatch) => void;
  /** Absent on the website, where deleting is the app's. */
  onDelete?: () => void;
  onClear: () => void;
}) {
  const [tag, setTag] = useState('');
  const count = selected.length;
  const pick = (field: 'priority' | 'status' | 'tier', values: readonly string[]) => (
    <select
      className={`${controls.select} ${controls.small}`}
      aria-label={`Set ${field} of selected songs`}
      value=""
      onChange={(event) => event.target.value && onUpdate({ [field]: event.target.value } as BulkSongPatch)}
    >
      <option value="">{field[0]?.toUpperCase() + field.slice(1)}…</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </select>
  );
  return (
    <div className={styles.bar} role="toolbar" aria-label="Selected songs">
      <strong className={styles.count}>{count === 1 ? '1 song selected' : `${count.toLocaleString()} songs selected`}</strong>
      {pick('status', STATUSES)}
      {pick('priority', PRIORITIES)}
      {pick('tier', TIERS)}
      <form
        className={styles.tagForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (tag.trim()) onUpdate({ addTags: [tag.trim()] });
          setTag('');
        }}
      >
        <input className={`${controls.input} ${controls.small}`} aria-label="Tag to add to selected songs" placeholder="Add tag…" value={tag} onChange={(event) => setTag(event.target.value)} />
      </form>
      {inHiddenView ? (
        <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => onUpdate({ hidden: false })}>
          Restore
        </button>
      ) : (
        <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => onUpdate({ hidden: true })}>
          Hide
        </button>
      )}
      {onDelete ? (
        <button type="button" className={`${controls.button} ${controls.small} ${styles.danger}`} onClick={onDelete}>
          Delete…
        </button>
      ) : null}
      <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
