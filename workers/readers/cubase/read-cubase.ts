/**
 * Reads a Cubase or Nuendo project (`.cpr`, `.npr`; FORMATS-MORE.md): the header, the version that saved it
 * (`app-version.ts`) and the plug-ins its attribute lists name (`plugin-attributes.ts`). Tempo, time signature,
 * tracks and audio files are not read: the tempo and signature offsets are unconfirmed (every fixture is 120 BPM in
 * 4/4), class names are stored once so tracks cannot be counted by name, and where audio paths live is not known.
 * They are reported as unknown rather than guessed.
 *
 * A file that is not a project, or whose version record is cut or damaged, throws UnreadableFileError with the reason.
 * A file cut after its version record (EXPECTED.md's `Truncated Project (Plugin Name Value)`) is read up to the cut:
 * its version stands, and its plug-ins are unknown, since those past the cut are lost.
 */
import { capProjectMeta, UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import type { PluginUse } from '../../../common/projects/plugins';
import { readProjectFile } from '../bounded-file';
import { appVersionOf, dawVersionText, majorVersion } from './app-version';
import { cubasePlugins, pluginInstancesIn } from './plugin-attributes';
import { HEADER_BYTES, MalformedProjectError, readProjectHeader } from './project-header';

/**
 * Real projects are a few hundred kilobytes to tens of megabytes (the fixtures: 0.2 to 0.8 MB); past this a file is
 * refused before it is read, as the other readers refuse theirs (common/projects/project-meta.ts).
 */
export const MAX_CUBASE_PROJECT_BYTES = 64 * 1024 * 1024;
/**
 * Cubase SX and older keep plug-ins as FXB chunks and paths, with no `Plugin Name` attributes (FORMATS-MORE.md); the
 * attribute lists came with VST3, in Cubase and Nuendo 4.
 */
const FIRST_RELEASE_WITH_PLUGIN_ATTRIBUTES = 4;

/**
 * `home`, the folder a copy's relative paths count from, is taken for the readers' common shape: no path in the
 * project is read, so there is nothing to resolve against it.
 */
export async function readCubase(filePath: string, _home?: string): Promise<ProjectMeta> {
  return readCubaseBytes(readProjectFile(filePath, MAX_CUBASE_PROJECT_BYTES, 'Cubase project'), filePath);
}

/** The project held in `bytes` (read from `filePath`, named in errors). */
export function readCubaseBytes(bytes: Buffer, filePath: string): ProjectMeta {
  let facts: CubaseFacts;
  try {
    facts = cubaseFacts(bytes);
  } catch (error) {
    if (error instanceof MalformedProjectError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
  return capProjectMeta({
    daw: 'cubase',
    dawVersion: facts.dawVersion,
    tempo: null,
    tempoAutomated: false,
    timeSignature: null,
    key: null,
    sampleRate: null,
    trackCount: null,
    tracks: [],
    samples: [],
    missingSamples: [],
    ...(facts.plugins ? { plugins: facts.plugins } : {}),
  });
}

interface CubaseFacts {
  dawVersion: string;
  /** Null where they cannot be told: a file cut short, a release before the attribute lists. */
  plugins: PluginUse[] | null;
}

function cubaseFacts(bytes: Buffer): CubaseFacts {
  const header = readProjectHeader(bytes);
  const appVersion = appVersionOf(bytes, header);
  const major = majorVersion(appVersion);
  const pluginsKnown = !header.truncated && (major === null || major >= FIRST_RELEASE_WITH_PLUGIN_ATTRIBUTES);
  return {
    dawVersion: dawVersionText(appVersion),
    plugins: pluginsKnown ? cubasePlugins(pluginInstancesIn(bytes, HEADER_BYTES, header.dataEnd)) : null,
  };
}
