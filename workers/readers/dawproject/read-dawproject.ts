/**
 * Reads a DAWproject (`.dawproject`, the open exchange format of Bitwig, Studio One and Cubase): a ZIP holding
 * `project.xml`, `metadata.xml`, embedded audio and plug-in states (bitwig/dawproject, FORMATS-MORE.md). Only
 * `project.xml` is read, through the bounded ZIP reader and the XML scan. A file that is not a whole DAWproject (not
 * a ZIP, no project.xml, a part cut short, damaged or hostile) throws UnreadableFileError with the reason.
 *
 * DAWproject is an export, not a DAW's own save: it states no key and no sample rate, and its audio files are
 * mostly inside the container (not files on disk: not listed); those it references outside count from its folder.
 */
import path from 'node:path';
import { countPlugins } from '../../../common/projects/plugins';
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { withZip, type ZipLimits } from '../zip/bounded-zip';
import { resolveSamples, statedPath } from '../sample-paths';
import { scanZipPart } from '../zip/zip-xml';
import { ProjectDocument } from './project-xml';

/** The container holds the song's audio: gigabytes are honest, but a ZIP without ZIP64 ends at 4 GiB. */
export const MAX_DAWPROJECT_BYTES = 0xffff_ffff;
const LIMITS: ZipLimits = { kind: 'DAWproject', maxArchiveBytes: MAX_DAWPROJECT_BYTES };
const PROJECT = 'project.xml';

/** The XSD's tempo has no range; Bitwig's is 20 to 666 BPM. Past this a value is damage, not a tempo. */
const MIN_BPM = 1;
const MAX_BPM = 1000;

/** `home`: the folder external files count from, for a copy kept elsewhere (a snapshot). Default: the file's own. */
export async function readDawproject(filePath: string, home?: string): Promise<ProjectMeta> {
  const project = withZip(filePath, LIMITS, (zip) => {
    if (!zip.has(PROJECT)) throw new UnreadableFileError(filePath, `has no ${PROJECT} (not a DAWproject)`);
    const document = new ProjectDocument();
    scanZipPart(zip, filePath, PROJECT, document);
    return document;
  });

  const folder = home ?? path.dirname(path.resolve(filePath));
  const external = project.audioFiles.filter((file) => file.external).map((file) => ({ candidates: [statedPath(folder, file.path)] }));
  const { samples, missingSamples } = resolveSamples(external);
  const tracks = project.tracks.filter((track) => track.counted).map((track) => track.name);
  const tempo = project.tempoUnit === undefined || project.tempoUnit === 'bpm' ? bpmOf(project.tempo) : null;
  return {
    daw: 'dawproject',
    dawVersion: project.application === null ? null : `${project.application.name} ${project.application.version}`.trim() || null,
    tempo,
    // The transport's tempo and the automation's points: more than one value is a tempo change.
    tempoAutomated: new Set([...(tempo === null ? [] : [tempo]), ...project.tempoPoints]).size > 1,
    timeSignature: signatureOf(project.timeSignature),
    key: null,
    sampleRate: null,
    trackCount: tracks.length,
    tracks,
    plugins: countPlugins(project.plugins),
    samples,
    missingSamples,
  };
}

function bpmOf(value: number | null): number | null {
  return value !== null && value >= MIN_BPM && value <= MAX_BPM ? value : null;
}

/** "7/8": a whole numerator up to 99 over a power of two up to 64; anything else is not trusted. */
function signatureOf(signature: [number, number] | null): string | null {
  if (signature === null) return null;
  const [numerator, denominator] = signature;
  if (!Number.isInteger(numerator) || numerator < 1 || numerator > 99 || ![1, 2, 4, 8, 16, 32, 64].includes(denominator)) return null;
  return `${numerator}/${denominator}`;
}
