/** What a handler is: the validated input of its channel in, its output type out, with the core's context. */
import type { Channel, ChannelOutput, ParsedInput } from '../../common/ipc';
import type { Db } from '../../db/connection';
import type { EventBus } from '../events';
import type { JobRunner } from '../jobs/runner';
import type { Library } from '../library/library';

/** What the core needs from the OS shell it runs under (Electron, or the browser host's process). */
export interface Platform {
  openExternal(url: string): Promise<void>;
}

export interface CoreContext {
  db: Db;
  events: EventBus;
  platform: Platform;
  /** The app's own data folder: the file channels may read there. */
  dataDir: string;
  library: Library;
  runner: JobRunner;
}

export type Handler<C extends Channel> = (
  input: ParsedInput<C>,
  ctx: CoreContext,
) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

export type HandlerMap = { [C in Channel]: Handler<C> };
