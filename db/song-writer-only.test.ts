// One writer for songs (issue 17): only `db/repositories/song-writer.ts` writes the `songs` table, so its rules (the
// row mapping, the processing flag's time, the sync record) hold for every path. Tests may set up rows as they like.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const WRITER = 'db/repositories/song-writer.ts';
const FOLDERS = ['common', 'db', 'main', 'workers', 'fixtures', 'bench', 'harness'];

/** Drizzle's builders on the songs table, the prepared bulk writes, and SQL text writing it. */
const SONG_WRITES = [
  /\.(?:insert|update|delete)\(\s*songs\s*\)/,
  /\b(?:insertRows|updateRows)\(\s*[\w.]+\s*,\s*songs\b/,
  /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?songs\b/i,
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function songWritesIn(text: string): string[] {
  return text.split('\n').filter((line) => SONG_WRITES.some((pattern) => pattern.test(line)));
}

describe('the songs table', () => {
  it('the patterns find each way of writing songs', () => {
    expect(songWritesIn("db.orm.update(songs).set({ hidden: true })")).toHaveLength(1);
    expect(songWritesIn('insertRows(db, songs, rows, songs.id);')).toHaveLength(1);
    expect(songWritesIn('db.sqlite.prepare(`UPDATE songs SET name = ?`)')).toHaveLength(1);
    expect(songWritesIn("db.orm.select().from(songs).where(eq(songs.id, id))")).toEqual([]);
    expect(songWritesIn("insertRows(db, views, rows)")).toEqual([]);
  });

  it('is written by one module only', () => {
    const writers = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
      .filter((file) => songWritesIn(fs.readFileSync(path.join(ROOT, file), 'utf8')).length > 0);
    expect(writers).toEqual([WRITER]);
  });
});
