/**
 * `npm run bench:query -- --songs 200000 --json`: fills a library with N songs (varied names, tempos, keys,
 * statuses, tags, notes), then runs a mix of pages (sorts, filters, searches, deep offsets) through the core's
 * router (validation, query, row mapping: what the renderer waits for) and the same SQL statements straight
 * on better-sqlite3 (each page's statements, as the app ran them), in the same run. Prints one JSON line:
 * { songs, p50_ms, p95_ms, sqlite_p95_ms, ratio }.
 */
import type { SongQuery } from '../common/query';
import { querySongs, type RanStatement } from '../db/song-query';
import { songQuerySchema } from '../common/query';
import { createBenchCore } from './bench-core';
import { writeSongs } from '../fixtures/generators/songs';
import { argValue, round } from './measure';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '200000'));
const json = argv.includes('--json');

const core = createBenchCore({ watch: false });

process.stderr.write(`writing ${count} songs…\n`);
const start = Date.now();
writeSongs(core.db, count);
process.stderr.write(`written in ${round((Date.now() - start) / 1000)} s\n`);

const queries: SongQuery[] = [
  {},
  { sort: { column: 'name', direction: 'Ascending' } },
  { sort: { column: 'name', direction: 'Descending' }, offset: Math.floor(count * 0.75) },
  { sort: { column: 'tempo', direction: 'Descending' } },
  { sort: { column: 'priority', direction: 'Descending' } },
  { sort: { column: 'modifiedAt', direction: 'Ascending' }, offset: Math.floor(count / 2) },
  { filters: [{ op: 'equals', field: 'status', value: 'Mixing' }] },
  { filters: [{ op: 'range', field: 'tempo', min: 120, max: 128 }], sort: { column: 'tempo', direction: 'Ascending' } },
  { filters: [{ op: 'hasTag', field: 'tags', value: 'EP 2' }] },
  { filters: [{ op: 'equals', field: 'key', value: 'A minor' }, { op: 'range', field: 'tempo', min: 90, max: 110 }] },
  { search: 'night' },
  { search: 'blue hour', sort: { column: 'name', direction: 'Ascending' } },
  { search: 'ech', filters: [{ op: 'equals', field: 'status', value: 'Done' }] },
  { search: 'river', sort: { column: 'tempo', direction: 'Descending' } },
  // The search box's operators (common/search-syntax.ts).
  { search: 'bpm:120-128 key:Am' },
  { search: 'daw:ableton status:mixing' },
  { search: 'key:F#m bpm:90- night', sort: { column: 'name', direction: 'Ascending' } },
  // Filters with a sort on another column: matches sparse, dense, or correlated with the sort's order.
  { search: 'key:F#m bpm:90-', sort: { column: 'name', direction: 'Ascending' } },
  { filters: [{ op: 'equals', field: 'status', value: 'Mixing' }], sort: { column: 'name', direction: 'Ascending' } },
  { search: 'bpm:60-', sort: { column: 'name', direction: 'Ascending' } },
  { search: 'daw:ableton', sort: { column: 'name', direction: 'Ascending' } },
  { search: 'status:done', sort: { column: 'key', direction: 'Ascending' } },
  { search: 'bpm:100-110', sort: { column: 'modifiedAt', direction: 'Descending' }, offset: 10000 },
  { search: 'night', sort: { column: 'name', direction: 'Descending' }, offset: 30000 },
];

const appMs: number[] = [];
const sqliteMs: number[] = [];
for (let round_ = 0; round_ < 5; round_ += 1) {
  for (const query of queries) {
    const input = { limit: 100, ...query };
    let begin = performance.now();
    const result = await core.router.dispatch('songs:query', input);
    appMs.push(performance.now() - begin);
    if (!result.ok) throw new Error(result.error.message);

    // The same statements, in the order the app ran them, straight on better-sqlite3.
    const ran: RanStatement[] = [];
    querySongs(core.db, songQuerySchema.parse(input), (statement) => ran.push(statement));
    const prepared = ran.map(({ sql, params }) => ({ statement: core.db.sqlite.prepare(sql), params }));
    begin = performance.now();
    for (const { statement, params } of prepared) statement.all(...params);
    sqliteMs.push(performance.now() - begin);
  }
}
await core.close();
// Where the time goes, for whoever tunes the indexes: each query's slowest time through the app and raw.
process.stderr.write('    app     raw  (slowest of 5, ms)\n');
queries.forEach((query, index) => {
  const slowest = (times: number[]) => round(Math.max(...times.filter((_value, at) => at % queries.length === index)), 1).toString().padStart(7);
  process.stderr.write(`${slowest(appMs)} ${slowest(sqliteMs)}  ${JSON.stringify(query)}\n`);
});

const p50 = percentile(appMs, 0.5);
const p95 = percentile(appMs, 0.95);
const sqliteP95 = percentile(sqliteMs, 0.95);
const result = { songs: count, p50_ms: round(p50, 2), p95_ms: round(p95, 2), sqlite_p95_ms: round(sqliteP95, 2), ratio: round(p95 / sqliteP95, 2) };
console.log(json ? JSON.stringify(result) : result);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
