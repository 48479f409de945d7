/**
 * The demo library's files (issue 20): three projects with a few saves each (Live, Pro Tools, Logic: the version
 * timeline has something to show), an FL Studio beat, a REAPER mix and a Studio One song, each with the save before it
 * kept where its DAW keeps it (issue 43: written by the project's own generators, so no third-party file ships),
 * bounces that analyse to the projects' tempos and keys (one of them older than its project's last save), and a loose
 * idea. The `write-demo` task: the core writes the marker and watches the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { synthGroove, synthProgression } from './audio-corpus-synth';
import { writeFlStudioProject } from './flstudio';
import { FIRST_SAVE, writeAbletonHistory, writeLogicHistory, writeProToolsHistory } from './project-versions';
import { writeReaperProject } from './reaper';
import { writeStudioOneSong } from './studioone';
import { writeSignalWav } from './wav';

/** The bounces' sample rate: small files that still analyse. */
const RATE = 22_050;
const HOUR = 3_600_000;

export async function writeDemo(folder: string): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  const live = writeAbletonHistory(folder, 'Night Drive', [
    { tempo: 120, tracks: ['Drums', 'Bass'], plugins: ['Serum'], samples: ['Samples/Imported/kick.wav'] },
    { tempo: 124, tracks: ['Drums', 'Bass'], plugins: ['Serum'], samples: ['Samples/Imported/kick.wav'] },
    { tempo: 124, tracks: ['Drums', 'Sub Bass', 'Vocals'], trackIds: [10, 11, 12], plugins: ['Serum', 'Pro-Q 3'], samples: ['Samples/Imported/kick.wav', 'Samples/Imported/vox.wav'], clipsPerTrack: 4 },
  ]);
  const liveFolder = path.dirname(live.project);
  await fs.mkdir(path.join(liveFolder, 'Samples', 'Imported'), { recursive: true });
  writeSignalWav(path.join(liveFolder, 'Samples', 'Imported', 'kick.wav'), synthGroove({ bpm: 124, durationS: 2, sampleRate: RATE, seed: 3 }), RATE);
  // Rendered between the second and the last save: the panel says the bounce may be stale.
  await bounce(path.join(liveFolder, 'Night Drive.wav'), synthGroove({ bpm: 124, durationS: 12, sampleRate: RATE, seed: 5, bass: true }), FIRST_SAVE + 1.5 * HOUR);

  const protools = await writeProToolsHistory(folder, 'Sunday Mix', [
    { tempo: 92, tracks: ['Kick', 'Snare', 'Keys'], samples: ['kick.wav', 'snare.wav'] },
    { tempo: 92, tracks: ['Kick', 'Snare', 'Keys', 'Lead Vox'], samples: ['kick.wav', 'snare.wav', 'lead.wav'] },
  ]);
  await bounce(path.join(path.dirname(protools.project), 'Bounced Files', 'Sunday Mix.wav'), synthProgression({ key: 'F minor', timbre: 'pluck', bpm: 92, drums: true, durationS: 14, sampleRate: RATE, seed: 7 }), FIRST_SAVE + 3 * HOUR);

  // Logic's project folder: the package and its bounce beside it.
  const logicFolder = path.join(folder, 'Ballad');
  await writeLogicHistory(logicFolder, 'Ballad', [
    { tempo: 72, tracks: ['Piano', 'Strings'], samples: [] },
    { tempo: 70, tracks: ['Piano', 'Strings', 'Cello'], samples: [] },
  ]);
  await bounce(path.join(logicFolder, 'Ballad.wav'), synthProgression({ key: 'Eb major', timbre: 'pad', bpm: 70, durationS: 14, sampleRate: RATE, seed: 9 }), FIRST_SAVE + 3 * HOUR);

  // FL Studio: a beat with a hosted synth, its render beside the project (where FL puts it), and the save before in
  // FL's Backup/ folder (a version, never a song; named as FL names the copy it keeps when a save overwrites the file).
  const flFolder = path.join(folder, 'Trap Beat');
  const drums = [
    { name: 'Kick', kind: 'sampler' as const, samplePath: '%FLStudioFactoryData%/Data/Patches/Packs/Drums/Kicks/Kick.wav' },
    { name: 'Hat', kind: 'sampler' as const, samplePath: '%FLStudioFactoryData%/Data/Patches/Packs/Drums/Hats/Hat.wav' },
  ];
  const flBackup = path.join(flFolder, 'Backup', 'Trap Beat (overwritten at 1h02).flp');
  await writeFlStudioProject(flBackup, { tempo: 136, channels: drums });
  await stamp(flBackup, FIRST_SAVE + HOUR);
  await writeFlStudioProject(path.join(flFolder, 'Trap Beat.flp'), {
    tempo: 140,
    channels: [...drums, { name: 'Lead', kind: 'generator', hosted: { name: 'Serum', path: 'C:\\Program Files\\Common Files\\VST3\\Serum.vst3' } }],
  });
  await stamp(path.join(flFolder, 'Trap Beat.flp'), FIRST_SAVE + 2 * HOUR);
  await bounce(path.join(flFolder, 'Trap Beat.wav'), synthGroove({ bpm: 140, pattern: 'trap', durationS: 10, sampleRate: RATE, seed: 13, bass: true }), FIRST_SAVE + 2.5 * HOUR);

  // REAPER: a mix with a third-party compressor and REAPER's copy of the save before (a version, never a song).
  const reaperFolder = path.join(folder, 'Harbour Mix');
  const reaperTracks = [
    { name: 'Drums', fx: [{ format: 'VST3' as const, name: 'Pro-C 2', vendor: 'FabFilter' }] },
    { name: 'Bass', fx: [{ format: 'VST2' as const, name: 'ReaComp' }] },
    { name: 'Vocal', fx: [{ format: 'CLAP' as const, name: 'Surge XT Effects', vendor: 'Surge Synth Team' }] },
  ];
  writeReaperProject(path.join(reaperFolder, 'Harbour Mix.rpp-bak'), { tempo: 96, tracks: reaperTracks.slice(0, 2), seed: 1 });
  await stamp(path.join(reaperFolder, 'Harbour Mix.rpp-bak'), FIRST_SAVE + HOUR);
  writeReaperProject(path.join(reaperFolder, 'Harbour Mix.rpp'), { tempo: 96, tracks: reaperTracks, seed: 2 });
  await stamp(path.join(reaperFolder, 'Harbour Mix.rpp'), FIRST_SAVE + 2 * HOUR);
  await bounce(path.join(reaperFolder, 'Harbour Mix.wav'), synthProgression({ key: 'A minor', timbre: 'pluck', bpm: 96, drums: true, durationS: 12, sampleRate: RATE, seed: 15 }), FIRST_SAVE + 3 * HOUR);

  // Studio One: a song with an instrument and an insert, its mixdown in Mixdown/ and an autosave in History/.
  const s1Folder = path.join(folder, 'Slow Burn');
  // No key in the song: how Studio One writes one that is set is unknown (read-studioone.ts). Its bounce is heard in D minor.
  const s1Song = {
    tempos: [84],
    tracks: [
      { name: 'Piano', mediaType: 'Music' as const, inserts: [{ name: 'Pro-Q 3', subCategory: 'VST3' }] },
      { name: 'Vocal', inserts: [{ name: 'Pro-R', subCategory: 'VST3' }, { name: 'Pro EQ', subCategory: '(Native)/EQ' }] },
    ],
    instruments: [{ name: 'Keyscape', subCategory: 'VST2' }],
  };
  await writeStudioOneSong(path.join(s1Folder, 'History', 'Slow Burn (Autosaved).song'), { ...s1Song, tracks: s1Song.tracks.slice(0, 1) });
  await stamp(path.join(s1Folder, 'History', 'Slow Burn (Autosaved).song'), FIRST_SAVE + HOUR);
  await writeStudioOneSong(path.join(s1Folder, 'Slow Burn.song'), s1Song);
  await stamp(path.join(s1Folder, 'Slow Burn.song'), FIRST_SAVE + 2 * HOUR);
  await bounce(path.join(s1Folder, 'Mixdown', 'Slow Burn.wav'), synthProgression({ key: 'D minor', timbre: 'pad', bpm: 84, durationS: 12, sampleRate: RATE, seed: 17 }), FIRST_SAVE + 3 * HOUR);

  await bounce(path.join(folder, 'Idea 03.wav'), synthGroove({ bpm: 140, pattern: 'trap', durationS: 10, sampleRate: RATE, seed: 11 }), FIRST_SAVE + 4 * HOUR);
}

async function stamp(file: string, time: number): Promise<void> {
  await fs.utimes(file, time / 1000, time / 1000);
}

async function bounce(file: string, samples: Float32Array, time: number): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  writeSignalWav(file, samples, RATE);
  await fs.utimes(file, time / 1000, time / 1000);
}
