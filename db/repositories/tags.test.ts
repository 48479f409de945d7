import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import { addSong, updateSong } from './songs';
import { listTags } from './tags';

let db: OpenedDatabase;
beforeEach(() => {
  db = openTestDatabase();
  addSong(db, { name: 'A', tags: ['demo', 'EP 2', '100%_done'] });
  addSong(db, { name: 'B', tags: ['Demo', 'club'] });
  addSong(db, { name: 'C', tags: ['DEMO', 'ep 2', 'Deep'] });
  const hidden = addSong(db, { name: 'D', tags: ['club', 'zzz'] });
  updateSong(db, hidden.id, { hidden: true });
});
afterEach(() => db.close());

describe('tags:list', () => {
  it('lists each tag once whatever its case, most used by visible songs first, then alphabetical', () => {
    expect(listTags(db)).toEqual([
      { tag: 'DEMO', count: 3 },
      { tag: 'EP 2', count: 2 },
      { tag: '100%_done', count: 1 },
      { tag: 'club', count: 1 },
      { tag: 'Deep', count: 1 },
      { tag: 'zzz', count: 0 },
    ]);
  });

  it('keeps to tags starting with the prefix, whatever its case', () => {
    expect(listTags(db, { prefix: 'DE' }).map((use) => use.tag)).toEqual(['DEMO', 'Deep']);
    expect(listTags(db, { prefix: 'ep ' }).map((use) => use.tag)).toEqual(['EP 2']);
    expect(listTags(db, { prefix: 'Z' }).map((use) => use.tag)).toEqual(['zzz']);
    expect(listTags(db, { prefix: 'x' })).toEqual([]);
  });

  it('takes LIKE wildcards in the prefix literally', () => {
    expect(listTags(db, { prefix: '%' })).toEqual([]);
    expect(listTags(db, { prefix: '_' })).toEqual([]);
    expect(listTags(db, { prefix: '100%_' })).toEqual([{ tag: '100%_done', count: 1 }]);
  });

  it('returns at most the limit', () => {
    expect(listTags(db, { limit: 2 }).map((use) => use.tag)).toEqual(['DEMO', 'EP 2']);
  });
});
