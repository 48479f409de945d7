/** Watched folders and what scans report (spec section 7: watchDirectory, getWatchedDirectories, scanDirectory). */
import { z } from 'zod';
import { idSchema, pathSchema } from '../bridge/schema-parts';

export interface WatchedDirectory {
  id: string;
  path: string;
  /** The folder's automatic view. */
  viewId: string | null;
  addedAt: number;
  lastScanAt: number | null;
}

export const directoryPathSchema = z.strictObject({ path: pathSchema });

/** The first run's demo library's folder, in the user's Music folder (main/library/demo-library.ts). */
export const DEMO_FOLDER_NAME = 'Songshelf Demo Library';

/** The demo library: where it is, whether it is watched, and what Remove would take (null: not the demo's folder). */
export interface DemoState {
  path: string;
  watched: boolean;
  removal: { songs: number; files: number; otherFiles: number } | null;
}

/** A folder of the browser host's folder browser (main/library/folder-browser.ts) and the folders in it. */
export interface FolderListing {
  path: string;
  /** Null at the home folder: the browser goes no higher. */
  parent: string | null;
  watchable: boolean;
  /** Why it may not be watched (the folder rules' words). */
  reason?: string;
  folders: { name: string; path: string; watchable: boolean; reason?: string }[];
  /** More folders than the browser lists. */
  truncated: boolean;
}

export const browseFoldersSchema = z.strictObject({ path: pathSchema.optional() });

/** What "Choose folder…" got: the folders picked in the OS's dialog, or `native: false` where there is none (a browser). */
export interface ChosenFolders {
  native: boolean;
  paths: string[];
}
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
