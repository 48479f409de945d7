/** Watched folders and what scans report (spec section 7: watchDirectory, getWatchedDirectories, scanDirectory). */
import { z } from 'zod';
import { idSchema, pathSchema } from './schema-parts';

export interface WatchedDirectory {
  id: string;
  path: string;
  /** The folder's automatic view. */
  viewId: string | null;
  addedAt: number;
  lastScanAt: number | null;
}

export const directoryPathSchema = z.strictObject({ path: pathSchema });
export const directoryRefSchema = z.strictObject({ id: idSchema });

/** `onFileDetected`: files that appeared or changed in a watched folder. */
export interface FileDetected {
  directoryId: string;
  directoryPath: string;
  /** The changed paths the watcher reported (at most 100; `count` has them all). */
  paths: string[];
  count: number;
}

/** A desktop notification, shown by the shell (Electron's Notification, or the page's in the browser host). */
export interface AppNotification {
  title: string;
  body: string;
  kind: 'info' | 'error';
}
