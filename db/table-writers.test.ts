// One writer per table (issue 44): `views` is written only by its repository, and `custom_fields` by its own (a pull,
// a push's mark, a removal by sync each go through them), a song's links (`song_shares`) and their comments
// (`song_comments`, filed by the comment poller) by theirs, as `songs` has its writer held by SQLite itself
// (song-writer-only.test.ts). Read from the product's sources, as a lint rule would: a write spelled through drizzle
// (`insert(views)`, `update(...)`, `delete(...)`, the batch writer `insertRows(db, views, ...)`) or in SQL text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCT_FOLDERS = ['db', 'main', 'workers', 'common', 'cloud/local'];

function productSources(): string[] {
  return PRODUCT_FOLDERS.flatMap((folder) =>
    (fs.readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support') && !file.endsWith('-suite.ts'))
      .map((file) => path.join(folder, file)),
  );
}

/** Where a source writes `table` (drizzle's name `variable`, SQL's `sqlName`). */
function writesOf(source: string, variable: string, sqlName: string): boolean {
  const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${variable}\\s*\\)|insertRows\\([^,]+,\\s*${variable}\\b`);
  const text = new RegExp(`\\b(insert\\s+(or\\s+\\w+\\s+)?into|replace\\s+into|update|delete\\s+from)\\s+["\`]?${sqlName}["\`]?[\\s(]`, 'i');
  return drizzle.test(source) || text.test(source);
}

describe('one writer per table', () => {
  const sources = productSources().map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));

  it.each([
    ['views', 'views', 'db/repositories/views.ts'],
    ['customFields', 'custom_fields', 'db/repositories/custom-fields.ts'],
    ['songShares', 'song_shares', 'db/repositories/song-shares.ts'],
    ['songComments', 'song_comments', 'db/repositories/song-comments.ts'],
  ])('%s (%s) is written by %s only', (variable, sqlName, owner) => {
    expect(sources.length).toBeGreaterThan(100);
    const writers = sources.filter((source) => writesOf(source.text, variable, sqlName)).map((source) => source.file.split(path.sep).join('/'));
    expect(writers).toEqual([owner]);
  });

  it('sees a write however it is spelled (the check can fail)', () => {
    expect(writesOf('db.orm.update(views).set({})', 'views', 'views')).toBe(true);
    expect(writesOf('insertRows(db, customFields, rows)', 'customFields', 'custom_fields')).toBe(true);
    expect(writesOf("db.sqlite.exec('DELETE FROM \"custom_fields\" WHERE 1')", 'customFields', 'custom_fields')).toBe(true);
    expect(writesOf('INSERT OR REPLACE INTO views (id) VALUES (1)', 'views', 'views')).toBe(true);
    expect(writesOf('db.orm.select().from(views)', 'views', 'views')).toBe(false);
  });
});
