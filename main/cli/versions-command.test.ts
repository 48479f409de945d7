// `npm run cli -- versions <project> --json` (issue 19), run as a user runs it: the built CLI in its own process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { writeAbletonHistory } from '../../fixtures/generators/project-versions';
import type { VersionsReport } from './versions-command';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test', 'cli.mjs');

function versions(target: string): { status: number | null; report: VersionsReport } {
  const result = spawnSync(process.execPath, [CLI, 'versions', target, '--json'], { encoding: 'utf8' });
  return { status: result.status, report: JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as VersionsReport };
}

describe('cli versions', () => {
  it('prints a project folder’s versions oldest first, each with its figures and what changed', () => {
    const { project, saves } = writeAbletonHistory(tempDir(), 'Late Night', [
      { tempo: 120, tracks: ['Drums'], samples: [] },
      { tempo: 124.5, tracks: ['Drums', 'Keys'], samples: [] },
    ]);
    const { status, report } = versions(path.dirname(project));
    expect(status).toBe(0);
    expect(report.errors).toEqual([]);
    expect(report.versions).toEqual([
      expect.objectContaining({ time: new Date(saves[0]!.time).toISOString(), source: 'daw-backup', path: saves[0]!.path, tempo: 120, timeSignature: '4/4', trackCount: 1, changes: [] }),
      expect.objectContaining({
        source: 'save',
        path: project,
        dawVersion: 'Ableton Live 11.3.21',
        tempo: 124.5,
        key: null,
        samples: [],
        missingSamples: [],
        // The new MIDI track brings two clips of 16 beats each: the arrangement had none.
        changes: [
          { kind: 'tempo', detail: '120 BPM → 124.5 BPM' },
          { kind: 'tracks-added', detail: 'Keys' },
          { kind: 'clip-count', detail: '0 → 2 clips' },
          { kind: 'length', detail: 'empty → 8 bars' },
        ],
      }),
    ]);
  });

  it('says why when the path names no project', () => {
    const empty = tempDir();
    expect(versions(empty).report).toEqual({ versions: [], errors: [{ path: empty, reason: 'No Ableton set, Pro Tools session or Logic project in this folder.' }] });
    expect(versions(path.join(empty, 'nowhere')).report.errors[0]?.reason).toBe('No such file or folder.');
  });
});
