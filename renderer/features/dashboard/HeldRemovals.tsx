import { heldRemovalsLine, type HeldRemovals as Held } from '../../../common/cloud/sync';
import { useResolveRemovalsMutation } from '../../api/songshelf-api';
import styles from './HeldRemovals.module.css';

/**
 * Under the account: a pull that would have removed much of the library removed nothing and waits for the user
 * (DESIGN.md "Trust rules"). Keep them: they go up to the cloud again. Move to Hidden: restorable there for 30 days.
 */
export function HeldRemovals({ held }: { held: Held }) {
  const [resolve, { isLoading }] = useResolveRemovalsMutation();
  return (
    <div className={styles.held} role="status" data-testid="held-removals">
      <strong className={styles.title}>Sync removed nothing</strong>
      <span>{heldRemovalsLine(held)}.</span>
      <span className={styles.actions}>
        <button type="button" className={styles.action} disabled={isLoading} title="Upload them to the cloud again" onClick={() => void resolve({ choice: 'keep' })}>
          Keep them
        </button>
        <button type="button" className={styles.action} disabled={isLoading} title="Remove them here too: they wait in Hidden for 30 days" onClick={() => void resolve({ choice: 'remove' })}>
          Move to Hidden
        </button>
      </span>
    </div>
  );
}
