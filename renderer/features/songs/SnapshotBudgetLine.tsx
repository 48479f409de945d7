/**
 * Under a song's versions: how many of Songshelf's own snapshots each song keeps, and the form that changes it
 * (issue 19). The budget is this computer's, for every song; lowering it removes the oldest snapshots at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SNAPSHOT_BUDGET_LIMITS, type SnapshotBudget } from '../../../common/project-versions';
import { getBridge } from '../../bridge/bridge';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import styles from './SongPanel.module.css';

export function SnapshotBudgetLine() {
  const [budget, setBudget] = useState<SnapshotBudget | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    let live = true;
    void getBridge()?.['library:snapshot-budget']().then((result) => {
      if (live && result.ok) setBudget(result.data);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!budget) return null;
  if (!editing) {
    return (
      <p className={styles.budget}>
        Songshelf keeps a copy of each save: up to {budget.count} per song, or {budget.megabytes} MB, the oldest going first.{' '}
        <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => setEditing(true)}>
          Change
        </button>
      </p>
    );
  }
  return (
    <BudgetForm
      budget={budget}
      onDone={(saved) => {
        if (saved) setBudget(saved);
        setEditing(false);
      }}
    />
  );
}

function BudgetForm({ budget, onDone }: { budget: SnapshotBudget; onDone: (saved: SnapshotBudget | null) => void }) {
  const [count, setCount] = useState(String(budget.count));
  const [megabytes, setMegabytes] = useState(String(budget.megabytes));
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const api = getBridge();
    if (!api) return;
    setSaving(true);
    const result = await api['library:set-snapshot-budget']({ count: Number(count), megabytes: Number(megabytes) });
    setSaving(false);
    if (!result.ok) {
      showToast({ kind: 'error', message: result.error.message });
      return;
    }
    showToast({ kind: 'info', message: `Keeping up to ${result.data.count} copies or ${result.data.megabytes} MB per song.` });
    onDone(result.data);
  };
  const { count: countLimits, megabytes: megabyteLimits } = SNAPSHOT_BUDGET_LIMITS;
  return (
    <form className={styles.budgetForm} onSubmit={(event) => void submit(event)}>
      <label className={controls.label}>
        Copies per song
        <input className={controls.input} type="number" required min={countLimits.min} max={countLimits.max} step={1} value={count} onChange={(event) => setCount(event.target.value)} />
      </label>
      <label className={controls.label}>
        MB per song
        <input className={controls.input} type="number" required min={megabyteLimits.min} max={megabyteLimits.max} step={1} value={megabytes} onChange={(event) => setMegabytes(event.target.value)} />
      </label>
      <button type="submit" className={`${controls.button} ${controls.primary} ${controls.small}`} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => onDone(null)}>
        Cancel
      </button>
    </form>
  );
}
