/** The core's OS shell under Electron: links, reveal and open through Electron's `shell`; safeStorage. */
import { BrowserWindow, dialog, safeStorage, shell } from 'electron';
import { AppError } from '../../common/errors';
import { pathNotOpened } from '../../common/messages';
import type { SecretBox } from '../account/session-vault';
import type { Platform } from '../ipc/handler';
import { parseExternalUrl } from '../security/external-url';

export const electronPlatform: Platform = {
  openExternal: (url) => shell.openExternal(parseExternalUrl(url).href),
  showItemInFolder: async (target) => shell.showItemInFolder(target),
  openPath: async (target) => {
    // Electron reports failure as a message, not a rejection ("" means it opened).
    const failure = await shell.openPath(target);
    if (failure !== '') throw new AppError('io_error', pathNotOpened(target, failure));
  },
  chooseFolders: async () => {
    const options: Electron.OpenDialogOptions = { title: 'Choose folders to watch', buttonLabel: 'Watch', properties: ['openDirectory', 'multiSelections', 'createDirectory'] };
    const window = BrowserWindow.getFocusedWindow();
    const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return picked.canceled ? [] : picked.filePaths;
  },
};

/** The desktop session's encryption: the macOS Keychain or Windows DPAPI, through Electron's safeStorage. */
export const electronSecretBox: SecretBox = {
  isAvailable: () => safeStorage.isEncryptionAvailable(),
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (sealed) => safeStorage.decryptString(sealed),
};
