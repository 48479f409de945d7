/**
 * Reads an FL Studio project (`.flp`: a binary event stream, FORMATS-MORE.md "FL Studio") into ProjectMeta: the
 * version, tempo (and whether a placed clip automates it), time signature, the channel rack's tracks, the
 * third-party plug-ins FL hosts through its wrapper, the samples, found or missing, and the song info FL keeps (title
 * 194, genre 206, artists 207; none of the shared real projects fills them). Anything that is not a whole
 * project (empty, a ZIP, cut short, a length past the end) throws UnreadableFileError with the reason, and the scan
 * goes on.
 */
import { capProjectMeta, creditsOf, MAX_META_SAMPLES, UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { readProjectFile } from '../bounded-file';
import { sessionHome } from '../session-home';
import { MalformedFlpError } from './flp-events';
import { readFlpFacts, type FlpFacts } from './flp-facts';
import { resolveFlSamples } from './sample-refs';

/**
 * Real projects are kilobytes to a few megabytes (plug-in states are most of a large one); past this a file is
 * refused before it is read, as the other readers do.
 */
export const MAX_FLP_BYTES = 64 * 1024 * 1024;

/** `home`: the folder its samples count from, for a copy kept elsewhere (a snapshot). Default: the project's. */
export async function readFlStudio(filePath: string, home?: string): Promise<ProjectMeta> {
  const facts = await readFlStudioFacts(filePath);
  // Only the samples a song may keep are looked up: a crafted file naming a million costs no million stats.
  const { samples, missingSamples } = resolveFlSamples(home ?? sessionHome(filePath), facts.samplePaths.slice(0, MAX_META_SAMPLES));
  const meta = capProjectMeta({
    daw: 'flstudio',
    dawVersion: facts.dawVersion,
    tempo: facts.tempo,
    tempoAutomated: facts.tempoAutomated,
    timeSignature: facts.timeSignature,
    // FL stores no key.
    key: null,
    // Nor a sample rate: it is the audio device's, in FL's settings.
    sampleRate: null,
    trackCount: facts.trackCount,
    tracks: facts.tracks,
    plugins: facts.plugins,
    samples,
    missingSamples,
    credits: creditsOf({ title: facts.title, artist: facts.artists, genre: facts.genre }),
  });
  if (facts.samplePaths.length > MAX_META_SAMPLES) meta.listTotals = { ...meta.listTotals, samples: facts.samplePaths.length };
  return meta;
}

/** The project's facts from its bytes, as FL states them (before any cap). */
export async function readFlStudioFacts(filePath: string): Promise<FlpFacts> {
  const bytes = readProjectFile(filePath, MAX_FLP_BYTES, 'project');
  try {
    return readFlpFacts(bytes);
  } catch (error) {
    if (error instanceof MalformedFlpError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}
