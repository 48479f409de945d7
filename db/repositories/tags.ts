/** `tags:list`: the tags in use, for completion, read from `song_tags` (kept in step with songs by triggers). */
import { sql } from 'drizzle-orm';
import type { Db } from '../handle';
import { songTags, songs } from '../schema';

export interface TagUse {
  tag: string;
  /** Songs outside Hidden that carry the tag. */
  count: number;
}

export interface ListTagsOptions {
  /** Only tags starting with this, whatever its case. Default: every tag. */
  prefix?: string | undefined;
  /** Default: 50. */
  limit?: number | undefined;
}

/**
 * Distinct tags (case-insensitively: "Demo" and "demo" are one tag, shown in one of its spellings), most used
 * first, then alphabetical. Tags only hidden songs carry are listed last, with a count of 0.
 */
export function listTags(db: Db, options: ListTagsOptions = {}): TagUse[] {
  const { prefix = '', limit = 50 } = options;
  const tag = sql`${songTags.tag} COLLATE NOCASE`;
  const range = prefixRange(prefix);
  // A range on the NOCASE index rather than LIKE: no wildcard in the prefix can widen it, and it stays a seek.
  const where = range ? sql`WHERE ${tag} >= ${range.from} AND ${tag} < ${range.to}` : sql``;
  const rows = db.orm.all<{ tag: string; count: number }>(sql`
    SELECT min(${songTags.tag}) AS tag, count(DISTINCT CASE WHEN ${songs.hidden} = 0 THEN ${songTags.songSeq} END) AS count
    FROM ${songTags} JOIN ${songs} ON ${songs.seq} = ${songTags.songSeq}
    ${where}
    GROUP BY ${tag}
    ORDER BY count DESC, ${tag}
    LIMIT ${limit}`);
  return rows.map((row) => ({ tag: row.tag, count: row.count }));
}

/**
 * [prefix, prefix with its last character's successor): every string that starts with the prefix. NOCASE folds
 * ASCII letters to lower case, so the bounds are folded the same way first ("Z" must end at "{", not "[").
 */
function prefixRange(prefix: string): { from: string; to: string } | null {
  const from = prefix.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const chars = Array.from(from);
  const last = chars.pop();
  if (last === undefined) return null;
  return { from, to: chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1) };
}
