/**
 * `npm run bench:query -- --songs 200000 --json`: fills a library with N songs (varied names, tempos, keys,
 * statuses, tags, notes), then runs a mix of pages (sorts, filters, searches, deep offsets) through the core's
 * router (validation, query, row mapping: what the renderer waits for) and the same SQL statements straight
 * on better-sqlite3, in the same run. Prints one JSON line: { songs, p50_ms, p95_ms, sqlite_p95_ms, ratio }.
 */
import type { SongQuery } from '../common/query';
import { buildSongQuery } from '../db/song-query';
import { songQuerySchema } from '../common/query';
import { createBenchCore } from './bench-core';
import { writeSongs } from './generators/songs';
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

    const { rows, count: total } = buildSongQuery(core.db, songQuerySchema.parse(input));
    const rowsSql = rows.toSQL();
    const countSql = total.toSQL();
    const rowsStatement = core.db.sqlite.prepare(rowsSql.sql);
    const countStatement = core.db.sqlite.prepare(countSql.sql);
    begin = performance.now();
    rowsStatement.all(...rowsSql.params);
    countStatement.get(...countSql.params);
    sqliteMs.push(performance.now() - begin);
  }
}
await core.close();
// Where the time goes, for whoever tunes the indexes: each query's slowest raw SQLite time.
queries.forEach((query, index) => {
  const raw = sqliteMs.filter((_value, at) => at % queries.length === index);
  process.stderr.write(`${round(Math.max(...raw), 1).toString().padStart(7)} ms  ${JSON.stringify(query)}\n`);
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
