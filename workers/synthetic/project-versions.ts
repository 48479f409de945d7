/**
 * Projects with a history (issue 19): a song saved several times in each DAW, laid out as the DAWs keep their
 * versions (FORMATS.md), each save changing tempo, tracks or samples, with the changes a reader should find. The
 * saves are an hour apart, oldest first; file times are set to match (Live's backups also carry it in their names).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeAls, type AlsTrack } from './als';
import { writeLogicx } from './logicx';
import { writeProToolsSession } from './protools';

export interface SavedState {
  tempo: number;
  tracks: string[];
  samples: string[];
  /** Live only: another seed moves ids and clips, so the bytes differ while the music does not. */
  seed?: number;
  /** Live only: the tracks' ids, parallel to `tracks` (a track that keeps its id and changes its name is renamed). */
  trackIds?: number[];
  /** Live only: plug-ins on the first track. */
  plugins?: string[];
  /** Live only: arrangement clips per track (each 16 beats long, one after another). Default 2. */
  clipsPerTrack?: number;
  /** Live only: when this save was made (ms; its backup's name and its file time). Default FIRST_SAVE plus an hour per save. */
  time?: number;
}

export interface VersionedProject {
  /** The set, session or package that is the project now (its last save). */
  project: string;
  /** The files of each save, oldest first, and the save's time. */
  saves: { path: string; time: number }[];
}

/** 2024-03-01 20:00 local time, then one hour per save. */
export const FIRST_SAVE = new Date(2024, 2, 1, 20, 0, 0).getTime();
const HOUR = 60 * 60 * 1000;

function stamp(file: string, time: number): void {
  fs.utimesSync(file, time / 1000, time / 1000);
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** Live's backup name for a save at `time`: "Song [2024-03-01 200000].als". */
function liveBackupName(setName: string, time: number): string {
  const d = new Date(time);
  return `${setName} [${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}].als`;
}

function tracksOf(state: SavedState): AlsTrack[] {
  return state.tracks.map((name, i) => ({
    kind: i % 2 === 0 ? 'audio' : 'midi',
    name,
    ...(state.trackIds?.[i] !== undefined ? { id: state.trackIds[i] } : {}),
    ...(i === 0 && state.plugins ? { plugins: state.plugins } : {}),
  }));
}

/** `<folder>/<name> Project/`: the last state as `<name>.als`, the earlier ones in Backup/ under Live's names. */
export function writeAbletonHistory(folder: string, name: string, states: SavedState[]): VersionedProject {
  const projectFolder = path.join(folder, `${name} Project`);
  fs.mkdirSync(path.join(projectFolder, 'Backup'), { recursive: true });
  const saves = states.map((state, index) => {
    const time = state.time ?? FIRST_SAVE + index * HOUR;
    const last = index === states.length - 1;
    const file = last ? path.join(projectFolder, `${name}.als`) : path.join(projectFolder, 'Backup', liveBackupName(name, time));
    writeAls(file, { tempo: state.tempo, tracks: tracksOf(state), samples: state.samples, seed: state.seed ?? 0, ...(state.clipsPerTrack !== undefined ? { clipsPerTrack: state.clipsPerTrack } : {}) });
    stamp(file, time);
    return { path: file, time };
  });
  return { project: saves.at(-1)!.path, saves };
}

/** `<folder>/<name>/`: the last state as `<name>.ptx`, the earlier ones as `Session File Backups/<name>.bak.NNN.ptx`. */
export async function writeProToolsHistory(folder: string, name: string, states: SavedState[]): Promise<VersionedProject> {
  const sessionFolder = path.join(folder, name);
  const saves: { path: string; time: number }[] = [];
  for (const [index, state] of states.entries()) {
    const time = FIRST_SAVE + index * HOUR;
    const last = index === states.length - 1;
    const file = last ? path.join(sessionFolder, `${name}.ptx`) : path.join(sessionFolder, 'Session File Backups', `${name}.bak.${String(index + 1).padStart(3, '0')}.ptx`);
    await writeProToolsSession(file, { tempos: [state.tempo], tracks: state.tracks, audioFiles: state.samples });
    stamp(file, time);
    saves.push({ path: file, time });
  }
  return { project: saves.at(-1)!.path, saves };
}

/**
 * `<folder>/<name>.logicx`: the last state in Alternatives/000, the earlier ones in its Project File Backups slots
 * (newest in 00, as Logic numbers them). Logic keeps a track count, not names: `tracks.length` is the count.
 */
export async function writeLogicHistory(folder: string, name: string, states: SavedState[]): Promise<VersionedProject> {
  const packagePath = path.join(folder, `${name}.logicx`);
  const saves: { path: string; time: number }[] = [];
  const earlier = states.length - 1;
  for (const [index, state] of states.entries()) {
    const time = FIRST_SAVE + index * HOUR;
    const slot = index === earlier ? '000' : `000/Project File Backups/${two(earlier - 1 - index)}`;
    await writeLogicx(packagePath, { alternative: slot, tempo: state.tempo, trackCount: state.tracks.length, audioFiles: state.samples });
    const versionFolder = path.join(packagePath, 'Alternatives', ...slot.split('/'));
    for (const file of ['ProjectData', 'MetaData.plist']) stamp(path.join(versionFolder, file), time);
    saves.push({ path: versionFolder, time });
  }
  return { project: packagePath, saves };
}
