import { describe, expect, it } from 'vitest';
import type { Filter } from './query';
import { parseSearch } from './search-syntax';

describe('parseSearch', () => {
  it.each<[string, string[], Filter[]]>([
    ['', [], []],
    ['night drive', ['night', 'drive'], []],
    ['"blue hour"', ['blue', 'hour'], []],
    ['bpm:120-128', [], [{ op: 'range', field: 'bpm', min: 120, max: 128 }]],
    ['bpm:120', [], [{ op: 'range', field: 'bpm', min: 120, max: 120 }]],
    ['bpm:120-', [], [{ op: 'range', field: 'bpm', min: 120 }]],
    ['bpm:-128', [], [{ op: 'range', field: 'bpm', max: 128 }]],
    ['bpm:128-120', [], [{ op: 'range', field: 'bpm', min: 120, max: 128 }]],
    ['TEMPO:99.5-100', [], [{ op: 'range', field: 'tempo', min: 99.5, max: 100 }]],
    ['key:Am', [], [{ op: 'equals', field: 'key', value: 'A minor' }]],
    ['key:"A minor"', [], [{ op: 'equals', field: 'key', value: 'A minor' }]],
    ['key:a-minor', [], [{ op: 'equals', field: 'key', value: 'A minor' }]],
    ['key:"A min"', [], [{ op: 'equals', field: 'key', value: 'A minor' }]],
    ['key:Amin', [], [{ op: 'equals', field: 'key', value: 'A minor' }]],
    ['key:A#m', [], [{ op: 'equals', field: 'key', value: 'Bb minor' }]],
    ['key:Gb', [], [{ op: 'equals', field: 'key', value: 'F# major' }]],
    ['key:C', [], [{ op: 'equals', field: 'key', value: 'C major' }]],
    ['key:bbm', [], [{ op: 'equals', field: 'key', value: 'Bb minor' }]],
    ['status:mixing', [], [{ op: 'equals', field: 'status', value: 'Mixing' }]],
    ['status:mix', [], [{ op: 'equals', field: 'status', value: 'Mixing' }]],
    ['Status:DONE', [], [{ op: 'equals', field: 'status', value: 'Done' }]],
    ['priority:high', [], [{ op: 'equals', field: 'priority', value: 'High' }]],
    ['priority:u', [], [{ op: 'equals', field: 'priority', value: 'Urgent' }]],
    ['tier:a', [], [{ op: 'equals', field: 'tier', value: 'A' }]],
    ['tag:"EP 2"', [], [{ op: 'hasTag', field: 'tags', value: 'EP 2' }]],
    ['tag:demo', [], [{ op: 'hasTag', field: 'tags', value: 'demo' }]],
    ['daw:ableton', [], [{ op: 'equals', field: 'daw', value: 'ableton' }]],
    ['daw:live', [], [{ op: 'equals', field: 'daw', value: 'ableton' }]],
    ['daw:Logic', [], [{ op: 'equals', field: 'daw', value: 'logic' }]],
    ['daw:"pro tools"', [], [{ op: 'equals', field: 'daw', value: 'protools' }]],
    ['daw:pt', [], [{ op: 'equals', field: 'daw', value: 'protools' }]],
    ['missing:true', [], [{ op: 'equals', field: 'missing', value: 'true' }]],
    ['missing:no', [], [{ op: 'equals', field: 'missing', value: 'false' }]],
    ['name:echo', [], [{ op: 'contains', field: 'name', value: 'echo' }]],
    ['notes:"vocal take"', [], [{ op: 'contains', field: 'notes', value: 'vocal take' }]],
    ['mood:dark', ['mood:dark'], []],
    ['constructor:x', ['constructor:x'], []],
    ['bpm:', [], []],
    // One source named: the song's own tempo, or its audio's; what the analysis heard.
    ['tempo:120-128', [], [{ op: 'range', field: 'tempo', min: 120, max: 128 }]],
    ['audiobpm:87.5', [], [{ op: 'range', field: 'audioBpm', min: 87.5, max: 87.5 }]],
    ['audiokey:ebm', [], [{ op: 'equals', field: 'audioKey', value: 'Eb minor' }]],
    ['lufs:-14..-8', [], [{ op: 'range', field: 'lufs', min: -14, max: -8 }]],
    ['lufs:-8..-14', [], [{ op: 'range', field: 'lufs', min: -14, max: -8 }]],
    ['lufs:..-9', [], [{ op: 'range', field: 'lufs', max: -9 }]],
    ['lufs:-23', [], [{ op: 'range', field: 'lufs', min: -23, max: -23 }]],
    ['peak:-1..', [], [{ op: 'range', field: 'truePeak', min: -1 }]],
    ['duration:120..240', [], [{ op: 'range', field: 'durationS', min: 120, max: 240 }]],
    ['bpm:120..128', [], [{ op: 'range', field: 'bpm', min: 120, max: 128 }]],
    [
      'river bpm:120-128 key:Am tag:"EP 2" echo',
      ['river', 'echo'],
      [
        { op: 'range', field: 'bpm', min: 120, max: 128 },
        { op: 'equals', field: 'key', value: 'A minor' },
        { op: 'hasTag', field: 'tags', value: 'EP 2' },
      ],
    ],
  ])('%s', (text, words, filters) => {
    expect(parseSearch(text)).toEqual({ words, filters });
  });

  it.each([
    ['bpm:fast', 'bpm: takes a tempo or a range, such as bpm:120-128.'],
    ['lufs:loud', 'lufs: takes a number or a range, such as lufs:-14..-8.'],
    ['lufs:-14-8', 'lufs: takes a number or a range, such as lufs:-14..-8.'],
    ['bpm:120 bpm:1-2-3', 'bpm: takes a tempo or a range, such as bpm:120-128.'],
    ['tempo:-', 'tempo: takes a tempo or a range, such as tempo:120-128.'],
    ['key:H', 'key: takes a musical key, such as key:Am or key:"F# minor".'],
    ['key:Cmaj7', 'key: takes a musical key, such as key:Am or key:"F# minor".'],
    ['status:m', 'status:m could be Mixing or Mastering; type a little more.'],
    ['status:mixed', 'status: takes Backlog, Writing, Recording, Mixing, Mastering or Done.'],
    ['tier:e', 'tier: takes S, A, B, C or D.'],
    ['daw:photoshop', 'daw: takes ableton, logic, protools, flstudio, reaper, studioone, cubase, bitwig, dawproject, garageband, ardour or lmms, such as daw:ableton.'],
    ['missing:maybe', 'missing: takes true, false or plugins.'],
  ])('%s is refused with a clear message', (text, message) => {
    expect(() => parseSearch(text)).toThrow(expect.objectContaining({ code: 'invalid_input', message }));
  });
});
