/** Starts an OS program for the browser host and lets it run on its own: the core never waits for a viewer. */
import { spawn, type SpawnOptions } from 'node:child_process';
import { AppError } from '../../common/errors';
import { launchFailed } from '../../common/messages';

/**
 * Resolves once the program has started. No shell: every argument reaches the program as it is, never parsed
 * as a command line. `failure` starts the user-facing message when it cannot start (`MESSAGES.openLinkFailed`).
 */
export function launchDetached(command: string, args: string[], failure: string, options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: 'ignore', detached: true, shell: false });
    child.once('error', (error) => reject(new AppError('io_error', launchFailed(failure, error.message), { cause: error })));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
