/**
 * The application menu with the usual shortcuts (Electron's roles give each platform its own): on macOS the app
 * menu; Edit (undo, cut, copy, paste, select all: the table's editors rely on them), View (zoom, full screen),
 * Window, and Help with the documentation.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { WEBSITE_ORIGIN } from '../../common/bridge/app-links';

export const DOCS_URL = `${WEBSITE_ORIGIN}/docs`;

export function menuTemplate(platform: NodeJS.Platform, openDocs: () => void): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Songshelf Documentation', click: openDocs }] },
  ];
}

export function setupMenu(openDocs: () => void): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, openDocs)));
}
