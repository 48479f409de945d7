/** Where Songshelf keeps its data and finds its own files. */
import os from 'node:os';
import path from 'node:path';
import { APP_NAME } from '../common/constants';

/**
 * The OS's user-data folder for the app, as Electron's `app.getPath('userData')` gives it, so the browser host
 * and the desktop app open the same library. `SONGSHELF_DATA_DIR` overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SONGSHELF_DATA_DIR) return path.resolve(env.SONGSHELF_DATA_DIR);
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}

/** The app's root: where `migrations/` and `dist/` sit. Bundles live in `dist/<target>/`, two levels down. */
export function appRootFrom(bundleDir: string): string {
  return path.resolve(bundleDir, '..', '..');
}
