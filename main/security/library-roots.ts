/**
 * The library's folders: the watched folders and the app's own data. The file channels, the player's media
 * endpoint and the OS shell calls (reveal, open) act only on paths inside them.
 */
import { getUserSettings } from '../../db/repositories/account';
import type { Db } from '../../db/connection';

export function libraryRoots(db: Db, dataDir: string): string[] {
  return [...getUserSettings(db).projectDirectories, dataDir];
}
