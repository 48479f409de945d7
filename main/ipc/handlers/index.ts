/** Every channel's handler, by domain. The type proves that each channel of the contract has one. */
import type { HandlerMap } from '../handler';
import { accountHandlers } from './account-handlers';
import { cloudHandlers } from './cloud-handlers';
import { dbHandlers } from './db-handlers';
import { fieldHandlers } from './field-handlers';
import { fileHandlers } from './file-handlers';
import { jobHandlers } from './job-handlers';
import { libraryHandlers } from './library-handlers';
import { localFileHandlers } from './local-file-handlers';
import { songHandlers } from './song-handlers';
import { syncHandlers } from './sync-handlers';

export const handlers: HandlerMap = { ...accountHandlers, ...cloudHandlers, ...dbHandlers, ...fileHandlers, ...songHandlers, ...fieldHandlers, ...libraryHandlers, ...jobHandlers, ...localFileHandlers, ...syncHandlers };
