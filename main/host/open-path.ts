/**
 * The browser host's `showItemInFolder` and `openPath`: the same OS programs a user would run. Paths arrive
 * checked and resolved by the core (inside the library's folders, existing); they are absolute, so none can be
 * read as an option.
 */
import path from 'node:path';
import { AppError } from '../../common/errors';
import { MESSAGES, notAWindowsPath } from '../../common/messages';
import { launchDetached } from './launch-detached';

export interface ShellCommand {
  command: string;
  args: string[];
  /** Windows only: `args` are passed as written, because explorer.exe parses `/select,` its own way. */
  verbatim?: boolean;
}

export function revealCommand(target: string, platform: NodeJS.Platform = process.platform): ShellCommand {
  if (platform === 'darwin') return { command: 'open', args: ['-R', target] };
  if (platform === 'win32') return { command: 'explorer.exe', args: [`/select,${quoteWindowsPath(target)}`], verbatim: true };
  // No file manager protocol to select a file is common to every Linux desktop: open its folder.
  return { command: 'xdg-open', args: [path.dirname(target)] };
}

export function openCommand(target: string, platform: NodeJS.Platform = process.platform): ShellCommand {
  if (platform === 'darwin') return { command: 'open', args: [target] };
  // explorer.exe opens a file with its default app without a shell; `cmd /c start` would parse the path.
  if (platform === 'win32') return { command: 'explorer.exe', args: [quoteWindowsPath(target)], verbatim: true };
  return { command: 'xdg-open', args: [target] };
}

export function showItemInFolder(target: string): Promise<void> {
  return run(revealCommand(target), MESSAGES.showFileFailed);
}

export function openPath(target: string): Promise<void> {
  return run(openCommand(target), MESSAGES.openFileFailed);
}

function run({ command, args, verbatim }: ShellCommand, failure: string): Promise<void> {
  return launchDetached(command, args, failure, verbatim ? { windowsVerbatimArguments: true } : {});
}

/** A Windows path cannot contain `"`, so quoting it whole is exact; one that does is not a real path. */
function quoteWindowsPath(target: string): string {
  if (target.includes('"')) throw new AppError('invalid_input', notAWindowsPath(target));
  return `"${target}"`;
}
