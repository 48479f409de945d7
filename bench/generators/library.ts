/**
 * A synthetic music library with the real structure of each DAW (FORMATS.md), about 10 files per project:
 * Ableton project folders with Backup/, Samples/ and a bounce; Pro Tools session folders with Audio Files/,
 * Bounced Files/ and Session File Backups/; Logic packages with their plists and Bounces/ beside them; and a
 * few loose demos. Used by the benchmarks and by the library's integration tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeAls } from './als';
import { silentWav, writeLogicx } from './logicx';
import { writeProToolsSession } from './protools';

export interface LibraryOptions {
  projects: number;
  /** Sizes of the Ableton sets: "realistic" spreads 20 KB to 2 MB compressed (median about 200 KB); "small" keeps every set tiny. Default "small". */
  setSizes?: 'realistic' | 'small';
  /** Default 1. */
  seed?: number;
}

export interface LibraryStats {
  projects: number;
  files: number;
  /** Songs the smart project structure should make: one per project, one per loose demo. */
  expectedSongs: number;
  /** The Ableton sets a scan reads (each project's own, not its backups). */
  sessionSets: string[];
}

const WAV = silentWav(44_100);

export async function writeLibrary(root: string, options: LibraryOptions): Promise<LibraryStats> {
  const random = seededRandom(options.seed ?? 1);
  const stats: LibraryStats = { projects: 0, files: 0, expectedSongs: 0, sessionSets: [] };
  for (let index = 0; index < options.projects; index += 1) {
    const year = String(2010 + (index % 15));
    const name = `Song ${String(index + 1).padStart(5, '0')}`;
    const kind = index % 10;
    if (kind < 6) writeAbletonProject(path.join(root, year, 'Ableton', `${name} Project`), name, index, options, random, stats);
    else if (kind < 8) await writeProToolsProject(path.join(root, year, 'Pro Tools', name), name, index, stats);
    else await writeLogicProject(path.join(root, year, 'Logic', name), name, index, stats);
    stats.projects += 1;
    stats.expectedSongs += 1;
    if (index % 50 === 49) {
      writeFile(path.join(root, year, 'Demos', `Voice memo ${index + 1}.wav`), WAV, stats);
      stats.expectedSongs += 1;
    }
  }
  return stats;
}

function writeAbletonProject(folder: string, name: string, index: number, options: LibraryOptions, random: () => number, stats: LibraryStats): void {
  const samples = ['Samples/Imported/Kick.wav', 'Samples/Imported/Snare.wav', 'Samples/Recorded/1-Audio 0001.wav', 'Samples/Processed/Consolidate/Loop.wav'];
  for (const sample of samples) writeFile(path.join(folder, sample), WAV, stats);
  // Live's analysis files sit beside the samples it has warped.
  for (const sample of samples.slice(2)) writeFile(path.join(folder, `${sample}.asd`), Buffer.from('asd'), stats);
  const set = path.join(folder, `${name}.als`);
  fs.mkdirSync(folder, { recursive: true });
  writeAls(set, {
    style: index % 3 === 0 ? 'live10' : index % 3 === 1 ? 'live11' : 'live12',
    tempo: 90 + (index % 70),
    tracks: 6 + (index % 10),
    clipsPerTrack: 3,
    samples: [...samples, 'Samples/Imported/Lost Vocal.wav'],
    targetCompressedBytes: options.setSizes === 'realistic' ? realisticSetSize(random) : undefined,
    seed: index,
  });
  stats.files += 1;
  stats.sessionSets.push(set);
  fs.mkdirSync(path.join(folder, 'Backup'), { recursive: true });
  writeAls(path.join(folder, 'Backup', `${name} [2024-01-01 120000].als`), { tempo: 120, tracks: 4, seed: index + 1 });
  stats.files += 1;
  writeFile(path.join(folder, 'Ableton Project Info', 'Project8_1.cfg'), Buffer.from('cfg'), stats);
  writeFile(path.join(folder, `${name}.wav`), WAV, stats);
}

async function writeProToolsProject(folder: string, name: string, index: number, stats: LibraryStats): Promise<void> {
  const takes = ['Kick_01.wav', 'Bass_01.wav', 'Vox_01.wav', 'Vox_02.wav', 'Gtr_01.wav'];
  fs.mkdirSync(folder, { recursive: true });
  await writeProToolsSession(path.join(folder, `${name}.ptx`), { audioFiles: takes, tracks: ['Kick', 'Bass', 'Vox', 'Gtr'], tempos: [80 + (index % 60)] });
  stats.files += 1;
  for (const take of takes) writeFile(path.join(folder, 'Audio Files', take), WAV, stats);
  writeFile(path.join(folder, 'Bounced Files', `${name} mix.wav`), WAV, stats);
  writeFile(path.join(folder, 'Bounced Files', `${name} mix v2.wav`), WAV, stats);
  fs.mkdirSync(path.join(folder, 'Session File Backups'), { recursive: true });
  await writeProToolsSession(path.join(folder, 'Session File Backups', `${name}.bak.001.ptx`), { audioFiles: takes.slice(0, 2) });
  stats.files += 1;
  writeFile(path.join(folder, 'WaveCache.wfm'), Buffer.from('wfm'), stats);
}

async function writeLogicProject(folder: string, name: string, index: number, stats: LibraryStats): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  await writeLogicx(path.join(folder, `${name}.logicx`), {
    tempo: 70 + (index % 80),
    plistFormat: index % 2 === 0 ? 'binary' : 'xml',
    audioFiles: ['Vocal#01.wav', 'Guitar#01.wav'],
  });
  // The package: two plists, ProjectData, two audio files.
  stats.files += 5;
  for (const bounce of [`${name}.wav`, `${name} v1.wav`, `${name} instrumental.wav`]) writeFile(path.join(folder, 'Bounces', bounce), WAV, stats);
}

function writeFile(file: string, content: Buffer, stats: LibraryStats): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  stats.files += 1;
}

/** Log-normal around 200 KB, clamped to 20 KB to 2 MB, like real sets. */
function realisticSetSize(random: () => number): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.round(Math.min(2_000_000, Math.max(20_000, 200_000 * Math.exp(0.8 * normal))));
}

/** Deterministic, so two runs build the same library. */
/** A small seeded generator (a linear congruential one): the same seed, the same numbers, on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
