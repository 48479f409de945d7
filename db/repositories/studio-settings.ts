/** The studio's settings on this computer (issue 32), in the kv table; read back checked (`readStudioSettings`). */
import { readStudioSettings, type StudioSettings } from '../../common/studio/studio-settings';
import type { Db } from '../handle';
import { getKv, setKv } from './account';

const KV_STUDIO_SETTINGS = 'studio.settings';

export function getStudioSettings(db: Db): StudioSettings {
  return readStudioSettings(getKv<unknown>(db, KV_STUDIO_SETTINGS, {}));
}

export function setStudioSettings(db: Db, patch: Partial<StudioSettings>): StudioSettings {
  const next = { ...getStudioSettings(db), ...patch };
  setKv(db, KV_STUDIO_SETTINGS, next);
  return next;
}

const KV_REGROUP_PENDING = 'studio.regroup_pending';

/** Whether songs may still hold sessions grouped with a gap other than the setting's (set when it changes). */
export function sessionRegroupPending(db: Db): boolean {
  return getKv<boolean>(db, KV_REGROUP_PENDING, false) === true;
}

export function setSessionRegroupPending(db: Db, pending: boolean): void {
  setKv(db, KV_REGROUP_PENDING, pending);
}
