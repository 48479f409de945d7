/** A sort as data: its keys and directions, so a page can also be read from the far end of the same order. */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

export interface OrderTerm {
  key: SQL | AnyColumn;
  descending: boolean;
}

export function orderTerm(key: SQL | AnyColumn, descending: boolean): OrderTerm {
  return { key, descending };
}

/** The ORDER BY of `terms`, or of their exact reverse (every key flipped, ties included). */
export function orderBy(terms: readonly OrderTerm[], reversed = false): SQL[] {
  return terms.map(({ key, descending }) => (descending !== reversed ? desc(key) : asc(key)));
}
