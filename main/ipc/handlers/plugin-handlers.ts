/** `plugins:*`: the plug-ins the library's projects load (issue 31). */
import { listPlugins } from '../../../db/repositories/plugins';
import type { HandlerMap } from '../handler';

export const pluginHandlers = {
  'plugins:list': (_input, { db }) => listPlugins(db),
} satisfies Partial<HandlerMap>;
