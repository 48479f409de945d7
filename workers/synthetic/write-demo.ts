/**
 * The demo library's files (issue 20): three projects with a few saves each (Live, Pro Tools, Logic: the version
 * timeline has something to show), bounces that analyse to the projects' tempos and keys (one of them older than its
 * project's last save), and a loose idea. The `write-demo` task: the core writes the marker and watches the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { synthGroove, synthProgression } from './audio-corpus-synth';
import { FIRST_SAVE, writeAbletonHistory, writeLogicHistory, writeProToolsHistory } from './project-versions';
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

  await bounce(path.join(folder, 'Idea 03.wav'), synthGroove({ bpm: 140, pattern: 'trap', durationS: 10, sampleRate: RATE, seed: 11 }), FIRST_SAVE + 4 * HOUR);
}

async function bounce(file: string, samples: Float32Array, time: number): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  writeSignalWav(file, samples, RATE);
  await fs.utimes(file, time / 1000, time / 1000);
}
