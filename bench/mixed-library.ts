/**
 * The mixed library of `bench:scan --mixed`: N projects spread in turn over the twelve DAWs (mixed-formats.ts), each
 * in its own folder under `<DAW name>/` with a bounce beside it, as a musician's library holds them. A DAW is written
 * by its generator unless it has none or `copy` names it; then the real files of ../shared/fixtures are copied in
 * turn (renamed to the project's name), which is the only way they enter a library: never into the repository.
 *
 * The stats say, per project, which files its reader reads (the session, or a package's plists and ProjectData):
 * the per-format measure reads exactly those bytes, through the pool and as the floor.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DAW_INFO } from '../common/projects/daws';
import type { Daw } from '../common/projects/project-meta';
import { seededRandom } from '../fixtures/generators/library';
import { silentWav } from '../fixtures/generators/logicx';
import { MIXED_FORMATS, type MixedFormat, type SizeRange } from './mixed-formats';

export interface MixedProject {
  daw: Daw;
  /** What the pool's read task is given: the session file, or the package folder. */
  session: string;
  /** The files its reader reads, whose bytes the measure counts. */
  readFiles: string[];
}

export interface MixedLibraryStats {
  projects: number;
  /** Every file in the library: sessions, package contents, samples, bounces. */
  files: number;
  list: MixedProject[];
  generated: Daw[];
  copied: Daw[];
  /** DAWs with no writer and no real file to copy: none of their projects were written. */
  missing: Daw[];
}

export interface MixedLibraryOptions {
  projects: number;
  /** Copy the real files for these DAWs even where a writer exists. Default none. */
  copy?: readonly Daw[];
  /** Default 1. */
  seed?: number;
}

const BOUNCE = silentWav(44_100);

export async function writeMixedLibrary(root: string, options: MixedLibraryOptions): Promise<MixedLibraryStats> {
  const random = seededRandom(options.seed ?? 1);
  const how = new Map(MIXED_FORMATS.map((format) => [format.daw, wayToWrite(format, options.copy ?? [])]));
  const formats = MIXED_FORMATS.filter((format) => how.get(format.daw) !== 'missing');
  const list: MixedProject[] = [];
  for (let index = 0; index < options.projects && formats.length > 0; index += 1) {
    const format = formats[index % formats.length] as MixedFormat;
    const name = `Song ${String(index + 1).padStart(5, '0')}`;
    const folder = path.join(root, DAW_INFO[format.daw].name, format.daw === 'ableton' ? `${name} Project` : name);
    fs.mkdirSync(folder, { recursive: true });
    const bytes = drawSize(random, format.sizes);
    const session = how.get(format.daw) === 'write' && format.write ? await format.write(folder, name, bytes, index) : copyReal(format, folder, name, index);
    fs.writeFileSync(path.join(folder, `${name}.wav`), BOUNCE);
    list.push({ daw: format.daw, session, readFiles: readFilesOf(format.daw, session) });
    if (index % 500 === 499) process.stderr.write(`  ${index + 1} projects written\n`);
  }
  const daws = (way: string) => MIXED_FORMATS.filter((format) => how.get(format.daw) === way).map((format) => format.daw);
  return { projects: list.length, files: countFiles(root), list, generated: daws('write'), copied: daws('copy'), missing: daws('missing') };
}

function wayToWrite(format: MixedFormat, copy: readonly Daw[]): 'write' | 'copy' | 'missing' {
  const canCopy = format.real.some((file) => fs.existsSync(file));
  if (format.write && !(copy.includes(format.daw) && canCopy)) return 'write';
  return canCopy ? 'copy' : 'missing';
}

/** The fixtures' real files in turn, under the project's name; a Logic package copied whole. */
function copyReal(format: MixedFormat, folder: string, name: string, index: number): string {
  const present = format.real.filter((file) => fs.existsSync(file));
  const source = present[index % present.length] as string;
  const target = path.join(folder, `${name}${path.extname(source)}`);
  fs.cpSync(source, target, { recursive: true });
  makeWritable(target);
  return target;
}

/** The fixtures are read-only; their copies must not be, or the temp library could not be removed. */
function makeWritable(target: string): void {
  const stats = fs.statSync(target);
  fs.chmodSync(target, stats.mode | 0o200);
  if (stats.isDirectory()) for (const entry of fs.readdirSync(target)) makeWritable(path.join(target, entry));
}

/** A package's reader reads its plists (and, for Logic, ProjectData: its Audio Units); any other session is one file. */
function readFilesOf(daw: Daw, session: string): string[] {
  if (daw !== 'logic' && daw !== 'garageband') return [session];
  const alternative = path.join(session, 'Alternatives', '000');
  return [path.join(session, 'Resources', 'ProjectInformation.plist'), path.join(alternative, 'MetaData.plist'), ...(daw === 'logic' ? [path.join(alternative, 'ProjectData')] : [])];
}

/** Log-normal around the median (sigma 0.8, as real libraries spread), clamped to the range. */
function drawSize(random: () => number, sizes: SizeRange): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.round(Math.min(sizes.max, Math.max(sizes.min, sizes.median * Math.exp(0.8 * normal))));
}

function countFiles(root: string): number {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
