/**
 * Reads a Pro Tools session (.ptx for 10+, .ptf for 7 to 9, .pts for 5 and 6): the plain header, then the
 * XOR-decoded block tree (FORMATS.md; the format as documented by Ardour's ptformat library, LGPL-2.1, and
 * re-implemented here). What it yields: the version, sample rate, referenced audio files, track names and,
 * where the session has them, tempo, meter and key. Anything that is not a whole session throws
 * UnreadableFileError with the reason.
 */
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { sessionHome } from '../session-home';
import { audioFileNames } from './audio-file-list';
import { resolveAudioFiles } from './audio-file-paths';
import { findTopLevelBlocks } from './block-tree';
import { CONTENT_TYPE } from './content-types';
import { toggleObfuscation } from './obfuscation';
import { MalformedSessionError, SessionBytes } from './session-bytes';
import { dawVersionOf, sampleRateOf } from './session-facts';
import { readSessionFile } from './session-file';
import { readSessionHeader } from './session-header';
import { timeMapsOf } from './time-maps';
import { trackNames } from './track-list';


/** The top-level blocks the reader looks into; their children are found from them. */
const WANTED_BLOCKS = new Set<number>([
  CONTENT_TYPE.productAndVersion,
  CONTENT_TYPE.sampleRate,
  CONTENT_TYPE.audioFileList,
  CONTENT_TYPE.trackList,
  CONTENT_TYPE.audioTrackList,
  CONTENT_TYPE.tempoMap,
  CONTENT_TYPE.meterMap,
  CONTENT_TYPE.keySignatureList,
]);

/** `home`: the folder its audio paths count from, for a copy kept elsewhere (a snapshot). Default: the session's. */
export async function readProTools(filePath: string, home?: string): Promise<ProjectMeta> {
  const bytes = readSessionFile(filePath);
  let decoded: DecodedSession;
  try {
    decoded = decodeSession(bytes);
  } catch (error) {
    if (error instanceof MalformedSessionError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
  const { samples, missingSamples } = resolveAudioFiles(home ?? sessionHome(filePath), decoded.audioFiles);
  return {
    daw: 'protools',
    dawVersion: decoded.dawVersion,
    tempo: decoded.tempo,
    tempoAutomated: decoded.tempoAutomated,
    timeSignature: decoded.timeSignature,
    key: decoded.key,
    sampleRate: decoded.sampleRate,
    trackCount: decoded.tracks === null ? null : decoded.tracks.length,
    tracks: decoded.tracks ?? [],
    samples,
    missingSamples,
  };
}

interface DecodedSession {
  dawVersion: string | null;
  sampleRate: number;
  audioFiles: string[];
  tracks: string[] | null;
  tempo: number | null;
  tempoAutomated: boolean;
  timeSignature: string | null;
  key: string | null;
}

/** Everything the session states, from its bytes alone; decodes `bytes` in place. Throws MalformedSessionError. */
function decodeSession(bytes: Uint8Array): DecodedSession {
  const header = readSessionHeader(bytes);
  toggleObfuscation(bytes, header.scheme, header.seed);
  const session = new SessionBytes(bytes, header.bigEndian);
  const blocks = findTopLevelBlocks(session, WANTED_BLOCKS);
  const timeMaps = timeMapsOf(
    session,
    blocks.get(CONTENT_TYPE.tempoMap),
    blocks.get(CONTENT_TYPE.meterMap),
    blocks.get(CONTENT_TYPE.keySignatureList),
  );
  return {
    dawVersion: dawVersionOf(session, header.scheme, blocks.get(CONTENT_TYPE.productAndVersion)),
    sampleRate: sampleRateOf(session, blocks.get(CONTENT_TYPE.sampleRate)),
    audioFiles: audioFileNames(session, header.scheme, blocks.get(CONTENT_TYPE.audioFileList)),
    tracks: trackNames(session, blocks.get(CONTENT_TYPE.trackList), blocks.get(CONTENT_TYPE.audioTrackList)),
    ...timeMaps,
  };
}
