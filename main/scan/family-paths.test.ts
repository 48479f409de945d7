import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordingSession } from '../../common/songs/song';
import type { WalkEntry } from '../../common/bridge/worker-tasks';
import { settleFamilyPaths, type PlacedSong } from './family-paths';
import { groupIntoProjects } from './project-structure';

const ROOT = '/music';
const FOLDER = path.join(ROOT, 'Sketches');

function sets(...names: [string, number][]): WalkEntry[] {
  return names.map(([name, mtimeMs], ino) => ({ path: path.join(FOLDER, name), kind: 'session', size: 10, mtimeMs, ino }));
}

function recording(name: string): PlacedSong {
  const session: RecordingSession = { value: path.join(FOLDER, name), fileName: name, sessionModifiedTime: 1, isPackage: false };
  return { recordingSession: session };
}

function paths(entries: WalkEntry[], existing: Map<string, PlacedSong>): Record<string, string> {
  const groups = settleFamilyPaths(groupIntoProjects(entries, ROOT), existing);
  return Object.fromEntries(groups.map((group) => [group.name, path.relative(ROOT, group.projectPath)]));
}

describe('settleFamilyPaths', () => {
  it('gives the folder to the newest family when no song is there yet', () => {
    expect(paths(sets(['Foo.als', 1000], ['Michelle.als', 2000]), new Map())).toEqual({ Michelle: 'Sketches', Foo: 'Sketches/Foo.als' });
  });

  it('gives the folder to the family of the song’s recording session, however new the others are', () => {
    const existing = new Map([[FOLDER, recording('Foo 2.als')]]);
    expect(paths(sets(['Foo.als', 1000], ['Foo 2.als', 1500], ['Michelle.als', 9000]), existing)).toEqual({ Foo: 'Sketches', Michelle: 'Sketches/Michelle.als' });
  });

  it('keeps the folder’s song when its set was renamed, and a family’s own path when it is a song already', () => {
    const existing = new Map([
      [FOLDER, recording('Foo.als')],
      [path.join(FOLDER, 'Michelle.als'), recording('Michelle.als')],
    ]);
    expect(paths(sets(['Bar.als', 1000], ['Michelle.als', 9000]), existing)).toEqual({ Bar: 'Sketches', Michelle: 'Sketches/Michelle.als' });
  });

  it('lets a family that has its own song keep it when the folder’s other sets are gone', () => {
    const existing = new Map([
      [FOLDER, recording('Foo.als')],
      [path.join(FOLDER, 'Michelle.als'), recording('Michelle.als')],
    ]);
    expect(paths(sets(['Michelle.als', 9000], ['Michelle 2.als', 9500]), existing)).toEqual({ Sketches: 'Sketches/Michelle.als' });
  });
});
