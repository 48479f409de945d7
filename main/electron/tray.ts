/**
 * The tray (menu-bar) icon: it keeps Songshelf running in the background after its window is closed, and says what
 * runs (scanning, uploading, syncing; `trayState`), refreshed from the core's job events. Open brings the window
 * back; Quit is the way out.
 */
import path from 'node:path';
import { Menu, Tray, nativeImage } from 'electron';
import type { JobSummary } from '../../common/bridge/jobs';
import type { Core } from '../core';
import { trayState } from '../desktop/tray-state';

export interface TrayActions {
  open(): void;
  quit(): void;
  /** Set when an update has been downloaded: the menu offers the restart. */
  restartToUpdate?: (() => void) | null;
}

export function setupTray(core: Core, appRoot: string, actions: TrayActions): { refresh(): Promise<void>; destroy(): void } {
  // macOS: a template image, drawn in the menu bar's own colour; Windows: the amber glyph (its @2x file is found
  // by name for high-density screens).
  const mac = process.platform === 'darwin';
  const icon = nativeImage.createFromPath(path.join(appRoot, 'assets', mac ? 'trayTemplate.png' : 'tray.png'));
  if (mac) icon.setTemplateImage(true);
  const tray = new Tray(icon);
  tray.on('click', () => actions.open());

  const refresh = async () => {
    const live = await core.router.dispatch('jobs:list', { states: ['queued', 'running'] });
    const state = trayState(live.ok ? (live.data as JobSummary[]) : []);
    tray.setToolTip(state.tooltip);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Open Songshelf', click: () => actions.open() },
        { type: 'separator' },
        ...(state.busy ? state.lines : ['Up to date']).map((label) => ({ label, enabled: false })),
        ...(actions.restartToUpdate ? [{ type: 'separator' as const }, { label: 'Restart to update', click: actions.restartToUpdate }] : []),
        { type: 'separator' },
        { label: 'Quit Songshelf', click: () => actions.quit() },
      ]),
    );
  };
  // Job events come in bursts during a scan: redraw at most every half second.
  let pending: NodeJS.Timeout | null = null;
  const unsubscribe = core.events.on('jobs:changed', () => {
    pending ??= setTimeout(() => {
      pending = null;
      void refresh();
    }, 500);
  });
  void refresh();
  return {
    refresh,
    destroy: () => {
      unsubscribe();
      if (pending) clearTimeout(pending);
      tray.destroy();
    },
  };
}
