/**
 * A listener's verdict as the owner's next status (issue 33): "Approved" suggests the last status (the song is
 * finished); "Needs changes" on a song past mixing suggests Mixing again. The latest verdict speaks; none is
 * suggested when the song already has that status.
 */
import type { ShareComment } from '../../../common/cloud/shares';
import { STATUSES, type Status } from '../../../common/songs/song';
import { FINISHED_STATUS } from '../../../common/songs/status-roles';

const BACK_TO: Status = 'Mixing';

export function suggestedStatus(comments: readonly ShareComment[], current: Status): { status: Status; verdict: 'approved' | 'changes'; by: string } | null {
  const latest = [...comments].filter((comment) => comment.verdict !== null && !comment.fromOwner).sort((a, b) => b.createdAt - a.createdAt)[0];
  if (!latest?.verdict) return null;
  const status = latest.verdict === 'approved' ? FINISHED_STATUS : STATUSES.indexOf(current) > STATUSES.indexOf(BACK_TO) ? BACK_TO : null;
  return status && status !== current ? { status, verdict: latest.verdict, by: latest.name } : null;
}
