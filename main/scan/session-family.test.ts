import { describe, expect, it } from 'vitest';
import { bounceFamily, familiesOf, familyKey, familyName, sessionStem } from './session-family';

describe('familyName: a session name without its version suffixes', () => {
  it.each([
    ['Night Drive', 'Night Drive'],
    ['Night Drive 2', 'Night Drive'],
    ['Night Drive v3', 'Night Drive'],
    ['Night Drive v1.2', 'Night Drive'],
    ['Night Drive (final)', 'Night Drive'],
    ['Night Drive_mix2', 'Night Drive'],
    ['Night Drive copy', 'Night Drive'],
    ['Night Drive copy 2', 'Night Drive'],
    ['Night Drive - Copy (2)', 'Night Drive'],
    ['Copy of Night Drive', 'Night Drive'],
    ['Night Drive final mix', 'Night Drive'],
    ['Night Drive 2024-01-01', 'Night Drive'],
    ['Night Drive 20240101', 'Night Drive'],
    ['Night Drive [2024-01-01 101010]', 'Night Drive'],
    // Cubase's "Save New Version" and LMMS's numbered saves.
    ['Night Drive-01', 'Night Drive'],
    ['Night Drive-02', 'Night Drive'],
    // Pro Tools' Session File Backups, Studio One's History.
    ['Anthem.bak.001', 'Anthem'],
    ['S1 Song (Autosaved)', 'S1 Song'],
    // Nothing to take off: numbers inside a name, names that are all suffix.
    ['DefaultLiveSet', 'DefaultLiveSet'],
    ['L12-automation', 'L12-automation'],
    ['test_vocal_project', 'test_vocal_project'],
    ['99 Problems', '99 Problems'],
    ['1999', '1999'],
    ['Final Countdown', 'Final Countdown'],
    ['Copycat', 'Copycat'],
    ['Mix', 'Mix'],
    ['2024-01-01', '2024'],
    // A trailing number is a version, whatever it meant (`example-120` at 120 BPM and `example-140` are one song).
    ['example-120', 'example'],
  ])('%s -> %s', (stem, name) => {
    expect(familyName(stem)).toBe(name);
  });
});

describe('familyKey: which names are one song', () => {
  it.each([
    ['Night Drive', 'Night Drive_mix2', true],
    ['Night Drive', 'night_drive (final)', true],
    ['Night Drive', 'NightDrive copy', true],
    ['Night Drive', 'Night Ride', false],
    ['Night Drive', 'Night Drive Reprise', false],
    ['Foo', 'Michelle', false],
    ['DefaultLiveSet', 'Default', false],
    ['test_project', 'test_vocal_project', false],
    ['Café', 'Cafe 2', true],
  ])('%s and %s: %s', (a, b, same) => {
    expect(familyKey(a) === familyKey(b)).toBe(same);
  });
});

describe('sessionStem', () => {
  it.each([
    ['Night Drive 2.als', 'Sketches', 'Night Drive 2'],
    ['Reaper Song.rpp-bak', 'Reaper Song', 'Reaper Song'],
    // Ardour: every .ardour file in a session folder is a snapshot of the folder's session.
    ['before vocals.ardour', 'Tape Song', 'Tape Song'],
  ])('%s in %s -> %s', (fileName, folder, stem) => {
    expect(sessionStem(fileName, folder)).toBe(stem);
  });
});

describe('familiesOf', () => {
  const session = (stem: string, mtimeMs = 1000, backup = false) => ({ stem, mtimeMs, backup });

  it('puts the folder-named family first, then the others by key; backups join the family they name, else the main one', () => {
    const { families } = familiesOf(
      [session('Zebra', 9000), session('Night', 1000), session('Night v2', 2000), session('Apple', 3000), session('Night [2024-01-01 101010]', 9999, true), session('helios [2021]', 5, true)],
      'Night Project',
    );
    expect(families.map((family) => [family.name, family.members.map((member) => member.stem)])).toEqual([
      ['Night', ['Night', 'Night v2', 'Night [2024-01-01 101010]', 'helios [2021]']],
      ['Apple', ['Apple']],
      ['Zebra', ['Zebra']],
    ]);
  });

  it('makes the newest family the main one when none is named after the folder', () => {
    const { families } = familiesOf([session('Foo', 1000), session('Michelle', 3000), session('Bar', 2000), session('stray [2020]', 1, true)], 'Sketches');
    expect(families.map((family) => [family.key, family.members.length])).toEqual([
      ['michelle', 2],
      ['bar', 1],
      ['foo', 1],
    ]);
  });

  it('makes one family of a folder holding only backups', () => {
    const { families } = familiesOf([session('Old [2020]', 1, true), session('Older [2019]', 1, true)], 'Old');
    expect(families.map((family) => [family.name, family.members.length])).toEqual([['Old', 2]]);
  });
});

describe('bounceFamily', () => {
  it.each([
    ['Night Drive_master', 'nightdrive'],
    ['Night Drive Reprise final', 'nightdrivereprise'],
    ['Michelle 2024-03-01', 'michelle'],
    ['reference', null],
  ])('%s -> %s', (stem, family) => {
    expect(bounceFamily(stem, ['nightdrive', 'nightdrivereprise', 'michelle'])).toBe(family);
  });
});
