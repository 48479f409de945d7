/**
 * What the host asked the operating system to open or reveal, as the recorder global-setup puts in place of
 * `xdg-open` and `open` wrote it down: one call a line, the program and its arguments.
 */
import fs from 'node:fs';

export interface PlatformCall {
  program: string;
  args: string[];
}

export function platformCalls(): PlatformCall[] {
  const log = process.env.SONGSHELF_E2E_PLATFORM_LOG;
  if (!log) throw new Error('global-setup did not put the platform recorder in place');
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [program, ...args] = line.split('\t');
      return { program: program!, args };
    });
}
