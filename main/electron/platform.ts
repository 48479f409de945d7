/** The core's OS shell under Electron: links, reveal and open through Electron's `shell`; safeStorage. */
import { safeStorage, shell } from 'electron';
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
};

/** The desktop session's encryption: the macOS Keychain or Windows DPAPI, through Electron's safeStorage. */
export const electronSecretBox: SecretBox = {
  isAvailable: () => safeStorage.isEncryptionAvailable(),
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (sealed) => safeStorage.decryptString(sealed),
};
