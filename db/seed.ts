/**
 * What a first start creates (spec section 3): the default views All Songs (custom) and Hidden (hidden). Runs
 * at every open and only fills what is missing, so it is safe after a crash half-way through a first start.
 */
import { DEFAULT_VIEW_ALL_SONGS, DEFAULT_VIEW_HIDDEN } from '../common/constants';
import { inTransaction, type Db } from './connection';
import { getKv, setKv } from './repositories/account';
import { addView, countViews } from './repositories/views';

const KV_SEEDED = 'defaults.seeded';

export function seedDefaults(db: Db): void {
  inTransaction(db, () => {
    if (!getKv(db, KV_SEEDED, false)) {
      if (countViews(db, 'custom') === 0) addView(db, { type: 'custom', title: DEFAULT_VIEW_ALL_SONGS }, 'pro');
      setKv(db, KV_SEEDED, true);
    }
    if (countViews(db, 'hidden') === 0) addView(db, { type: 'hidden', title: DEFAULT_VIEW_HIDDEN }, 'pro');
  });
}
