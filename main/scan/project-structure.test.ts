import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntryKind, WalkEntry } from '../../common/worker-tasks';
import { scanEntryRole } from '../../common/scan-paths';
import { walkLibrary } from '../../workers/scan/walk';
import { groupIntoProjects, type ProjectGroup } from './project-structure';
import { corpusTitle, hasSharedFixtures, SHARED_FIXTURES } from '../../fixtures/shared-fixtures';

const ROOT = '/music';
let inode = 1;

function entry(relative: string, mtimeMs = 1000): WalkEntry {
  const extension = path.extname(relative).toLowerCase();
  const kind: EntryKind = scanEntryRole(path.basename(relative), false) === 'session' ? 'session' : extension === '.logicx' ? 'package' : 'audio';
  return { path: path.join(ROOT, relative), kind, size: 10, mtimeMs, ino: inode++ };
}

function summary(groups: ProjectGroup[]) {
  return groups
    .map((group) => ({
      project: path.relative(ROOT, group.projectPath),
      name: group.name,
      daw: group.daw,
      session: group.session ? path.relative(ROOT, group.session.path) : null,
      audio: group.audio ? path.relative(ROOT, group.audio.path) : null,
    }))
    .sort((a, b) => a.project.localeCompare(b.project));
}

describe('groupIntoProjects', () => {
  it('keeps every other DAW’s backups and autosaves with their project: REAPER .rpp-bak, Studio One History/, Bitwig auto-backups/<Project>/, Cubase Auto Saves/', () => {
    const groups = groupIntoProjects(
      [
        entry('Reaper Song/Reaper Song.rpp', 2000),
        entry('Reaper Song/Reaper Song.rpp-bak', 9000),
        entry('S1 Song/S1 Song.song', 2000),
        entry('S1 Song/History/S1 Song (Autosaved).song', 9000),
        entry('S1 Song/Mixdown/S1 Song.wav', 3000),
        entry('Bitwig Song/Bitwig Song.bwproject', 2000),
        entry('Bitwig Song/auto-backups/Bitwig Song/Bitwig Song [2020-09-18 022911].bwproject', 9000),
        entry('Cubase Song/Cubase Song.cpr', 2000),
        entry('Cubase Song/Auto Saves/Cubase Song-01.cpr', 9000),
        entry('Beat/Beat.flp', 2000),
        entry('Beat/Beat.wav', 2500),
      ],
      ROOT,
    );
    expect(summary(groups)).toEqual([
      { project: 'Beat', name: 'Beat', daw: 'flstudio', session: 'Beat/Beat.flp', audio: 'Beat/Beat.wav' },
      { project: 'Bitwig Song', name: 'Bitwig Song', daw: 'bitwig', session: 'Bitwig Song/Bitwig Song.bwproject', audio: null },
      { project: 'Cubase Song', name: 'Cubase Song', daw: 'cubase', session: 'Cubase Song/Cubase Song.cpr', audio: null },
      { project: 'Reaper Song', name: 'Reaper Song', daw: 'reaper', session: 'Reaper Song/Reaper Song.rpp', audio: null },
      { project: 'S1 Song', name: 'S1 Song', daw: 'studioone', session: 'S1 Song/S1 Song.song', audio: 'S1 Song/Mixdown/S1 Song.wav' },
    ]);
    // The backups are the projects' versions, each with its DAW.
    expect(groups.find((group) => group.daw === 'reaper')?.sessions.map((session) => path.basename(session.path)).sort()).toEqual(['Reaper Song.rpp', 'Reaper Song.rpp-bak']);
    expect(groups.find((group) => group.daw === 'bitwig')?.sessions).toHaveLength(2);
  });

  it('makes one song of an Ableton project folder with versions, backups and samples', () => {
    const groups = groupIntoProjects(
      [
        entry('Night Project/Night.als', 2000),
        entry('Night Project/Night v2.als', 3000),
        entry('Night Project/Backup/Night [2024-01-01 101010].als', 9000),
        entry('Night Project/Night.wav', 2500),
        entry('Night Project/Stems/kick.wav'),
      ],
      ROOT,
    );
    expect(summary(groups)).toEqual([
      { project: 'Night Project', name: 'Night', daw: 'ableton', session: 'Night Project/Night v2.als', audio: 'Night Project/Night.wav' },
    ]);
    expect(groups[0]?.sessions).toHaveLength(3);
  });

  it('links a Pro Tools bounce from Bounced Files, preferring the name that matches', () => {
    const groups = groupIntoProjects(
      [
        entry('Anthem/Anthem.ptx'),
        entry('Anthem/Bounced Files/Anthem_mix3.wav', 1000),
        entry('Anthem/Bounced Files/reference.wav', 5000),
        entry('Anthem/Session File Backups/Anthem.bak.001.ptx'),
      ],
      ROOT,
    );
    expect(summary(groups)).toEqual([
      { project: 'Anthem', name: 'Anthem', daw: 'protools', session: 'Anthem/Anthem.ptx', audio: 'Anthem/Bounced Files/Anthem_mix3.wav' },
    ]);
  });

  it('makes one song per Logic package and lends a project folder’s bounces to its only package', () => {
    const groups = groupIntoProjects(
      [
        entry('Logic/Beat.logicx'),
        entry('Logic/Tape.logicx'),
        entry('Ballad/Ballad.logicx'),
        entry('Ballad/Bounces/Ballad.mp3'),
      ],
      ROOT,
    );
    expect(summary(groups)).toEqual([
      { project: 'Ballad/Ballad.logicx', name: 'Ballad', daw: 'logic', session: 'Ballad/Ballad.logicx', audio: 'Ballad/Bounces/Ballad.mp3' },
      { project: 'Logic/Beat.logicx', name: 'Beat', daw: 'logic', session: 'Logic/Beat.logicx', audio: null },
      { project: 'Logic/Tape.logicx', name: 'Tape', daw: 'logic', session: 'Logic/Tape.logicx', audio: null },
    ]);
  });

  it('makes a song of each audio file outside any project, and none of audio inside one', () => {
    const groups = groupIntoProjects(
      [entry('Demos/idea 1.wav'), entry('Demos/idea 2.mp3'), entry('Song/Song.als'), entry('Song/Recordings/take1.wav')],
      ROOT,
    );
    expect(summary(groups).map((group) => [group.project, group.name, group.daw])).toEqual([
      ['Demos/idea 1.wav', 'idea 1', null],
      ['Demos/idea 2.mp3', 'idea 2', null],
      ['Song', 'Song', 'ableton'],
    ]);
  });

  it('keeps a project whose only sessions are backups, and never links our compressed copies', () => {
    const groups = groupIntoProjects([entry('Old/Backup/Old [2020].als'), entry('Old/Old_compressed.mp3')], ROOT);
    expect(summary(groups)).toEqual([{ project: 'Old', name: 'Old', daw: 'ableton', session: 'Old/Backup/Old [2020].als', audio: null }]);
  });
});

const FIXTURES = SHARED_FIXTURES;

describe.runIf(hasSharedFixtures)(corpusTitle('the real Ableton project folder'), () => {
  it('is one song, not five, and its samples are never walked', () => {
    const root = path.join(FIXTURES, 'ableton-project');
    const walk = walkLibrary(root);
    expect(walk.entries.filter((found) => found.path.includes(`${path.sep}Samples${path.sep}`))).toEqual([]);
    const groups = groupIntoProjects(walk.entries, root);
    expect(groups.map((group) => [group.name, group.daw, group.sessions.length])).toEqual([['test_project', 'ableton', 3]]);
  });
});
