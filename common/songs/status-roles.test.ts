// The statuses' roles, by their place in the field's order: one table for the nudge, the calendar and the verdicts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS } from '../constants';
import { STATUSES } from './song-fields';
import { FINISHED_STATUS, FIRST_STATUS, IN_PROGRESS_STATUSES, statusRole } from './status-roles';

describe('status roles', () => {
  it.each([
    ['Backlog', 'first'],
    ['Writing', 'in progress'],
    ['Recording', 'in progress'],
    ['Mixing', 'in progress'],
    ['Mastering', 'in progress'],
    ['Done', 'finished'],
  ] as const)('%s is %s', (status, role) => {
    expect(statusRole(status)).toBe(role);
  });

  it('gives every status exactly one role, in progress being those between the first and the last', () => {
    expect(STATUSES.filter((status) => statusRole(status) === 'in progress')).toEqual(IN_PROGRESS_STATUSES);
    expect([FIRST_STATUS, ...IN_PROGRESS_STATUSES, FINISHED_STATUS]).toEqual(STATUSES);
  });

  it('starts a new song at the first status', () => {
    expect(DEFAULT_STATUS).toBe(FIRST_STATUS);
  });
});
