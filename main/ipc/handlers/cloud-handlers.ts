/**
 * The renderer asks where to sign in (the shell knows: a hosted project, or the local cloud it started), and in
 * the desktop app keeps its session in the shell's encrypted vault.
 */
import type { HandlerMap } from '../handler';

export const cloudHandlers = {
  'cloud:config': (_input, { cloud }) => cloud(),
  'session:vault': (_input, { sessionVault }) => ({ available: sessionVault.available }),
  'session:get-item': ({ key }, { sessionVault }) => ({ value: sessionVault.get(key) }),
  'session:set-item': ({ key, value }, { sessionVault }) => {
    sessionVault.set(key, value);
    return { saved: true as const };
  },
  'session:remove-item': ({ key }, { sessionVault }) => {
    sessionVault.remove(key);
    return { removed: true as const };
  },
} satisfies Partial<HandlerMap>;
