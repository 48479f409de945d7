// A listener's verdict as the owner's next status: "Approved" suggests the finished status (the last, by its role).
import { describe, expect, it } from 'vitest';
import type { ShareComment } from '../../../common/cloud/shares';
import { FINISHED_STATUS } from '../../../common/songs/status-roles';
import { suggestedStatus } from './verdicts';

const said = (verdict: ShareComment['verdict'], createdAt = 1): ShareComment => ({ id: `c${createdAt}`, atS: 0, name: 'Ana', body: 'ok', createdAt, resolved: false, fromOwner: false, verdict });

describe('a listener’s verdict', () => {
  it('suggests the finished status for an approval', () => {
    expect(suggestedStatus([said('approved')], 'Mixing')).toEqual({ status: FINISHED_STATUS, verdict: 'approved', by: 'Ana' });
  });

  it('suggests nothing when the song is already finished', () => {
    expect(suggestedStatus([said('approved')], FINISHED_STATUS)).toBeNull();
  });

  it('suggests Mixing again for changes asked past mixing, the latest verdict speaking', () => {
    expect(suggestedStatus([said('approved', 1), said('changes', 2)], 'Mastering')).toMatchObject({ status: 'Mixing', verdict: 'changes' });
  });
});
