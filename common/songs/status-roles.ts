/**
 * What a status means beyond its name (issue 32): the first is where a song starts (a new song's status), the last
 * means finished (the studio calendar counts the song finished when its status is edited to it; a listener's
 * "Approved" suggests it), and every status between is in progress (the weekly nudge names those gone cold). The
 * order is the field's own (`STATUSES` in `song-fields.ts`): a status added or renamed keeps its role by its place.
 */
import { STATUSES, type Status } from './song-fields';

export type StatusRole = 'first' | 'in progress' | 'finished';

export const FIRST_STATUS: Status = STATUSES[0];
export const FINISHED_STATUS: Status = STATUSES[STATUSES.length - 1] as Status;
/** Begun (past the first status) and not finished (before the last), in the field's order. */
export const IN_PROGRESS_STATUSES: readonly Status[] = STATUSES.slice(1, -1);

export function statusRole(status: Status): StatusRole {
  if (status === FIRST_STATUS) return 'first';
  return status === FINISHED_STATUS ? 'finished' : 'in progress';
}
