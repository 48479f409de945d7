/** The renderer asks where the cloud is (the shell knows: a hosted project, or the local cloud it started). */
import type { HandlerMap } from '../handler';

export const cloudHandlers = {
  'cloud:config': (_input, { cloud }) => cloud(),
} satisfies Partial<HandlerMap>;
