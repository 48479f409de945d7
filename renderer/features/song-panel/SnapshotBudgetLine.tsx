/**
 * Under a song's versions: how many of Songshelf's own snapshots each song keeps, how much room they may take for
 * the whole library and take now, and the form that changes it (issues 19 and 28). The budget is this computer's, for
 * every song. A budget that would remove snapshots says how many and how much first, and removes them only when the
 * user confirms. The budget and what the snapshots take are RTK Query reads: a budget saved (the `kv` table) reads both
 * again through the change feed.
 */
import { useState, type FormEvent } from 'react';
import { SNAPSHOT_BUDGET_LIMITS, type SnapshotBudget, type SnapshotThinning } from '../../../common/projects/project-versions';
import { callCore, hasCore } from '../../api/calls';
import { useSnapshotBudgetQuery, useSnapshotUsageQuery } from '../../api/detail-endpoints';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import styles from './SongPanel.module.css';

export function SnapshotBudgetLine() {
  const { data: budget } = useSnapshotBudgetQuery(undefined, { skip: !hasCore() });
  const { data: usage } = useSnapshotUsageQuery(undefined, { skip: !hasCore() });
  const [editing, setEditing] = useState(false);
  if (!budget) return null;
  if (!editing) {
    return (
      <>
        <p className={styles.budget}>
          Songshelf keeps a copy of each save: up to {budget.count} per song, or {budget.megabytes} MB, and {sizeText(budget.totalMegabytes * MEGABYTE)} for all songs, the oldest going
          first.{usage ? ` Snapshots take ${sizeText(usage.bytes)} now.` : ''}{' '}
          <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => setEditing(true)}>
            Change
          </button>
        </p>
        {usage?.pausedForSpace ? <p className={styles.budget}>No new snapshots for now: the disk has less than 2 GB free. They start again by themselves once there is room.</p> : null}
      </>
    );
  }
  return <BudgetForm budget={budget} onDone={() => setEditing(false)} />;
}

const MEGABYTE = 1024 * 1024;

/** "340 MB", "5 GB", "1.5 GB". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * MEGABYTE) return `${Number((bytes / 1024 / MEGABYTE).toFixed(1))} GB`;
  return `${Math.ceil(bytes / MEGABYTE)} MB`;
}

function BudgetForm({ budget, onDone }: { budget: SnapshotBudget; onDone: () => void }) {
  const [count, setCount] = useState(String(budget.count));
  const [megabytes, setMegabytes] = useState(String(budget.megabytes));
  const [totalMegabytes, setTotalMegabytes] = useState(String(budget.totalMegabytes));
  const [saving, setSaving] = useState(false);
  /** What the budget asked for would remove, shown for the user to confirm. */
  const [removing, setRemoving] = useState<SnapshotThinning | null>(null);
  const asked = (): SnapshotBudget => ({ count: Number(count), megabytes: Number(megabytes), totalMegabytes: Number(totalMegabytes) });

  const save = async () => {
    if (!hasCore()) return;
    setSaving(true);
    const result = await callCore('library:set-snapshot-budget', asked());
    setSaving(false);
    if (!result.ok) {
      showToast({ kind: 'error', message: result.error.message });
      return;
    }
    showToast({ kind: 'info', message: `Keeping up to ${result.data.count} copies or ${result.data.megabytes} MB per song, ${sizeText(result.data.totalMegabytes * MEGABYTE)} in all.` });
    onDone();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasCore()) return;
    setSaving(true);
    const preview = await callCore('library:preview-snapshot-budget', asked());
    setSaving(false);
    if (!preview.ok) {
      showToast({ kind: 'error', message: preview.error.message });
      return;
    }
    if (preview.data.snapshots > 0) setRemoving(preview.data);
    else await save();
  };

  if (removing) {
    return (
      <div className={styles.budgetForm} role="alertdialog" aria-label="Remove snapshots">
        <p className={styles.budget}>
          This budget removes {removing.snapshots} {removing.snapshots === 1 ? 'snapshot' : 'snapshots'} ({sizeText(removing.bytes)}) now, the oldest first. Remove them?
        </p>
        <button type="button" className={`${controls.button} ${controls.primary} ${controls.small}`} disabled={saving} onClick={() => void save()}>
          {saving ? 'Removing…' : 'Remove and save'}
        </button>
        <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => setRemoving(null)}>
          Back
        </button>
      </div>
    );
  }
  const limits = SNAPSHOT_BUDGET_LIMITS;
  return (
    <form className={styles.budgetForm} onSubmit={(event) => void submit(event)}>
      <label className={controls.label}>
        Copies per song
        <input className={controls.input} type="number" required min={limits.count.min} max={limits.count.max} step={1} value={count} onChange={(event) => setCount(event.target.value)} />
      </label>
      <label className={controls.label}>
        MB per song
        <input className={controls.input} type="number" required min={limits.megabytes.min} max={limits.megabytes.max} step={1} value={megabytes} onChange={(event) => setMegabytes(event.target.value)} />
      </label>
      <label className={controls.label}>
        MB for all songs
        <input className={controls.input} type="number" required min={limits.totalMegabytes.min} max={limits.totalMegabytes.max} step={1} value={totalMegabytes} onChange={(event) => setTotalMegabytes(event.target.value)} />
      </label>
      <button type="submit" className={`${controls.button} ${controls.primary} ${controls.small}`} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className={`${controls.button} ${controls.small}`} onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
