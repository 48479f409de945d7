/** The real Pro Tools sessions of ../shared (fixtures/daw/EXPECTED.md); skipped on a clone without them. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProTools } from './read-protools';
import { corpusTitle, hasSharedFixtures, SHARED_FIXTURES } from '../../../fixtures/shared-fixtures';

const FIXTURES = SHARED_FIXTURES;
const PROTOOLS = path.join(FIXTURES, 'protools');

/**
 * EXPECTED.md, "Pro Tools sessions": format, sample rate and audio files. The release in `dawVersion` is what
 * each session's product block states (EXPECTED.md gives only the format); tracks and tempo are what the
 * track list and tempo ruler hold (every session but the Pro Tools 5 one has one tempo event, 120 BPM).
 */
const EXPECTED = [
  {
    file: 'ptx/TestPTX.ptx',
    dawVersion: 'Pro Tools HD 12.8.3 (ptx)',
    sampleRate: 48_000,
    audioFiles: ['monoTone.wav', 'monoTone.1.aif', 'stereoTone.L.aif', 'stereoTone.R.aif'],
    tracks: ['monoTone', 'stereoTone', 'MIDI 1', 'MIDI 2', 'MIDI 3'],
    tempo: 120,
  },
  {
    file: 'ptx/RegionTest.ptx',
    dawVersion: 'Pro Tools 2019.6.0 (ptx)',
    sampleRate: 44_100,
    audioFiles: ['region_name_WAV.wav'],
    tracks: ['Track_Name', 'Audio 1', 'Audio 2', 'Audio 3'],
    tempo: 120,
  },
  {
    file: 'ptx/MetadataFields.ptx',
    dawVersion: 'Pro Tools Ultimate 2021.10.0 (ptx)',
    sampleRate: 44_100,
    audioFiles: [],
    tracks: [],
    tempo: 120,
  },
  {
    file: 'ptx/Untitled32.ptx',
    dawVersion: 'Pro Tools Ultimate 2021.2.0 (ptx)',
    sampleRate: 44_100,
    audioFiles: [],
    tracks: [],
    tempo: 120,
  },
  {
    file: 'ptf/goodplaylists2.ptf',
    dawVersion: 'Pro Tools LE 8.0.0 (ptf)',
    sampleRate: 48_000,
    audioFiles: ['24000.wav', '24000.1.wav', '24000.2.wav'],
    tracks: ['4', '5', '6'],
    tempo: 120,
  },
  {
    file: 'ptf/zamaudio-initial-4.ptf',
    dawVersion: 'Pro Tools LE 8.0.0 (ptf)',
    sampleRate: 44_100,
    audioFiles: [],
    tracks: [],
    tempo: 120,
  },
  {
    file: 'pts/forArdour.pts',
    dawVersion: 'Pro Tools LE 5.1 (pts)',
    sampleRate: 48_000,
    audioFiles: ['bass_01.L', 'bass_01.R', 'rhodes_01.R', 'rhodes_01.L', 'oerc_01.R', 'oerc_01.L'],
    tracks: ['rhodes', 'bass', 'oerc'],
    tempo: null,
  },
];

describe.runIf(hasSharedFixtures)(corpusTitle('readProTools on the shared Pro Tools sessions'), () => {
  it.each(EXPECTED)('reads the version, sample rate, tracks and tempo of $file', async (expected) => {
    const meta = await readProTools(path.join(PROTOOLS, expected.file));
    expect(meta).toMatchObject({
      daw: 'protools',
      dawVersion: expected.dawVersion,
      sampleRate: expected.sampleRate,
      tracks: expected.tracks,
      trackCount: expected.tracks.length,
      tempo: expected.tempo,
      tempoAutomated: false,
      timeSignature: null,
      key: null,
    });
  });

  it.each(EXPECTED)('lists the audio files $file references, all missing from the fixture folder', async (expected) => {
    const sessionPath = path.join(PROTOOLS, expected.file);
    const meta = await readProTools(sessionPath);
    const expectedPaths = expected.audioFiles.map((name) => path.join(path.dirname(sessionPath), 'Audio Files', name));
    expect(meta.samples).toEqual(expectedPaths);
    expect(meta.missingSamples).toEqual(expectedPaths);
  });
});
