/**
 * Reads a Logic Pro `.logicx` package (GarageBand's `.band` has the same layout) from its two small plists
 * (FORMATS.md): `Resources/ProjectInformation.plist` for the version that saved it, and the lowest-numbered
 * `Alternatives/NNN/MetaData.plist` for tempo, key, signature, sample rate, track count and audio files.
 * `ProjectData`, an undocumented binary format, is opened only for the Audio Units the project loads
 * (`project-plugins.ts`). A version of the project (issue 19: another alternative, or a slot of `Project File
 * Backups`) is read the same way from its own folder's MetaData.plist and ProjectData.
 */
import path from 'node:path';
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { isFolderAt } from '../path-kind';
import { resolveAudioFiles } from './audio-file-paths';
import { savedByOf, songFields } from './metadata-fields';
import { lowestAlternative, readPackagePlist, stringsIn, ALTERNATIVES, META_DATA, PROJECT_INFORMATION } from './package-files';
import { logicProjectPlugins } from './project-plugins';

const PROJECT_DATA = 'ProjectData';

/** `versionFolder`: a folder inside the package holding the MetaData.plist of one version. Default: the project now. */
export async function readLogicx(packagePath: string, versionFolder?: string): Promise<ProjectMeta> {
  const root = path.resolve(packagePath);
  const unreadable = (reason: string) => new UnreadableFileError(versionFolder ?? packagePath, reason);

  if (!isFolderAt(root)) throw unreadable('is not a folder (a .logicx project is a package folder)');
  const projectInformation = readPackagePlist(root, PROJECT_INFORMATION, unreadable);
  const version = versionFolder === undefined ? `${ALTERNATIVES}/${lowestAlternative(root, unreadable)}` : insidePackage(root, versionFolder, unreadable);
  const metaData = readPackagePlist(root, `${version}/${META_DATA}`, unreadable);

  const fields = songFields(metaData);
  const listedAudio = [...stringsIn(metaData.get('AudioFiles')), ...stringsIn(metaData.get('UnusedAudioFiles'))];
  const hasProjectFolder = projectInformation.get('HasProjectFolder') === true;
  const { samples, missingSamples } = resolveAudioFiles(root, listedAudio, hasProjectFolder);
  const plugins = logicProjectPlugins(path.join(root, ...version.split('/'), PROJECT_DATA));

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




/** The version folder relative to the package (with "/"), refused when it lies outside it. */
function insidePackage(root: string, folder: string, unreadable: (reason: string) => UnreadableFileError): string {
  const relative = path.relative(root, path.resolve(root, folder));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw unreadable('is not a version inside the package');
  return relative.split(path.sep).join('/');
}




