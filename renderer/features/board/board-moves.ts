/** Where a card goes on the board: the status beside its own (the columns are the statuses, in their order). */
import { STATUSES, type Status } from '../../../common/songs/song';

export function statusBeside(status: Status, step: -1 | 1): Status | null {
  return STATUSES[STATUSES.indexOf(status) + step] ?? null;
}

/** The search a status column reads: the view's search, narrowed to the column's status. */
export function columnSearch(search: string, status: Status): string {
  return `${search.trim()} status:"${status}"`.trim();
}

/** What a dragged card carries (its id and the column it left), read back only from a drag of this page. */
export const CARD_DRAG_TYPE = 'application/x-songshelf-card';

export function dragPayload(id: string, from: Status): string {
  return JSON.stringify({ id, from });
}

export function readDragPayload(text: string): { id: string; from: Status } | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { id, from } = value as Record<string, unknown>;
    return typeof id === 'string' && STATUSES.includes(from as Status) ? { id, from: from as Status } : null;
  } catch {
    return null;
  }
}
