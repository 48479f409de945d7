import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { MIN_SIZE, placeOnScreens, readWindowState, writeWindowState } from './window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('window state', () => {
  it('is written and read back; a missing or corrupt file is no state', () => {
    const dir = tempDir();
    expect(readWindowState(dir)).toEqual({ bounds: null, maximized: false });
    writeWindowState(dir, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true });
    expect(readWindowState(dir)).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true });
    fs.writeFileSync(path.join(dir, 'window-state.json'), '{"bounds":{"x":"left"');
    expect(readWindowState(dir)).toEqual({ bounds: null, maximized: false });
    fs.writeFileSync(path.join(dir, 'window-state.json'), '{"bounds":{"x":1e9,"y":0,"width":10,"height":10}}');
    expect(readWindowState(dir).bounds).toBeNull();
  });

  it('keeps a place on a screen the computer still has, and drops one on a monitor unplugged since', () => {
    const onMonitor = { bounds: { x: 2000, y: 100, width: 1200, height: 800 }, maximized: false };
    expect(placeOnScreens(onMonitor, [laptop, monitor])).toEqual(onMonitor);
    expect(placeOnScreens(onMonitor, [laptop])).toEqual({ bounds: null, maximized: false });
  });

  it('never restores a window smaller than the minimum', () => {
    const tiny = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false };
    expect(placeOnScreens(tiny, [laptop]).bounds).toEqual({ x: 10, y: 10, ...MIN_SIZE });
  });
});
