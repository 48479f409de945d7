/**
 * Auto-update from the project's GitHub releases (update-electron-app over Electron's autoUpdater and
 * update.electronjs.org; packaged macOS and Windows builds only: it does nothing elsewhere). Checked at start and
 * every 4 hours; a downloaded update is announced (notification, tray item) and applied on the user's restart.
 */
import { autoUpdater } from 'electron';
import { UpdateSourceType, updateElectronApp } from 'update-electron-app';
import { RELEASE_REPOSITORY } from '../../common/website/release';

export const UPDATE_CHECK_INTERVAL = '4 hours';

export function setupUpdates(onReady: (release: string) => void): () => void {
  const updates = updateElectronApp({
    updateSource: { type: UpdateSourceType.ElectronPublicUpdateService, repo: `${RELEASE_REPOSITORY.owner}/${RELEASE_REPOSITORY.name}` },
    updateInterval: UPDATE_CHECK_INTERVAL,
    // Our own notice instead of the library's modal dialog: the user restarts when it suits them.
    notifyUser: true,
    onNotifyUser: (info) => onReady(info.releaseName || 'A new version'),
    logger: { log: quiet, info: quiet, warn: (message) => console.warn(`[updates] ${message}`), error: (message) => console.error(`[updates] ${message}`) },
  });
  return () => updates.stopUpdates();
}

export function restartToUpdate(): void {
  autoUpdater.quitAndInstall();
}

function quiet(): void {
  // Routine progress of the update checks is not worth the console.
}
