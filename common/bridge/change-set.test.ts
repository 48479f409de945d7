import { describe, expect, it } from 'vitest';
import { ChangeSet, MAX_TOLD_ROWS } from './change-set';

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

  it('merges the rows each write named; once a write names none, any row may have changed', () => {
    const changes = new ChangeSet();
    changes.add('songs', ['status'], ['a']);
    changes.add('songs', ['tempo'], ['b', 'a']);
    changes.add('kv', null);
    expect(changes.describe()).toEqual({ tables: ['songs', 'kv'], fields: { songs: ['status', 'tempo'] }, rows: { songs: ['a', 'b'] } });
    changes.add('songs', ['name'], null);
    changes.add('songs', ['name'], ['c']);
    expect(changes.rowsOf('songs')).toBeNull();
    expect(changes.describe().rows).toBeUndefined();
  });

  it('past the cap, the rows are "many": any', () => {
    const changes = new ChangeSet();
    changes.add('songs', ['status'], Array.from({ length: MAX_TOLD_ROWS }, (_, at) => `song ${at}`));
    expect(changes.rowsOf('songs')).toHaveLength(MAX_TOLD_ROWS);
    changes.add('songs', ['status'], ['one more']);
    expect(changes.rowsOf('songs')).toBeNull();
    const read = new ChangeSet();
    read.addChanges({ tables: ['songs'], fields: { songs: ['status'] }, rows: { songs: ['a'] } });
    expect(read.rowsOf('songs')).toEqual(['a']);
  });
});
