/** Opens an already-checked link with the OS's default handler (the browser host's `openExternal`). */
import { spawn } from 'node:child_process';
import { AppError } from '../../common/errors';

export function openWithOperatingSystem(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    // No shell: the URL is one argument, never parsed as a command line.
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new AppError('io_error', `Could not open the link: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
