import { describe, expect, it } from 'vitest';
import type { AlsFacts } from './als-facts';
import { setFields, timeSignatureOf } from './set-fields';

function facts(overrides: Partial<AlsFacts>): AlsFacts {
  return {
    creator: 'Ableton Live 11.3.21',
    minorVersion: '11.0_11300',
    sawLiveSet: true,
    sawTracks: true,
    trackNames: [],
    trackIds: [],
    devices: [],
    plugins: [],
    clipCount: 0,
    arrangementEnd: 0,
    tempoManual: '120',
    tempoStartEvent: null,
    tempoEventsVary: false,
    tempoTargetId: '8',
    envelopes: [],
    timeSignatureManual: '201',
    timeSignatureStartEvent: null,
    scaleRoot: null,
    scaleName: null,
    inKey: null,
    sampleRefs: [],
    ...overrides,
  };
}

describe('timeSignatureOf', () => {
  it.each([
    ['201', '4/4'],
    ['200', '3/4'],
    ['302', '6/8'],
    ['99', '1/2'],
    ['0', '1/1'],
    ['406', '11/16'],
    ['9999', null],
    ['-1', null],
    ['4/4', null],
    [null, null],
  ])('decodes %s as %s', (raw, expected) => {
    expect(timeSignatureOf(raw)).toBe(expected);
  });
});

describe('setFields', () => {
  it('takes the Live 8 tempo from the song-start event when there is no Manual', () => {
    expect(setFields(facts({ tempoManual: null, tempoStartEvent: '98.5' })).tempo).toBe(98.5);
  });

  it('takes the signature from the song-start event when there is no Manual', () => {
    expect(setFields(facts({ timeSignatureManual: null, timeSignatureStartEvent: '302' })).timeSignature).toBe('6/8');
  });

  it('calls the tempo automated only through the envelope that targets the tempo', () => {
    const otherTarget = facts({ envelopes: [{ pointeeId: '10', varies: true }] });
    const tempoTarget = facts({ envelopes: [{ pointeeId: '10', varies: false }, { pointeeId: '8', varies: true }] });
    expect(setFields(otherTarget).tempoAutomated).toBe(false);
    expect(setFields(tempoTarget).tempoAutomated).toBe(true);
  });

  it('calls the tempo automated when its arranger events change (Live 8 and 9)', () => {
    expect(setFields(facts({ tempoEventsVary: true })).tempoAutomated).toBe(true);
  });

  it('gives a set whose tempo cannot be found without it: its version, tracks and signature still count (issue 19)', () => {
    const fields = setFields(facts({ tempoManual: null, tempoStartEvent: null, trackNames: ['Drums', 'Bass'] }));
    expect(fields).toMatchObject({ tempo: null, tempoAutomated: false, dawVersion: 'Ableton Live 11.3.21', trackCount: 2, tracks: ['Drums', 'Bass'], timeSignature: '4/4' });
  });

  it.each([
    [{ tempoManual: 'fast' }, 'tempo is not a number ("fast")'],
    [{ sawLiveSet: false }, 'not an Ableton Live set (no LiveSet element)'],
  ])('rejects facts %o: %s', (overrides, reason) => {
    expect(() => setFields(facts(overrides))).toThrow(reason);
  });

  it('reads the Live version for the key from Creator when MinorVersion is absent', () => {
    const live12 = facts({ minorVersion: null, creator: 'Ableton Live 12.0b16', scaleRoot: '7', scaleName: '0', inKey: 'true' });
    expect(setFields(live12).key).toBe('G major');
  });

  it('has no track count when the set has no Tracks element', () => {
    expect(setFields(facts({ sawTracks: false })).trackCount).toBeNull();
  });
});
