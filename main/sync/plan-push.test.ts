import { describe, expect, it } from 'vitest';
import type { SyncRecordRef } from '../../db/repositories/sync-records';
import { planPush } from './plan-push';

let next = 0;
const record = (type: SyncRecordRef['type'], table: SyncRecordRef['table'], recordId: string): SyncRecordRef => ({ id: ++next, type, table, recordId });

describe('planPush', () => {
  it('sends each row once, as its last record says, in the order of those last records', () => {
    const records = [
      record('add', 'songs', 's1'),
      record('add', 'songs', 's2'),
      record('update', 'songs', 's1'),
      record('add', 'views', 'v1'),
      record('delete', 'views', 'v1'),
      record('delete', 'songs', 's3'),
      record('add', 'songs', 's3'),
      record('update', 'user_settings', 'local'),
      record('add', 'custom_fields', 'f1'),
      record('add', 'custom_fields', 'f2'),
      record('delete', 'custom_fields', 'f2'),
    ];
    const plan = planPush(records, false);
    expect(plan.upserts.songs).toEqual(['s2', 's1', 's3']);
    expect(plan.upserts.views).toEqual([]);
    expect(plan.deletes.views).toEqual(['v1']);
    expect(plan.upserts.custom_fields).toEqual(['f1']);
    expect(plan.deletes.custom_fields).toEqual(['f2']);
    expect(plan.deletes.songs).toEqual([]);
    expect(plan.upserts.user_settings).toEqual(['local']);
    expect(plan.recordIds.get('songs:s1')).toEqual([records[0]!.id, records[2]!.id]);
  });

  it('at the storage cap holds back songs new to the cloud (their records stay unsynced), not edits or deletions', () => {
    const records = [record('update', 'songs', 'known'), record('add', 'songs', 'new'), record('update', 'songs', 'new'), record('delete', 'songs', 'gone')];
    const plan = planPush(records, true);
    expect(plan.upserts.songs).toEqual(['known']);
    expect(plan.deletes.songs).toEqual(['gone']);
    expect(plan.recordIds.has('songs:new')).toBe(false);
  });
});
