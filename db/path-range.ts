/**
 * "Inside this folder" as an index-friendly range on a path column: the folder itself, or anything from
 * `folder + separator` up to `folder + (separator + 1)`. Works with either OS's separator.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function pathInside(column: SQLWrapper, folder: string): SQL {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const base = folder.length > 1 && folder.endsWith(separator) ? folder.slice(0, -1) : folder;
  const afterSeparator = String.fromCharCode(separator.charCodeAt(0) + 1);
  return sql`(${column} = ${base} OR (${column} >= ${base + separator} AND ${column} < ${base + afterSeparator}))`;
}

/**
 * The same test on a path in hand, by its text: for paths from elsewhere (another computer's rows), which must not
 * climb out of the folder with `..` segments either.
 */
export function isPathInside(folder: string, target: string): boolean {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const base = folder.length > 1 && folder.endsWith(separator) ? folder.slice(0, -1) : folder;
  if (target.split(/[\\/]/).some((segment) => segment === '..' || segment === '.') || target.includes('\0')) return false;
  return target === base || target.startsWith(base + separator);
}
