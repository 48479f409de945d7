import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntryKind, WalkEntry } from '../../common/bridge/worker-tasks';
import { scanEntryRole } from '../../common/projects/scan-paths';
import { walkLibrary } from '../../workers/scan/walk';
import { groupIntoProjects, isBounceLocation, type ProjectGroup } from './project-structure';
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

// The one bounce rule: the scan gives a song these files as its audio, and a link may play these versions
// (main/sharing/shared-versions.ts imports it).
describe('isBounceLocation', () => {
  it.each([
    ['Song/Mix.wav', true],
    ['Song/Bounced Files/Mix.wav', true],
    ['Song/EXPORTS/Mix.wav', true],
    ['Song/mixdown/Mix.wav', true],
    ['Song/Samples/Kick.wav', false],
    ['Song/Bounced Files/old/Mix.wav', false],
    ['Other/Bounced Files/Mix.wav', false],
    ['Mix.wav', false],
  ])('%s is a bounce of /music/Song: %s', (file, expected) => {
    expect(isBounceLocation(path.join(ROOT, file), path.join(ROOT, 'Song'))).toBe(expected);
  });
});

describe('groupIntoProjects', () => {
  it('keeps every other DAW’s backups and autosaves with their project: REAPER .rpp-bak, Studio One History/, Bitwig auto-backups/<Project>/, Cubase Auto Saves/, FL Studio Backup/', () => {
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
        entry('Beat/Backup/Beat (overwritten at 1h02).flp', 1500),
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
    expect(groups.find((group) => group.daw === 'flstudio')?.sessions).toHaveLength(2);
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

describe('groupIntoProjects: one song per song, whatever the DAW’s save habits', () => {
  const ELEVEN = ['Foo', 'Michelle', 'DefaultLiveSet', 'Night Drive', 'Night Ride', 'Test Project', 'L12-automation', 'Tape Loop', 'Ballad', 'Anthem', 'Zebra'];

  it('makes eleven songs of a folder of eleven unrelated sets, each named after its set, the newest keeping the folder', () => {
    const groups = groupIntoProjects(ELEVEN.map((name, i) => entry(`Sketches/${name}.als`, 1000 + i)), ROOT);
    expect(groups).toHaveLength(11);
    expect(summary(groups).map((group) => [group.name, group.session])).toEqual(
      expect.arrayContaining(ELEVEN.map((name) => [name, `Sketches/${name}.als`])),
    );
    for (const group of groups) expect(group.sessions).toHaveLength(1);
    // The newest set's song is the folder's, as the one song was; the others are named by their set in the folder.
    expect(groups.find((group) => group.projectPath === path.join(ROOT, 'Sketches'))?.name).toBe('Zebra');
    expect(groups.find((group) => group.name === 'Foo')?.projectPath).toBe(path.join(ROOT, 'Sketches', 'Foo.als'));
    expect(new Set(groups.map((group) => group.projectPath)).size).toBe(11);
  });

  it('makes one song of a folder of versions of one name, with all six as its versions and the newest its session', () => {
    const versions = ['Night Drive.als', 'Night Drive 2.als', 'Night Drive v3.als', 'Night Drive (final).als', 'Night Drive_mix2.als', 'Night Drive copy.als'];
    const groups = groupIntoProjects([...versions.map((name, i) => entry(`Night Drive/${name}`, 1000 + i)), entry('Night Drive/Night Drive.wav')], ROOT);
    expect(summary(groups)).toEqual([
      { project: 'Night Drive', name: 'Night Drive', daw: 'ableton', session: 'Night Drive/Night Drive copy.als', audio: 'Night Drive/Night Drive.wav' },
    ]);
    expect(groups[0]?.sessions).toHaveLength(6);
  });

  it('gives each family the bounce whose name matches it, backups to the family they name, and the rest to the main family', () => {
    const groups = groupIntoProjects(
      [
        entry('Album/Night Drive.als', 3000),
        entry('Album/Night Drive 2.als', 4000),
        entry('Album/Michelle.als', 5000),
        entry('Album/Backup/Night Drive [2024-01-01 101010].als', 9000),
        entry('Album/Backup/Michelle [2024-01-01 101010].als', 9000),
        entry('Album/Backup/Renamed [2023-01-01 101010].als', 9000),
        entry('Album/Night Drive_master.wav', 4500),
        entry('Album/Bounces/Michelle final.wav', 5500),
        entry('Album/reference.wav', 9000),
        entry('Pair/Alpha.als', 1000),
        entry('Pair/Beta.als', 2000),
        entry('Pair/mixdown.wav', 3000),
      ],
      ROOT,
    );
    expect(summary(groups)).toEqual([
      { project: 'Album', name: 'Michelle', daw: 'ableton', session: 'Album/Michelle.als', audio: 'Album/Bounces/Michelle final.wav' },
      { project: 'Album/Night Drive.als', name: 'Night Drive', daw: 'ableton', session: 'Album/Night Drive 2.als', audio: 'Album/Night Drive_master.wav' },
      // Audio that names no family is the main family's (here the newest set's), as it was the folder's one song's.
      { project: 'Pair', name: 'Beta', daw: 'ableton', session: 'Pair/Beta.als', audio: 'Pair/mixdown.wav' },
      { project: 'Pair/Alpha.als', name: 'Alpha', daw: 'ableton', session: 'Pair/Alpha.als', audio: null },
    ]);
    const sessionsOf = (name: string) => groups.find((group) => group.name === name)?.sessions.map((session) => path.basename(session.path)).sort();
    expect(sessionsOf('Night Drive')).toEqual(['Night Drive 2.als', 'Night Drive [2024-01-01 101010].als', 'Night Drive.als']);
    expect(sessionsOf('Michelle')).toEqual(['Michelle [2024-01-01 101010].als', 'Michelle.als', 'Renamed [2023-01-01 101010].als']);
  });

  it('holds for every DAW: Cubase’s Save New Version, LMMS’s numbered saves, Ardour’s snapshots, two DAWs in one folder', () => {
    const groups = groupIntoProjects(
      [
        entry('Cubase Song/Cubase Song.cpr', 1000),
        entry('Cubase Song/Cubase Song-01.cpr', 2000),
        entry('Cubase Song/Cubase Song-02.cpr', 3000),
        entry('Cubase Song/Other Idea.cpr', 500),
        entry('Beats/Beat-01.mmpz', 1000),
        entry('Beats/Beat-02.mmpz', 2000),
        entry('Tape/Tape.ardour', 1000),
        entry('Tape/before vocals.ardour', 2000),
        entry('Both/Song.als', 1000),
        entry('Both/Song.rpp', 2000),
        entry('Both/Song.rpp-bak', 3000),
      ],
      ROOT,
    );
    expect(summary(groups).map((group) => [group.project, group.name, group.session])).toEqual([
      ['Beats', 'Beats', 'Beats/Beat-02.mmpz'],
      ['Both', 'Both', 'Both/Song.rpp'],
      ['Cubase Song', 'Cubase Song', 'Cubase Song/Cubase Song-02.cpr'],
      ['Cubase Song/Other Idea.cpr', 'Other Idea', 'Cubase Song/Other Idea.cpr'],
      ['Tape', 'Tape', 'Tape/before vocals.ardour'],
    ]);
    expect(groups.find((group) => group.name === 'Cubase Song')?.sessions).toHaveLength(3);
    expect(groups.find((group) => group.name === 'Tape')?.sessions).toHaveLength(2);
    expect(groups.find((group) => group.name === 'Both')?.sessions).toHaveLength(3);
  });

  it('keeps the copy Ardour makes of a session it upgrades (`<name>-3002.ardour`) as a version, never the session', () => {
    // Ardour opening an older session first copies it to `<snapshot>-<its version>.ardour` (libs/ardour/session_state.cc);
    // real session folders hold such pairs, and a clone or a copy gives both files one time.
    for (const copiedAt of [2000, 3000]) {
      const groups = groupIntoProjects([entry('Ubidoo/Ubidoo.ardour', 2000), entry('Ubidoo/Ubidoo-3002.ardour', copiedAt), entry('Ubidoo/Mix-2024.ardour', 1000)], ROOT);
      expect(summary(groups).map((group) => [group.project, group.session])).toEqual([['Ubidoo', 'Ubidoo/Ubidoo.ardour']]);
      expect(groups[0]?.sessions).toHaveLength(3);
    }
    // A snapshot the user named with four digits, with no session of the name before them, is a snapshot like any.
    const named = groupIntoProjects([entry('Tape/Tape.ardour', 1000), entry('Tape/Mix-2024.ardour', 2000)], ROOT);
    expect(summary(named).map((group) => group.session)).toEqual(['Tape/Mix-2024.ardour']);
  });
});

const FIXTURES = SHARED_FIXTURES;

describe.runIf(hasSharedFixtures)(corpusTitle('the real Ableton project folder'), () => {
  // EXPECTED.md calls it "one song, not five" (written before one song per family): its two sets have different
  // names (`test_project`, `test_vocal_project`), so they are two songs; the backup (`helios [...]`) names neither
  // and stays with the folder's own set. Still not five: no sample becomes a song.
  it('is two songs (one per set name), not five, and its samples are never walked', () => {
    const root = path.join(FIXTURES, 'ableton-project');
    const walk = walkLibrary(root);
    expect(walk.entries.filter((found) => found.path.includes(`${path.sep}Samples${path.sep}`))).toEqual([]);
    const groups = groupIntoProjects(walk.entries, root);
    expect(groups.map((group) => [group.name, group.daw, group.sessions.length])).toEqual([
      ['test_project', 'ableton', 2],
      ['test_vocal_project', 'ableton', 1],
    ]);
  });
});

describe.runIf(hasSharedFixtures)(corpusTitle('the real folder of unrelated Live sets'), () => {
  // One folder, eleven sets saved by different people: a song per set name. `example-120` and `example-140` are one
  // song by the rule (a trailing number is a version), the other nine names are songs of their own.
  it('is one song per set name, not one song of eleven sets', () => {
    const folder = path.join(FIXTURES, 'als');
    const groups = groupIntoProjects(walkLibrary(FIXTURES).entries, FIXTURES).filter((group) => group.family?.folder === folder);
    expect(groups.map((group) => group.name).sort()).toEqual([
      'automation-intense-unaligned',
      'DefaultLiveSet',
      'empty',
      'example',
      'Foo',
      'junk',
      'L12-automation',
      'live9-patch-markers-noauto',
      'Michelle',
      'Test Project',
    ].sort());
    expect(groups.find((group) => group.name === 'example')?.sessions.map((session) => path.basename(session.path)).sort()).toEqual(['example-120.als', 'example-140.als']);
  });
});
