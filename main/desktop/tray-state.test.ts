import { describe, expect, it } from 'vitest';
import { trayState } from './tray-state';

describe('trayState', () => {
  it('names each kind of work under way, counting folders and files', () => {
    const state = trayState([
      { kind: 'scan', state: 'running' },
      { kind: 'scan', state: 'queued' },
      { kind: 'upload', state: 'running' },
      { kind: 'sync', state: 'queued' },
      { kind: 'read-audio', state: 'succeeded' },
      { kind: 'upload', state: 'failed' },
    ]);
    expect(state).toEqual({ busy: true, lines: ['Scanning 2 folders', 'Uploading 1 file', 'Syncing'], tooltip: 'Songshelf: Scanning 2 folders, Uploading 1 file, Syncing' });
  });

  it('is idle when nothing waits or runs', () => {
    expect(trayState([{ kind: 'scan', state: 'succeeded' }])).toEqual({ busy: false, lines: [], tooltip: 'Songshelf: up to date' });
  });
});
