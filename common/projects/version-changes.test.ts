import { describe, expect, it } from 'vitest';
import type { ProjectMeta } from './project-meta';
import { versionChanges } from './version-changes';

function meta(overrides: Partial<ProjectMeta> = {}): ProjectMeta {
  return {
    daw: 'ableton',
    dawVersion: 'Ableton Live 11.3.21',
    tempo: 120,
    tempoAutomated: false,
    timeSignature: '4/4',
    key: null,
    sampleRate: null,
    trackCount: 2,
    tracks: ['Drums', 'Bass'],
    samples: ['/p/Samples/kick.wav'],
    missingSamples: [],
    ...overrides,
  };
}

describe('versionChanges', () => {
  it('says a save that changed nothing musical changed nothing, whatever the float32 noise in the tempo', () => {
    expect(versionChanges(meta({ tempo: 120 }), meta({ tempo: 119.999992 }))).toEqual([{ kind: 'no-musical-change', detail: 'no musical change' }]);
  });

  it('tells tempo, its automation, the signature and the key, as before → after', () => {
    const changes = versionChanges(meta(), meta({ tempo: 126.5, tempoAutomated: true, timeSignature: '6/8', key: 'A minor' }));
    expect(changes).toEqual([
      { kind: 'tempo', detail: '120 BPM → 126.5 BPM' },
      { kind: 'tempo-automation', detail: 'tempo changes added' },
      { kind: 'time-signature', detail: '4/4 → 6/8' },
      { kind: 'key', detail: 'none → A minor' },
    ]);
  });

  it('tells tracks added and removed by name, two tracks of one name counting twice', () => {
    const changes = versionChanges(meta({ tracks: ['Drums', 'Bass', 'Vox'] }), meta({ tracks: ['Drums', 'Vox', 'Vox', 'Pad'] }));
    expect(changes).toEqual([
      { kind: 'tracks-added', detail: 'Vox, Pad' },
      { kind: 'tracks-removed', detail: 'Bass' },
    ]);
  });

  it('tells a track count where the format names no tracks (Logic)', () => {
    expect(versionChanges(meta({ daw: 'logic', tracks: [], trackCount: 9 }), meta({ daw: 'logic', tracks: [], trackCount: 11 }))).toEqual([{ kind: 'track-count', detail: '9 → 11 tracks' }]);
  });

  it('tells samples added and removed by file name, and those gone missing or found again', () => {
    const before = meta({ samples: ['/p/kick.wav', '/p/snare.wav', '/p/vox.wav'], missingSamples: ['/p/vox.wav'] });
    const after = meta({ samples: ['/p/kick.wav', '/p/snare.wav', '/p/vox.wav', '/p/pad.aif'], missingSamples: ['/p/snare.wav'] });
    expect(versionChanges(before, after)).toEqual([
      { kind: 'samples-added', detail: 'pad.aif' },
      { kind: 'samples-missing', detail: 'snare.wav' },
      { kind: 'samples-found', detail: 'vox.wav' },
    ]);
  });

  it('lists five names and counts the rest', () => {
    const tracks = Array.from({ length: 8 }, (_, i) => `T${i + 1}`);
    expect(versionChanges(meta({ tracks: [] , trackCount: 0 }), meta({ tracks }))[0]).toEqual({ kind: 'tracks-added', detail: 'T1, T2, T3, T4, T5 and 3 more' });
  });

  it('tells a newer DAW version beside the music, not as a musical change', () => {
    expect(versionChanges(meta(), meta({ dawVersion: 'Ableton Live 12.1.5' }))).toEqual([
      { kind: 'no-musical-change', detail: 'no musical change' },
      { kind: 'daw-version', detail: 'saved by Ableton Live 12.1.5' },
    ]);
  });

  it('tells a tempo that appears or is lost', () => {
    expect(versionChanges(meta({ tempo: null }), meta({ tempo: 98 }))[0]).toEqual({ kind: 'tempo', detail: 'no tempo → 98 BPM' });
  });

  it('tells Live tracks by id: a rename is a rename, a removed and an added track of one name are both told', () => {
    const before = meta({ tracks: ['Drums', 'Bass', 'Vox'], trackIds: ['10', '11', '12'] });
    const after = meta({ tracks: ['Drums', 'Sub Bass', 'Vox'], trackIds: ['10', '11', '13'] });
    expect(versionChanges(before, after)).toEqual([
      { kind: 'tracks-added', detail: 'Vox' },
      { kind: 'tracks-removed', detail: 'Vox' },
      { kind: 'tracks-renamed', detail: 'Bass → Sub Bass' },
    ]);
  });

  it.each([
    ['repeat an id', ['10', '10']],
    ['leave an id out', ['10', '']],
    ['do not match the tracks', ['10']],
  ])('compares tracks by name when the ids %s', (_case, trackIds) => {
    const before = meta({ tracks: ['Drums', 'Bass'], trackIds: ['10', '11'] });
    expect(versionChanges(before, meta({ tracks: ['Drums', 'Keys'], trackIds }))).toEqual([
      { kind: 'tracks-added', detail: 'Keys' },
      { kind: 'tracks-removed', detail: 'Bass' },
    ]);
  });

  it('tells devices and plug-ins added and removed, counting each instance, and the clips', () => {
    const before = meta({ devices: ['EQ Eight', 'Serum', 'OTT'], clipCount: 12 });
    const after = meta({ devices: ['EQ Eight', 'EQ Eight', 'Serum'], clipCount: 14 });
    expect(versionChanges(before, after)).toEqual([
      { kind: 'devices-added', detail: 'EQ Eight' },
      { kind: 'devices-removed', detail: 'OTT' },
      { kind: 'clip-count', detail: '12 → 14 clips' },
    ]);
  });

  it('tells plug-ins added and removed by name where the format lists no devices, and only devices where it does', () => {
    const serum = { name: 'Serum', format: 'VST3' as const, instances: 1 };
    const surge = { name: 'Surge XT Effects', format: 'CLAP' as const, instances: 1 };
    const ott = { name: 'OTT', format: 'VST2' as const, instances: 2 };
    expect(versionChanges(meta({ plugins: [surge, ott] }), meta({ plugins: [{ ...surge, instances: 3 }, serum] }))).toEqual([
      { kind: 'plugins-added', detail: 'Serum' },
      { kind: 'plugins-removed', detail: 'OTT' },
    ]);
    expect(versionChanges(meta({ devices: ['Serum'], plugins: [serum] }), meta({ devices: ['Serum', 'OTT'], plugins: [serum, ott] }))).toEqual([{ kind: 'devices-added', detail: 'OTT' }]);
    // A version read before its plug-ins were says nothing of them.
    expect(versionChanges(meta(), meta({ plugins: [serum] }))).toEqual([{ kind: 'no-musical-change', detail: 'no musical change' }]);
  });

  it('tells the arrangement’s length in bars of its signature', () => {
    expect(versionChanges(meta({ arrangementBeats: 256 }), meta({ arrangementBeats: 288 }))).toEqual([{ kind: 'length', detail: '64 bars → 72 bars' }]);
    // 6/8: a bar is three beats (quarter notes); 1.5 bars stays a fraction.
    const sixEight = { timeSignature: '6/8' };
    expect(versionChanges(meta({ ...sixEight, arrangementBeats: 3 }), meta({ ...sixEight, arrangementBeats: 4.5 }))).toEqual([{ kind: 'length', detail: '1 bar → 1.5 bars' }]);
  });

  it('says nothing of devices, clips or length a format does not give (a version read before they were)', () => {
    expect(versionChanges(meta({ devices: ['Serum'], clipCount: 3, arrangementBeats: 16 }), meta())).toEqual([{ kind: 'no-musical-change', detail: 'no musical change' }]);
  });
});
