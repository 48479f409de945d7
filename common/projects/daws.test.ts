import { describe, expect, it } from 'vitest';
import { DAW_INFO, dawBadge, dawFromText, dawName, OTHER_DAW } from './daws';
import { DAWS } from './project-meta';

describe('the DAWs', () => {
  it('names every DAW id, with a badge', () => {
    expect(Object.keys(DAW_INFO).sort()).toEqual([...DAWS].sort());
    for (const daw of DAWS) expect(dawName(daw).length).toBeGreaterThan(1);
  });

  it.each([
    ['live', 'ableton'],
    ['Ableton Live', 'ableton'],
    ['pro tools', 'protools'],
    ['PT', 'protools'],
    ['logic pro x', 'logic'],
    ['fl', 'flstudio'],
    ['Fruity', 'flstudio'],
    ['FL Studio', 'flstudio'],
    ['reaper', 'reaper'],
    ['s1', 'studioone'],
    ['Studio One', 'studioone'],
    ['fender', 'studioone'],
    ['Fender Studio Pro', 'studioone'],
    ['cubase', 'cubase'],
    ['Nuendo', 'cubase'],
    ['bitwig', 'bitwig'],
    ['Bitwig Studio', 'bitwig'],
    ['dawproject', 'dawproject'],
    ['GarageBand', 'garageband'],
    ['garage band', 'garageband'],
    ['ardour', 'ardour'],
    ['LMMS', 'lmms'],
  ])('daw:%s means %s', (typed, daw) => {
    expect(dawFromText(typed)).toBe(daw);
  });

  it('knows no DAW by a name nobody uses', () => {
    expect(dawFromText('photoshop')).toBeNull();
    expect(dawFromText('')).toBeNull();
  });

  it('shows a DAW this version does not know as "Other DAW", and loose audio as no DAW', () => {
    expect(dawName('harmonium-2030')).toBe(OTHER_DAW);
    expect(dawBadge('harmonium-2030')).toBe(OTHER_DAW);
    expect(dawName(null)).toBe('');
    expect(dawBadge(undefined)).toBeNull();
    expect(dawName('__proto__')).toBe(OTHER_DAW);
  });
});
