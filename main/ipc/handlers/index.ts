/**
 * Every channel's handler, one file per channel prefix (`songs:*` in song-handlers.ts; the spec's unprefixed file and
 * folder channels in file-handlers.ts and library-handlers.ts: handler-files.test.ts holds each channel to its file).
 * The type proves that each channel of the contract has one.
 */
import { DRIVER_CHANNELS, type Channel } from '../../../common/bridge/ipc';
import type { HandlerMap } from '../handler';
import { accountHandlers } from './account-handlers';
import { cloudHandlers } from './cloud-handlers';
import { dbHandlers } from './db-handlers';
import { fieldHandlers } from './field-handlers';
import { fileHandlers } from './file-handlers';
import { jobHandlers } from './job-handlers';
import { libraryHandlers } from './library-handlers';
import { pluginHandlers } from './plugin-handlers';
import { studioHandlers } from './studio-handlers';
import { songHandlers } from './song-handlers';
import { syncHandlers } from './sync-handlers';
import { tagHandlers } from './tag-handlers';

export const handlers: HandlerMap = { ...accountHandlers, ...cloudHandlers, ...dbHandlers, ...fieldHandlers, ...fileHandlers, ...jobHandlers, ...libraryHandlers, ...pluginHandlers, ...songHandlers, ...studioHandlers, ...syncHandlers, ...tagHandlers };

/** What a shell's core serves: every channel but those that only tests and benchmarks drive (`DRIVER_CHANNELS`). */
export function shellHandlers(all: Partial<HandlerMap> = handlers): Partial<HandlerMap> {
  const driven: readonly Channel[] = DRIVER_CHANNELS;
  return Object.fromEntries(Object.entries(all).filter(([channel]) => !driven.includes(channel as Channel)));
}
