import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopesFor } from './scan-scope';

const root = '/music';
const at = (relative: string) => path.join(root, relative);
const existing = new Set(['2019', '2019/Ableton', '2019/Ableton/Night Project', '2019/Ableton/Night Project/Bounces', '2019/Ableton/New Project', 'Logic', 'Logic/Ballad', 'Logic/Ballad/Bounces', 'Demos'].map(at));
const context = {
  root,
  projectPaths: new Set([at('2019/Ableton/Night Project'), at('Logic/Ballad/Ballad.logicx')]),
  isFolder: (candidate: string) => existing.has(candidate),
};

describe('scopesFor', () => {
  it.each([
    ['a new project folder is scanned alone', ['2019/Ableton/New Project/New.als'], ['2019/Ableton/New Project']],
    ['a folder created right in the watched folder is scanned alone', ['2019', '2019/Ableton/New Project'], ['2019']],
    ['a change deep in a known project scans that project', ['2019/Ableton/Night Project/Bounces/mix.wav'], ['2019/Ableton/Night Project']],
    ['a deleted project scans the folder that held it', ['2019/Ableton/Old Project/Old.als'], ['2019/Ableton']],
    ['a package change scans the folder that holds it (its bounces live there)', ['Logic/Ballad/Ballad.logicx/Alternatives/000/MetaData.plist'], ['Logic/Ballad']],
    ['a bounce beside a package scans its holder', ['Logic/Ballad/Bounces/Ballad.wav'], ['Logic/Ballad']],
    ['loose audio scans its folder', ['Demos/idea.wav'], ['Demos']],
    ['nested scopes keep the outer one', ['2019/Ableton/Old Project/x.als', '2019/Ableton/New Project/New.als'], ['2019/Ableton']],
  ])('%s', (_case, changed, expected) => {
    expect(scopesFor(changed.map(at), context)).toEqual(expected.map(at));
  });

  it.each([
    ['a file directly in the watched folder', ['idea.wav']],
    ['a folder vanished right under the watched folder', ['Gone Project/Gone.als']],
  ])('%s means a full scan', (_case, changed) => {
    expect(scopesFor(changed.map(at), context)).toBeNull();
  });

  it('ignores paths outside the watched folder', () => {
    expect(scopesFor(['/elsewhere/x.wav'], context)).toEqual([]);
  });
});
