/**
 * The main window's place and size, remembered between runs (`<data>/window-state.json`). A saved place is used
 * only if it still lands on a screen the computer has now (a monitor unplugged since must not leave the window off
 * screen): otherwise the window opens at its default size, centred by the OS. A missing or corrupt file is the same
 * as none; writes are atomic.
 */
import fs from 'node:fs';
import path from 'node:path';
import { temporaryFileOf } from '../files/temp-files';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds | null;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 };
export const MIN_SIZE = { width: 900, height: 560 };
/** How much of the title bar must stay on a screen for the window to be reachable. */
const VISIBLE = { width: 100, height: 40 };
const FILE_NAME = 'window-state.json';

/** The saved place if it is on one of `screens` (their work areas), with its size kept at least the minimum. */
export function placeOnScreens(saved: WindowState, screens: readonly Bounds[]): WindowState {
  const bounds = saved.bounds;
  if (!bounds) return { bounds: null, maximized: saved.maximized };
  const width = Math.max(MIN_SIZE.width, bounds.width);
  const height = Math.max(MIN_SIZE.height, bounds.height);
  const reachable = screens.some(
    (screen) =>
      bounds.x + VISIBLE.width <= screen.x + screen.width &&
      bounds.x + width - VISIBLE.width >= screen.x &&
      bounds.y >= screen.y &&
      bounds.y + VISIBLE.height <= screen.y + screen.height,
  );
  return { bounds: reachable ? { ...bounds, width, height } : null, maximized: saved.maximized };
}

export function readWindowState(dataDir: string): WindowState {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, FILE_NAME), 'utf8')) as Partial<WindowState>;
    const bounds = parsed.bounds;
    const valid = bounds && [bounds.x, bounds.y, bounds.width, bounds.height].every((value) => Number.isFinite(value) && Math.abs(value) < 100_000);
    return { bounds: valid ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : null, maximized: parsed.maximized === true };
  } catch {
    return { bounds: null, maximized: false };
  }
}

export function writeWindowState(dataDir: string, state: WindowState): void {
  const file = path.join(dataDir, FILE_NAME);
  const temporary = temporaryFileOf(file);
  fs.writeFileSync(temporary, JSON.stringify(state));
  fs.renameSync(temporary, file);
}
