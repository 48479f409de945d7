/**
 * Every query shape `bench:query` times (fixtures/query-shapes.ts) is answered by an index, checked at a small
 * size on `EXPLAIN QUERY PLAN`: a shape whose plan becomes a read of the whole table fails here, before the
 * benchmark at 200,000 songs would show it slow. The benchmark runs the same check and stops on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songQuerySchema } from '../common/views/query';
import { writeSongs } from '../fixtures/generators/songs';
import { fullScans, queryShapes } from '../fixtures/query-shapes';
import type { OpenedDatabase } from './connection';
import { querySongs, type RanStatement } from './song-query';
import { openTestDatabase } from './test-support';

const COUNT = 3000;
let db: OpenedDatabase;
beforeAll(() => {
  db = openTestDatabase();
  writeSongs(db, COUNT, { analysis: true });
});
afterAll(() => db.close());

describe('every query shape of the benchmark', () => {
  it.each(queryShapes(COUNT).map((query) => [JSON.stringify(query), query] as const))('%s reads no whole table', (_name, query) => {
    const ran: RanStatement[] = [];
    const page = querySongs(db, songQuerySchema.parse({ limit: 100, ...query }), (statement) => ran.push(statement));
    expect(ran.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThan(0);
    expect(fullScans(db, ran)).toEqual([]);
  });

  it('sees a read of the whole table when a plan is one', () => {
    const statement = { sql: 'select count(*) from songs where json_extract(meta, ?) = ?', params: ['$.daw', 'ableton'] };
    expect(fullScans(db, [statement])).toHaveLength(1);
    const unlimited = { sql: 'select seq from songs where hidden = 0 and instr(notes, ?) > 0 order by name collate nocase', params: ['night'] };
    expect(fullScans(db, [unlimited])).not.toEqual([]);
  });
});
