// `npm run cli -- scan <dir> --json` (issue 31: the plug-ins of every song), run as a user runs it: the built CLI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { writeWav } from '../../fixtures/generators/wav';
import type { CliReport } from './scan-command';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test', 'cli.mjs');

function scan(folder: string): CliReport {
  const result = spawnSync(process.execPath, [CLI, 'scan', folder, '--json'], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as CliReport;
}

describe('cli scan', () => {
  it('gives each song its plug-ins by name and format, with their instances, and a Live 8 set its tempo and signature', () => {
    const folder = tempDir();
    fs.mkdirSync(path.join(folder, 'Old Song Project'));
    writeAls(path.join(folder, 'Old Song Project', 'Old Song.als'), {
      style: 'live8',
      tempo: 92,
      timeSignature: 302,
      tracks: [
        { kind: 'midi', name: 'Keys', plugins: ['Serum', { name: 'FF Pro-Q 2', format: 'AU' }] },
        { kind: 'audio', name: 'Vox', plugins: [{ name: 'FF Pro-Q 2', format: 'AU' }, { name: 'Diva', format: 'VST3' }] },
      ],
    });
    writeWav(path.join(folder, 'Bounce.wav'), 1);

    const report = scan(folder);

    expect(report.errors).toEqual([]);
    const live = report.songs.find((song) => song.name === 'Old Song');
    expect(live).toMatchObject({ daw: 'ableton', dawVersion: 'Ableton Live 8.1.4', tempo: 92, timeSignature: '6/8' });
    expect(live?.plugins).toEqual([
      { name: 'Serum', format: 'VST2', instances: 1 },
      { name: 'FF Pro-Q 2', format: 'AU', instances: 2 },
      { name: 'Diva', format: 'VST3', instances: 1 },
    ]);
    expect(report.songs.find((song) => song.name === 'Bounce')?.plugins).toEqual([]);
  });
});
