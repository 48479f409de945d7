/**
 * Reads a Logic Pro `.logicx` package (GarageBand's `.band` has the same layout) from its two small plists
 * (FORMATS.md): `Resources/ProjectInformation.plist` for the version that saved it, and the lowest-numbered
 * `Alternatives/NNN/MetaData.plist` for tempo, key, signature, sample rate, track count and audio files.
 * `ProjectData`, an undocumented binary format, is opened only for the Audio Units the project loads
 * (`project-plugins.ts`). A version of the project (issue 19: another alternative, or a slot of `Project File
 * Backups`) is read the same way from its own folder's MetaData.plist and ProjectData.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { UnreadableFileError, type ProjectMeta } from '../../../common/project-meta';
import { resolveAudioFiles } from './audio-file-paths';
import { savedByOf, songFields } from './metadata-fields';
import { readPlistFile } from './plist-file';
import { logicProjectPlugins } from './project-plugins';
import { isPlistDict, PlistFormatError, type PlistDict, type PlistValue } from './plist-value';

const PROJECT_INFORMATION = 'Resources/ProjectInformation.plist';
const ALTERNATIVES = 'Alternatives';
const META_DATA = 'MetaData.plist';
const PROJECT_DATA = 'ProjectData';
const ALTERNATIVE_NAME = /^\d{1,6}$/;

/** `versionFolder`: a folder inside the package holding the MetaData.plist of one version. Default: the project now. */
export async function readLogicx(packagePath: string, versionFolder?: string): Promise<ProjectMeta> {
  const root = path.resolve(packagePath);
  const unreadable = (reason: string) => new UnreadableFileError(versionFolder ?? packagePath, reason);

  if (!(await isFolder(root))) throw unreadable('is not a folder (a .logicx project is a package folder)');
  const projectInformation = await readPackagePlist(root, PROJECT_INFORMATION, unreadable);
  const version = versionFolder === undefined ? `${ALTERNATIVES}/${await lowestAlternative(root, unreadable)}` : insidePackage(root, versionFolder, unreadable);
  const metaData = await readPackagePlist(root, `${version}/${META_DATA}`, unreadable);

  const fields = songFields(metaData);
  const listedAudio = [...stringsIn(metaData.get('AudioFiles')), ...stringsIn(metaData.get('UnusedAudioFiles'))];
  const hasProjectFolder = projectInformation.get('HasProjectFolder') === true;
  const { samples, missingSamples } = await resolveAudioFiles(root, listedAudio, hasProjectFolder);
  const plugins = await logicProjectPlugins(path.join(root, ...version.split('/'), PROJECT_DATA));

  return {
    daw: 'logic',
    dawVersion: savedByOf(projectInformation),
    tempo: fields.tempo,
    // MetaData.plist states only the start tempo; the tempo map lives in ProjectData, which we do not parse.
    tempoAutomated: false,
    timeSignature: fields.timeSignature,
    key: fields.key,
    sampleRate: fields.sampleRate,
    trackCount: fields.trackCount,
    // Track names live in ProjectData too.
    tracks: [],
    samples,
    missingSamples,
    ...(plugins ? { plugins } : {}),
  };
}

async function readPackagePlist(
  root: string,
  relativePath: string,
  unreadable: (reason: string) => UnreadableFileError,
): Promise<PlistDict> {
  let value: PlistValue;
  try {
    value = await readPlistFile(path.join(root, ...relativePath.split('/')));
  } catch (error) {
    if (error instanceof PlistFormatError) throw unreadable(sentence(relativePath, error.reason));
    throw error;
  }
  if (!isPlistDict(value)) throw unreadable(`${relativePath} does not hold a dictionary`);
  return value;
}

/** Reasons from the plist layer start with a verb ("is missing") or with a subject ("plist is empty"). */
function sentence(relativePath: string, reason: string): string {
  return /^(is|cannot)\b/.test(reason) ? `${relativePath} ${reason}` : `${relativePath}: ${reason}`;
}

/** The lowest-numbered `Alternatives/NNN` folder that holds a MetaData.plist ("000" in nearly every project). */
async function lowestAlternative(root: string, unreadable: (reason: string) => UnreadableFileError): Promise<string> {
  let names: string[];
  try {
    names = await fs.readdir(path.join(root, ALTERNATIVES));
  } catch (error) {
    throw unreadable(`has no readable ${ALTERNATIVES} folder (${errorCode(error)})`);
  }
  const numbered = names.filter((name) => ALTERNATIVE_NAME.test(name)).sort((a, b) => Number(a) - Number(b));
  for (const name of numbered) {
    if (await isFile(path.join(root, ALTERNATIVES, name, META_DATA))) return name;
  }
  throw unreadable(`has no ${ALTERNATIVES}/NNN/${META_DATA}`);
}

/** The version folder relative to the package (with "/"), refused when it lies outside it. */
function insidePackage(root: string, folder: string, unreadable: (reason: string) => UnreadableFileError): string {
  const relative = path.relative(root, path.resolve(root, folder));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw unreadable('is not a version inside the package');
  return relative.split(path.sep).join('/');
}

function stringsIn(value: PlistValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

async function isFolder(candidate: string): Promise<boolean> {
  return fs.stat(candidate).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

async function isFile(candidate: string): Promise<boolean> {
  return fs.stat(candidate).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}
