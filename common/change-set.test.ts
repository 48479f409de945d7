import { describe, expect, it } from 'vitest';
import { ChangeSet } from './change-set';

describe('a set of changes', () => {
  it('merges the fields each write named, table by table', () => {
    const changes = new ChangeSet();
    changes.add('songs', ['status', 'modifiedAt']);
    changes.add('songs', ['editedAt']);
    changes.add('sync_records', null);
    expect(changes.describe()).toEqual({ tables: ['songs', 'sync_records'], fields: { songs: ['status', 'modifiedAt', 'editedAt'] } });
  });

  it('once a write of a table names no fields (an insert, a delete), any of its fields may have changed', () => {
    const changes = new ChangeSet();
    changes.add('songs', ['status']);
    changes.add('songs', null);
    changes.add('songs', ['tempo']);
    expect(changes.fieldsOf('songs')).toBeNull();
    expect(changes.describe()).toEqual({ tables: ['songs'] });
  });

  it('reads back what it describes, a table without fields as any', () => {
    const changes = new ChangeSet();
    changes.addChanges({ tables: ['songs', 'kv'], fields: { songs: ['status'] } });
    expect(changes.fieldsOf('songs')).toEqual(['status']);
    expect(changes.has('kv')).toBe(true);
    expect(changes.fieldsOf('kv')).toBeNull();
    expect(changes.has('views')).toBe(false);
  });
});
