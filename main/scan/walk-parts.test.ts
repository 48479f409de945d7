// The walk in parts (issue 45): a first scan groups each part on its own while the walk goes on, so a part may end only
// where what is below groups into the same songs whatever else is found. Held to the whole walk's grouping on a real
// tree in a temp folder that has every case that ties folders together: a session beside subfolders, a backup folder,
// Bitwig's nested auto-backups, a Logic package's holder folder, bounce folders and lone audio.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WalkEntry } from '../../common/bridge/worker-tasks';
import { tempDir } from '../../db/test-support';
import { groupIntoProjects } from './project-structure';
import { walkLibrary } from '../../workers/scan/walk';

function touch(root: string, file: string): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, 'x');
}

function writeTree(root: string): void {
  for (let i = 0; i < 6; i += 1) {
    touch(root, `2024/Ableton/Song ${i} Project/Song ${i}.als`);
    touch(root, `2024/Ableton/Song ${i} Project/Bounces/Song ${i}.wav`);
  }
  // A project folder whose subfolders must stay with it: audio below is its bounce, a backup its version.
  touch(root, 'Band/Live Set.als');
  touch(root, 'Band/Bounces/Live Set.wav');
  touch(root, 'Band/Take 2/Take 2.wav');
  touch(root, 'Old/Tune Project/Backup/Tune [2020-01-01].als');
  touch(root, 'Old/Tune Project/Tune.wav');
  touch(root, 'Bitwig/Beat/auto-backups/Beat/Beat-1.bwproject');
  touch(root, 'Bitwig/Beat/Beat.bwproject');
  fs.mkdirSync(path.join(root, 'Logic/Ballad/Ballad.logicx'), { recursive: true });
  touch(root, 'Logic/Ballad/Bounces/Ballad.wav');
  touch(root, 'Memos/idea one.wav');
  touch(root, 'Memos/Sub/idea two.wav');
  touch(root, 'loose.wav');
}

/** The songs `entries` make, in a stable order. */
function songsOf(entries: WalkEntry[], root: string): string[] {
  return groupIntoProjects(entries, root)
    .map((group) => JSON.stringify([group.projectPath, group.name, group.session?.path ?? null, group.audio?.path ?? null, group.sessions.map((entry) => entry.path).sort()]))
    .sort();
}

describe('the walk in parts', () => {
  it('hands over parts that group into the same songs as the whole walk, and every entry once', () => {
    const root = tempDir('songshelf-walk-');
    writeTree(root);
    const whole = walkLibrary(root);

    const parts: WalkEntry[][] = [];
    const rest = walkLibrary(root, (entries) => parts.push(entries), 1);
    parts.push(rest.entries);

    expect(parts.length).toBeGreaterThan(5);
    const all = parts.flat();
    expect(all.map((entry) => entry.path).sort()).toEqual(whole.entries.map((entry) => entry.path).sort());
    expect(parts.flatMap((part) => songsOf(part, root)).sort()).toEqual(songsOf(whole.entries, root));
    expect(rest.errors).toEqual(whole.errors);
  });

  it('never splits what is below a folder that is a project, whatever it holds', () => {
    const root = tempDir('songshelf-walk-');
    touch(root, 'Band/Live Set.als');
    for (let i = 0; i < 5; i += 1) touch(root, `Band/Take ${i}/Take ${i}.wav`);
    const parts: WalkEntry[][] = [];
    const rest = walkLibrary(root, (entries) => parts.push(entries), 1);
    expect([...parts, rest.entries].filter((part) => part.length > 0).map((part) => part.length)).toEqual([6]);
  });
});
