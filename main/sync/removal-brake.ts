/**
 * Sync's brake on removals (DESIGN.md "Trust rules"): a cloud that answers wrong (a new project, a wrong endpoint,
 * a bug) must not empty the library here. The rules:
 *
 * - the share counts songs: the songs here a pull could remove (hidden ones included, not those already waiting in
 *   Hidden because a pull removed them). Views and fields are a handful, where one removal is already a large
 *   share; they are never lost either (a copy of each is kept 30 days);
 * - a pass that would remove more than 20% of those songs (`SYNC_REMOVAL_BRAKE_SHARE`) removes nothing, views and
 *   fields included, until the user chooses;
 * - a cloud that holds nothing at all for the account (no song, view or field) holds any removal, however small;
 * - a removal the user let go passes on the next pass, unless it has grown since.
 */
import { SYNC_REMOVAL_BRAKE_SHARE } from '../../common/constants';
import type { AppNotification } from '../../common/projects/library';
import { heldRemovalsLine, type HeldRemovals } from '../../common/cloud/sync';

export function removalHeld(pass: HeldRemovals, approved: HeldRemovals | null): boolean {
  if (approved && pass.songs <= approved.songs && pass.views <= approved.views && pass.customFields <= approved.customFields) return false;
  if (pass.cloudEmpty) return pass.songs + pass.views + pass.customFields > 0;
  return pass.songs > pass.librarySongs * SYNC_REMOVAL_BRAKE_SHARE;
}

export function heldNotice(held: HeldRemovals): AppNotification {
  return {
    kind: 'error',
    title: 'Sync removed nothing',
    body: `${heldRemovalsLine(held)}. Nothing was removed here: choose in the account block whether to keep them or move them to Hidden.`,
  };
}

/** What a pass removed, named (songs by name, the first three), or null when it removed nothing. */
export function removedNotice(removed: { songNames: string[]; songs: number; views: string[]; customFields: string[] }): AppNotification | null {
  const parts: string[] = [];
  if (removed.songs > 0) {
    const more = removed.songs - removed.songNames.length;
    parts.push(`${removed.songNames.join(', ')}${more > 0 ? ` and ${more} more` : ''}: moved to Hidden, where you can restore them for 30 days.`);
  }
  const others = [...removed.views.map((name) => `view ${name}`), ...removed.customFields.map((name) => `field ${name}`)];
  if (others.length > 0) parts.push(`Removed here too: ${others.join(', ')}.`);
  return parts.length === 0 ? null : { kind: 'info', title: 'Removed on another device', body: parts.join(' ') };
}
