/**
 * "Try a demo library" (issue 20): a small library written for a first look, in `~/Music/Songshelf Demo Library`,
 * watched like any folder, and removed in one click with its songs. Three projects with a few saves each (Live,
 * Pro Tools, Logic: the version timeline has something to show), bounces that analyse to the projects' tempos and
 * keys (one of them older than its project's last save), and a loose idea. Written in the pool by the project's own
 * generators (workers/synthetic/write-demo.ts), the files the tests read. A marker file says the folder is Songshelf's and lists every file the demo
 * wrote, with its size and time: Remove (which the page asks about first, with what will go) removes only those,
 * and only while unchanged. A song the user saved there, a bounce they rendered, an edited demo set all stay.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { DEMO_FOLDER_NAME, type DemoState } from '../../common/projects/library';
import { deleteSongsForGood, getSongs } from '../../db/repositories/songs';
import type { Db } from '../../db/handle';
import { writingTo } from '../disk/disk-full';
import { readRegularFile } from '../security/regular-file';
import type { Library } from './library';

const MARKER = '.songshelf-demo';

export function demoFolder(home: string): string {
  return path.join(home, 'Music', DEMO_FOLDER_NAME);
}

export type { DemoState } from '../../common/projects/library';

export async function demoState(db: Db, library: Library, home: string): Promise<DemoState> {
  const folder = demoFolder(home);
  const written = await readWrittenList(folder);
  const unchanged = written && (await unchangedFiles(folder, written));
  const removal = written && unchanged && { songs: demoSongs(db, folder, written, unchanged).length, files: unchanged.length, otherFiles: await countOtherFiles(folder, unchanged) };
  return { path: folder, watched: library.list().some((directory) => directory.path === folder), removal };
}

/** Writes the demo (once) and watches it; the scan that follows makes its songs. */
export async function addDemoLibrary(db: Db, library: Library, home: string): Promise<DemoState> {
  const folder = demoFolder(home);
  if (!(await readWrittenList(folder))) {
    if (await exists(folder)) throw new AppError('forbidden', `${folder} is there already and is not Songshelf's demo: it was left as it is.`);
    // Written in the pool (the synthesised bounces take a while), by the writers the tests read: workers/synthetic/.
    await library.writeDemo(folder);
    await writeWrittenList(folder);
  }
  await library.watchDirectory(folder);
  return demoState(db, library, home);
}

/**
 * Stops watching the demo, deletes the demo's songs for good, and removes the files the demo wrote that are as it
 * wrote them, then the folders that leaves empty. Anything else in the folder stays, and the folder with it.
 */
export async function removeDemoLibrary(db: Db, library: Library, home: string): Promise<DemoState> {
  const folder = demoFolder(home);
  const written = await readWrittenList(folder);
  const directory = library.list().find((candidate) => candidate.path === folder);
  if (directory) await library.removeDirectory(directory.id);
  if (!written) return demoState(db, library, home);
  const unchanged = await unchangedFiles(folder, written);
  deleteSongsForGood(db, demoSongs(db, folder, written, unchanged));
  for (const file of unchanged) await fs.rm(path.join(folder, file.path), { force: true });
  await fs.rm(path.join(folder, MARKER), { force: true });
  // Deepest first, each only if it is empty now (rmdir refuses otherwise): what the user put there keeps its folders.
  const folders = [...new Set(written.flatMap((file) => parentsOf(file.path)))].sort((a, b) => b.length - a.length);
  for (const relative of [...folders, '']) await fs.rmdir(path.join(folder, relative)).catch(() => undefined);
  return demoState(db, library, home);
}

/**
 * A file the demo wrote, as it wrote it (path relative to the demo folder, with `/`). A folder it made empty is listed
 * as one with size -1, so that it goes too.
 */
interface WrittenFile {
  path: string;
  size: number;
  mtimeMs: number;
}

async function writeWrittenList(folder: string): Promise<void> {
  const files: WrittenFile[] = [];
  for (const relative of await listFiles(folder)) {
    const stats = await fs.stat(path.join(folder, relative));
    files.push({ path: relative, size: stats.size, mtimeMs: Math.round(stats.mtimeMs) });
  }
  for (const relative of await listEmptyFolders(folder)) files.push({ path: `${relative}/.`, size: -1, mtimeMs: 0 });
  const note = 'This folder was written by Songshelf as a demo library. Removing the demo in the app removes the files listed here, and nothing else.';
  const marker = path.join(folder, MARKER);
  await writingTo(marker, () => fs.writeFile(marker, `${JSON.stringify({ note, files }, null, 1)}\n`));
}

/** The demo's own list, or null when the folder is not the demo (or its list cannot be read: then nothing is removed). */
async function readWrittenList(folder: string): Promise<WrittenFile[] | null> {
  // A regular file only: a FIFO in its place would hold the read for ever.
  const text = await readRegularFile(path.join(folder, MARKER)).then((bytes) => bytes.toString('utf8'), () => null);
  if (text === null) return null;
  try {
    const files = (JSON.parse(text) as { files?: unknown }).files;
    if (!Array.isArray(files)) return null;
    return files.filter((file): file is WrittenFile => isWrittenFile(file) && isPlainRelative(file.path));
  } catch {
    return null;
  }
}

function isWrittenFile(value: unknown): value is WrittenFile {
  const file = value as WrittenFile | null;
  return typeof file?.path === 'string' && typeof file.size === 'number' && typeof file.mtimeMs === 'number';
}

/** A path inside the folder: the list is a file the user could edit, and it must never name a place outside. */
function isPlainRelative(relative: string): boolean {
  const parts = relative.split('/');
  const named = relative.endsWith('/.') ? parts.slice(0, -1) : parts;
  return relative !== MARKER && named.length > 0 && named.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\'));
}

async function unchangedFiles(folder: string, written: WrittenFile[]): Promise<WrittenFile[]> {
  const unchanged: WrittenFile[] = [];
  for (const file of written.filter((each) => each.size >= 0)) {
    const stats = await fs.lstat(path.join(folder, file.path)).catch(() => null);
    if (stats?.isFile() && stats.size === file.size && Math.round(stats.mtimeMs) === file.mtimeMs) unchanged.push(file);
  }
  return unchanged;
}

async function countOtherFiles(folder: string, unchanged: WrittenFile[]): Promise<number> {
  const demo = new Set(unchanged.map((file) => file.path));
  return (await listFiles(folder)).filter((relative) => relative !== MARKER && !demo.has(relative)).length;
}

/** The demo's songs: a project folder the demo made, or a loose bounce it wrote (as it wrote it). A song of the user's own stays. */
function demoSongs(db: Db, folder: string, written: WrittenFile[], unchanged: WrittenFile[]) {
  const files = new Set(unchanged.map((file) => path.join(folder, file.path)));
  const projects = new Set(written.flatMap((file) => parentsOf(file.path)).map((relative) => path.join(folder, relative)));
  // A loose bounce's song names the file itself as its project.
  return getSongs(db).filter((song) => song.projectPath !== null && (projects.has(song.projectPath) || files.has(song.projectPath)));
}

/** `a/b/c.wav` -> `a`, `a/b`. */
function parentsOf(relative: string): string[] {
  const parts = relative.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join(path.sep));
}

/** Every folder under the folder with nothing in it, relative, with `/`. */
async function listEmptyFolders(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  const empty: string[] = [];
  for (const entry of entries.filter((each) => each.isDirectory())) {
    const full = path.join(entry.parentPath, entry.name);
    if ((await fs.readdir(full)).length === 0) empty.push(path.relative(folder, full).split(path.sep).join('/'));
  }
  return empty;
}

/** Every file under the folder, relative, with `/`; links are not followed. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function exists(target: string): Promise<boolean> {
  return fs.stat(target).then(() => true, () => false);
}
