/**
 * Coalesces `db:changed` events from background work: a scan writing a batch of 20 songs every few
 * milliseconds tells the renderer at most once per interval, with every table touched since.
 */
import type { ChangedTable } from '../common/ipc';
import type { EventBus } from './events';

export class ChangeNotifier {
  private pending = new Set<ChangedTable>();
  private timer: NodeJS.Timeout | null = null;

  /** `intervalMs` default: 100. */
  constructor(
    private readonly events: EventBus,
    private readonly intervalMs = 100,
  ) {}

  changed(...tables: ChangedTable[]): void {
    for (const table of tables) this.pending.add(table);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const tables = [...this.pending];
    this.pending = new Set();
    this.events.emit('db:changed', { tables });
  }
}
