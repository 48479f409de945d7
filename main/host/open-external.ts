/** Opens an already-checked link with the OS's default handler (the browser host's `openExternal`). */
import { MESSAGES } from '../../common/messages';
import { launchDetached } from './launch-detached';

export function openWithOperatingSystem(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return launchDetached(command, args, MESSAGES.openLinkFailed);
}
