/**
 * Node ends a process on a promise rejection nobody handled. In the shells (the browser host, Electron's main
 * process) that would let one forgotten `catch` in a handler's background work close the user's library, so a stray
 * rejection is logged and the app runs on. Thrown exceptions are not caught here: after one the process's state is
 * unknown, and ending it is the safe answer.
 */
export function logStrayRejections(label: string): void {
  process.on('unhandledRejection', (reason) => {
    console.error(`[${label}] a promise was rejected with nobody to handle it; Songshelf runs on`, reason);
  });
}
