/**
 * "Try a demo library" (issue 20): a small library written for a first look, in `~/Music/Songshelf Demo Library`,
 * watched like any folder, and removed in one click with its songs. Three projects with a few saves each (Live,
 * Pro Tools, Logic: the version timeline has something to show), bounces that analyse to the projects' tempos and
 * keys (one of them older than its project's last save), and a loose idea. Written by the project's own fixture
 * generators, the files the tests read. A marker file says the folder is Songshelf's: nothing else is ever removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { DEMO_FOLDER_NAME } from '../../common/library';
import { deleteSongsForGood, getSongs } from '../../db/repositories/songs';
import type { Db } from '../../db/handle';
import { synthGroove, synthProgression } from '../../fixtures/generators/audio-corpus';
import { FIRST_SAVE, writeAbletonHistory, writeLogicHistory, writeProToolsHistory } from '../../fixtures/generators/project-versions';
import { writeSignalWav } from '../../fixtures/generators/wav';
import type { Library } from './library';

const MARKER = '.songshelf-demo';
const RATE = 22_050;
const HOUR = 3_600_000;

export function demoFolder(home: string): string {
  return path.join(home, 'Music', DEMO_FOLDER_NAME);
}

export interface DemoState {
  path: string;
  watched: boolean;
}

export function demoState(library: Library, home: string): DemoState {
  const folder = demoFolder(home);
  return { path: folder, watched: library.list().some((directory) => directory.path === folder) };
}

/** Writes the demo (once) and watches it; the scan that follows makes its songs. */
export async function addDemoLibrary(library: Library, home: string): Promise<DemoState> {
  const folder = demoFolder(home);
  const marked = await fs.stat(path.join(folder, MARKER)).then(() => true, () => false);
  if (!marked) {
    if (await fs.stat(folder).then(() => true, () => false)) throw new AppError('forbidden', `${folder} is there already and is not Songshelf's demo: it was left as it is.`);
    await writeDemo(folder);
  }
  await library.watchDirectory(folder);
  return demoState(library, home);
}

/** Stops watching the demo, deletes its songs for good, and removes its folder (only if it is the demo's). */
export async function removeDemoLibrary(db: Db, library: Library, home: string): Promise<DemoState> {
  const folder = demoFolder(home);
  const directory = library.list().find((candidate) => candidate.path === folder);
  if (directory) await library.removeDirectory(directory.id);
  const inside = `${folder}${path.sep}`;
  deleteSongsForGood(db, getSongs(db).filter((song) => song.projectPath?.startsWith(inside) || song.file?.localPath?.startsWith(inside)));
  if (await fs.stat(path.join(folder, MARKER)).then(() => true, () => false)) await fs.rm(folder, { recursive: true, force: true });
  return demoState(library, home);
}

async function writeDemo(folder: string): Promise<void> {
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
  await fs.writeFile(path.join(folder, MARKER), 'This folder was written by Songshelf as a demo library. Removing the demo in the app removes it.\n');
}

async function bounce(file: string, samples: Float32Array, time: number): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  writeSignalWav(file, samples, RATE);
  await fs.utimes(file, time / 1000, time / 1000);
}
