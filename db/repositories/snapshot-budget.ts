/** The user's snapshot budget (common/projects/project-versions.ts), kept in this computer's key-value table. */
import { DEFAULT_SNAPSHOT_BUDGET, snapshotBudgetSchema, type SnapshotBudget } from '../../common/projects/project-versions';
import type { Db } from '../handle';
import { getKv, setKv } from './account';

const KV_SNAPSHOT_BUDGET = 'snapshot-budget';

/** A budget stored before the library-wide total existed (issue 19) keeps its per-song values and takes the default total. */
const storedBudgetSchema = snapshotBudgetSchema.partial({ totalMegabytes: true });

/** The stored budget, or the default when none is stored or what is stored is not one (an older or damaged file). */
export function getSnapshotBudget(db: Db): SnapshotBudget {
  const parsed = storedBudgetSchema.safeParse(getKv<unknown>(db, KV_SNAPSHOT_BUDGET, null));
  return parsed.success ? { ...DEFAULT_SNAPSHOT_BUDGET, ...parsed.data } : DEFAULT_SNAPSHOT_BUDGET;
}

export function setSnapshotBudget(db: Db, budget: SnapshotBudget): void {
  setKv(db, KV_SNAPSHOT_BUDGET, budget);
}
