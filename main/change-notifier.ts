/**
 * Coalesces the background's changes (from the database's change log) into `db:changed` events: a burst of background
 * writes tells the pages at most once per interval, with every table touched since (and, where every write named them,
 * the fields). A scan, which paces its own commits (`main/scan/write-groups.ts`: at least every 20 songs or 100 ms),
 * tells each commit at once with `flush`, rather than up to an interval later.
 */
import { ChangeSet } from '../common/bridge/change-set';
import type { ChangeLog } from '../db/change-log';
import type { EventBus } from './events';

export class ChangeNotifier {
  private pending = new ChangeSet();
  private timer: NodeJS.Timeout | null = null;

  /** `intervalMs` default: 100. */
  constructor(
    private readonly log: ChangeLog,
    private readonly events: EventBus,
    private readonly intervalMs = 100,
  ) {}

  /** Follows the log's background changes. Returns the unsubscribe function. */
  follow(): () => void {
    return this.log.onBackground((changes) => this.changed(changes));
  }

  private changed(changes: ChangeSet): void {
    this.pending.addChanges(changes.describe());
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const changes = this.pending;
    this.pending = new ChangeSet();
    this.events.emit('db:changed', this.log.number(changes));
  }
}
