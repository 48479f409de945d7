/**
 * Reads a GarageBand `.band` package (FORMATS-MORE.md): laid out as a Logic `.logicx` one (FORMATS.md), so the Logic
 * reader's plist decoder, song fields and audio-file resolution are reused as they are. `LastSavedFrom` in
 * `Resources/ProjectInformation.plist` names the version; the lowest-numbered `Alternatives/NNN/MetaData.plist` holds
 * tempo, key, signature, sample rate, track count and audio files. `Alternatives/NNN/Autosave/` is GarageBand's own
 * autosave, never read.
 *
 * Not read: `ProjectData` (undocumented; the Logic reader finds Audio Units in it at offsets measured on a Logic
 * project, and no GarageBand project confirms them), so plug-ins are unknown; track names, which live there too.
 * There is no GarageBand file among the shared fixtures: these facts come from FORMATS-MORE.md alone.
 */
import path from 'node:path';
import { capProjectMeta, MAX_META_SAMPLES, UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { resolveAudioFiles } from '../logic/audio-file-paths';
import { songFields } from '../logic/metadata-fields';
import { lowestAlternative, readPackagePlist, stringsIn, ALTERNATIVES, META_DATA, PROJECT_INFORMATION, type Unreadable } from '../logic/package-files';
import type { PlistDict } from '../logic/plist-value';
import { isFolderAt } from '../path-kind';

/** "GarageBand 10.4.11 (5961)" is 25 characters; a longer text is not a version. */
const MAX_SAVED_FROM_CHARACTERS = 200;


/**
 * `home`, the folder a copy's relative paths count from, is taken for the readers' common shape: a package carries its
 * audio inside it (`Media/`), so a copy's audio is found in the copy, and nothing is resolved against `home`.
 */
export async function readGarageBand(packagePath: string, _home?: string): Promise<ProjectMeta> {
  const root = path.resolve(packagePath);
  const unreadable: Unreadable = (reason) => new UnreadableFileError(packagePath, reason);

  if (!isFolderAt(root)) throw unreadable('is not a folder (a .band project is a package folder)');
  const information = readPackagePlist(root, PROJECT_INFORMATION, unreadable);
  const metaData = readPackagePlist(root, `${ALTERNATIVES}/${lowestAlternative(root, unreadable)}/${META_DATA}`, unreadable);

  const fields = songFields(metaData);
  // Resolving a path looks at the disk: a hostile list of a million names is cut to what a song may keep first.
  const listed = [...new Set([...stringsIn(metaData.get('AudioFiles')), ...stringsIn(metaData.get('UnusedAudioFiles'))])];
  const { samples, missingSamples } = resolveAudioFiles(root, listed.slice(0, MAX_META_SAMPLES), information.get('HasProjectFolder') === true);

  const meta = capProjectMeta({
    daw: 'garageband',
    dawVersion: savedFromOf(information),
    tempo: fields.tempo,
    // MetaData.plist states only the start tempo; a tempo map would be in ProjectData.
    tempoAutomated: false,
    timeSignature: fields.timeSignature,
    key: fields.key,
    sampleRate: fields.sampleRate,
    trackCount: fields.trackCount,
    tracks: [],
    samples,
    missingSamples,
  });
  return listed.length > MAX_META_SAMPLES ? { ...meta, listTotals: { ...meta.listTotals, samples: listed.length } } : meta;
}

/**
 * `LastSavedFrom` as the package states it, build included ("GarageBand 10.4.11 (5961)"): GarageBand's releases
 * are told apart by their build as often as by their number.
 */
function savedFromOf(information: PlistDict): string | null {
  const savedFrom = information.get('LastSavedFrom');
  if (typeof savedFrom !== 'string') return null;
  const text = savedFrom.trim();
  const plain = [...text].every((char) => char >= ' ' && char !== '\u007f');
  return text !== '' && text.length <= MAX_SAVED_FROM_CHARACTERS && plain ? text : null;
}







