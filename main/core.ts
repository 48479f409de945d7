/**
 * The app core: the database, the event bus and the router, with no transport. Electron and the browser host
 * each boot one and carry its router and events to the renderer.
 */
import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from '../db/connection';
import { EventBus } from './events';
import type { CoreContext, Platform } from './ipc/handler';
import { handlers } from './ipc/handlers';
import { createRouter, type Router } from './ipc/router';

export interface CoreOptions {
  dataDir: string;
  migrationsFolder: string;
  platform: Platform;
  /** Default: `Date.now`. */
  now?: () => number;
}

export interface Core {
  router: Router;
  events: EventBus;
  db: OpenedDatabase;
  dataDir: string;
  close(): void;
}

export function createCore(options: CoreOptions): Core {
  const db = openDatabase(path.join(options.dataDir, DATABASE_FILE_NAME), {
    migrationsFolder: options.migrationsFolder,
    ...(options.now ? { now: options.now } : {}),
  });
  const events = new EventBus();
  const ctx: CoreContext = { db, events, platform: options.platform, dataDir: options.dataDir };
  return {
    router: createRouter(handlers, ctx),
    events,
    db,
    dataDir: options.dataDir,
    close: () => db.close(),
  };
}
