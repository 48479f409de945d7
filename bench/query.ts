/**
 * `npm run bench:query -- --songs 200000 --json`: fills a library with N songs (varied names, tempos, keys,
 * statuses, tags, notes, and what the analysis heard in most of their bounces), then runs every query shape of
 * `fixtures/query-shapes.ts` through the core's router (validation, query, row mapping: what the renderer waits
 * for) and the same SQL statements straight on better-sqlite3 (each page's statements, as the app ran them), in
 * the same run, `--rounds R` times (40), the two taking turns at going first. Before timing, every shape's plan is
 * checked: a shape that reads the whole table stops the benchmark with its plan (fixtures/query-shapes.ts,
 * `fullScans`). Prints one JSON line:
 * { songs, p50_ms, p95_ms, sqlite_p95_ms, ratio, slowest_shape, slowest_shape_p95_ms, slowest_shape_ratio,
 *   slowest_shape_sqlite_p95_ms, slowest_p50_shape, slowest_shape_p50_ms, slowest_shape_sqlite_p50_ms }
 * (ratio: app over raw at the p95 of all pages; slowest_shape_ratio: the highest of each shape's app p95 over
 * its raw p95; slowest_shape_p50_ms: the largest of the shapes' own p50s, the shape beside it, each slowest shape's
 * raw figure from the same run as its floor), with each shape's figures on stderr.
 * Goals (issues 30 and 45): every shape's p95 at most 20 ms, p50 at most 5 ms, at most 1.5x raw.
 */
import type { SongQuery } from '../common/views/query';
import { querySongs, type RanStatement } from '../db/song-query';
import { songQuerySchema } from '../common/views/query';
import { createBenchCore } from './bench-core';
import { writeSongs } from '../fixtures/generators/songs';
import { fullScans, queryShapes } from '../fixtures/query-shapes';
import { argValue, round } from './measure';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '200000'));
// 40: a shape's p95 is then its second slowest run, not its slowest (one collection of the heap would set it).
const rounds = Number(argValue(argv, '--rounds', '40'));
const json = argv.includes('--json');

const core = createBenchCore({ watch: false });

process.stderr.write(`writing ${count} songs…\n`);
const start = Date.now();
writeSongs(core.db, count, { analysis: true });
process.stderr.write(`written in ${round((Date.now() - start) / 1000)} s\n`);

const queries: SongQuery[] = queryShapes(count);
const statementsOf = (input: SongQuery) => {
  const ran: RanStatement[] = [];
  querySongs(core.db, songQuerySchema.parse({ limit: 100, ...input }), (statement) => ran.push(statement));
  return ran;
};
const scans = queries.flatMap((query) => fullScans(core.db, statementsOf(query)).map((step) => `${JSON.stringify(query)}: ${step}`));
if (scans.length > 0) {
  await core.close();
  throw new Error(`these shapes read the whole table:\n${scans.join('\n')}`);
}

const appMs: number[][] = queries.map(() => []);
const sqliteMs: number[][] = queries.map(() => []);
// The same statements, in the order the app ran them, straight on better-sqlite3 (the library does not change).
const prepared = queries.map((query) => statementsOf(query).map(({ sql, params }) => ({ statement: core.db.sqlite.prepare(sql), params })));
for (let round_ = 0; round_ < rounds; round_ += 1) {
  for (const [index, query] of queries.entries()) {
    const app = async () => {
      const begin = performance.now();
      const result = await core.router.dispatch('songs:query', { limit: 100, ...query });
      appMs[index]?.push(performance.now() - begin);
      if (!result.ok) throw new Error(result.error.message);
    };
    const raw = () => {
      const begin = performance.now();
      for (const { statement, params } of prepared[index] ?? []) statement.all(...params);
      sqliteMs[index]?.push(performance.now() - begin);
    };
    // Whichever runs second finds the pages the first read in SQLite's cache: the two take turns going first.
    if (round_ % 2 === 0) {
      await app();
      raw();
    } else {
      raw();
      await app();
    }
  }
}
await core.close();

const shapes = queries.map((query, index) => {
  const app = percentile(appMs[index] ?? [], 0.95);
  const raw = percentile(sqliteMs[index] ?? [], 0.95);
  const rawP50 = round(percentile(sqliteMs[index] ?? [], 0.5), 2);
  return { query, p50_ms: round(percentile(appMs[index] ?? [], 0.5), 2), p95_ms: round(app, 2), sqlite_p50_ms: rawP50, sqlite_p95_ms: round(raw, 2), ratio: round(app / raw, 2) };
});
// Where the time goes, for whoever tunes the indexes: each shape's p50 and p95 through the app, and p95 raw.
process.stderr.write('  p50 app  p95 app  p50 raw  p95 raw  ratio\n');
for (const shape of shapes) {
  const cell = (value: number) => value.toFixed(2).padStart(8);
  process.stderr.write(`${cell(shape.p50_ms)} ${cell(shape.p95_ms)} ${cell(shape.sqlite_p50_ms)} ${cell(shape.sqlite_p95_ms)} ${cell(shape.ratio)}  ${JSON.stringify(shape.query)}\n`);
}

const allApp = appMs.flat();
const p95 = percentile(allApp, 0.95);
const sqliteP95 = percentile(sqliteMs.flat(), 0.95);
const slowest = shapes.reduce((worst, shape) => (shape.p95_ms > worst.p95_ms ? shape : worst));
const slowestP50 = shapes.reduce((worst, shape) => (shape.p50_ms > worst.p50_ms ? shape : worst));
const result = {
  songs: count,
  p50_ms: round(percentile(allApp, 0.5), 2),
  p95_ms: round(p95, 2),
  sqlite_p95_ms: round(sqliteP95, 2),
  ratio: round(p95 / sqliteP95, 2),
  slowest_shape: JSON.stringify(slowest.query),
  slowest_shape_p95_ms: slowest.p95_ms,
  slowest_shape_ratio: Math.max(...shapes.map((shape) => shape.ratio)),
  slowest_shape_sqlite_p95_ms: slowest.sqlite_p95_ms,
  slowest_p50_shape: JSON.stringify(slowestP50.query),
  slowest_shape_p50_ms: slowestP50.p50_ms,
  slowest_shape_sqlite_p50_ms: slowestP50.sqlite_p50_ms,
};
console.log(json ? JSON.stringify(result) : result);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
