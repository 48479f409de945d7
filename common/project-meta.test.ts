// Every list of a project's meta is cut to its cap, with its full length kept; lists within their caps are left whole.
import { describe, expect, it } from 'vitest';
import { MAX_META_DEVICES, MAX_META_TRACKS, capProjectMeta, type ProjectMeta } from './project-meta';

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix} ${index}`);

const META: ProjectMeta = {
  daw: 'ableton',
  dawVersion: 'Ableton Live 12.1.5',
  tempo: 120,
  tempoAutomated: false,
  timeSignature: '4/4',
  key: null,
  sampleRate: 48_000,
  trackCount: 3,
  tracks: names(3, 'Track'),
  trackIds: ['10', '11', '12'],
  devices: names(2, 'Eq8'),
  plugins: [{ name: 'Serum', format: 'VST3', instances: 2 }],
  samples: names(4, 'Take'),
  missingSamples: names(1, 'Take'),
};

describe('capProjectMeta', () => {
  it('leaves lists within their caps whole and says nothing was cut', () => {
    expect(capProjectMeta(META)).toEqual(META);
  });

  it('cuts devices and tracks, with their ids, keeping the full lengths beside them', () => {
    const capped = capProjectMeta({ ...META, devices: names(MAX_META_DEVICES + 1, 'Device'), tracks: names(MAX_META_TRACKS + 2, 'Track'), trackIds: names(MAX_META_TRACKS + 2, 'id') });
    expect(capped.devices).toEqual(names(MAX_META_DEVICES, 'Device'));
    expect(capped.tracks).toHaveLength(MAX_META_TRACKS);
    expect(capped.trackIds).toHaveLength(MAX_META_TRACKS);
    expect(capped.listTotals).toEqual({ devices: MAX_META_DEVICES + 1, tracks: MAX_META_TRACKS + 2 });
  });

  it('keeps the track ids parallel to the tracks even when only the ids are too many', () => {
    expect(capProjectMeta({ ...META, trackIds: names(MAX_META_TRACKS + 1, 'id') }).trackIds).toHaveLength(MAX_META_TRACKS);
  });
});
