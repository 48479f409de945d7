/**
 * What a first start creates (spec section 3): the default views All Songs (custom) and Hidden (hidden). Runs
 * at every open and only fills what is missing, so it is safe after a crash half-way through a first start.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_VIEW_ALL_SONGS, DEFAULT_VIEW_HIDDEN } from '../common/constants';
import { inTransaction, type Db } from './handle';
import { getKv, setKv } from './repositories/account';
import { addView, countViews } from './repositories/views';
import { views } from './schema';

const KV_SEEDED = 'defaults.seeded';
const KV_DEFAULT_VIEW = 'defaults.all_songs_view_id';

/**
 * The All Songs view this device made on its first start. Like Hidden it is each device's own: it does not sync,
 * or every device would bring its own copy to every other.
 */
export function defaultViewId(db: Db): string | null {
  return getKv<string | null>(db, KV_DEFAULT_VIEW, null);
}

export function seedDefaults(db: Db): void {
  inTransaction(db, () => {
    if (!getKv(db, KV_SEEDED, false)) {
      if (countViews(db, 'custom') === 0) setKv(db, KV_DEFAULT_VIEW, addView(db, { type: 'custom', title: DEFAULT_VIEW_ALL_SONGS }, 'pro').view.id);
      setKv(db, KV_SEEDED, true);
    } else if (defaultViewId(db) === null) {
      // Seeded before the id was kept: the first All Songs view is the one.
      const first = db.orm.select({ id: views.id }).from(views).where(and(eq(views.type, 'custom'), eq(views.title, DEFAULT_VIEW_ALL_SONGS))).orderBy(asc(views.createdAt)).get();
      if (first) setKv(db, KV_DEFAULT_VIEW, first.id);
    }
    if (countViews(db, 'hidden') === 0) addView(db, { type: 'hidden', title: DEFAULT_VIEW_HIDDEN }, 'pro');
  });
}
