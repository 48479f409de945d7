/**
 * Reads a Bitwig Studio project (`.bwproject`: binary, big-endian, no spec; FORMATS-MORE.md) as far as it can be
 * read with confidence: the header and meta block (the version that saved it, the files it uses, the `structure`
 * summary with the track list, the `title`, `artist` and `genre` of the project's info), and, by FORMATS-MORE's
 * heuristic, the tempo. The document body is not decoded: signature, key and plug-ins stay unknown (`plugins`
 * absent), never guessed from strings.
 *
 * Only the file's first `MAX_HEAD_BYTES` are read: the meta block and the tempo sit at the start, and a 5.x project
 * may carry a long ZIP of plug-in states after its body. A file that is not a Bitwig project (no BtWg header, another
 * document type such as a clip, cut short before its body, a damaged meta block) throws UnreadableFileError.
 */
import fs from 'node:fs';
import path from 'node:path';
import { creditsOf, UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { openProjectFile } from '../bounded-file';
import { resolveSamples, statedPath } from '../sample-paths';
import { MAX_PATH_CHARS } from '../zip/zip-xml';
import { MalformedBitwig, metaText, readBitwigHeader, type BitwigHeader } from './bitwig-meta';
import { trackNames } from './bitwig-structure';

/** Projects with plug-in states and packaged files run to hundreds of megabytes; past this a file is no project. */
export const MAX_BWPROJECT_BYTES = 2 * 1024 * 1024 * 1024;
/** The meta block and the tempo are in the first kilobytes; a meta block past this is no honest one. */
export const MAX_HEAD_BYTES = 16 * 1024 * 1024;

const PROJECT_TYPE = 'application/bitwig-project';
/**
 * FORMATS-MORE's heuristic: the first field 0x2c8 with tag 07 (f64) after the body offset is the project's tempo
 * (the TEMPO parameter's value). Not from a spec: shown, never trusted over the user. Bitwig's range is 20-666 BPM;
 * a value outside it means the heuristic found something else, and the tempo stays unknown.
 */
const TEMPO_FIELD = Buffer.from([0x00, 0x00, 0x02, 0xc8, 0x07]);
const MIN_BPM = 20;
const MAX_BPM = 666;

/** `home`: the folder relative used files count from, for a copy kept elsewhere. Default: the project's folder. */
export async function readBitwig(filePath: string, home?: string): Promise<ProjectMeta> {
  const { head, size } = readHead(filePath);
  let header: BitwigHeader;
  try {
    header = readBitwigHeader(head);
  } catch (error) {
    if (!(error instanceof MalformedBitwig)) throw error;
    // Cut short within the bytes read, but the file goes on: its meta block is past any honest one's size.
    const tooLong = error.cutShort && head.length < size;
    throw new UnreadableFileError(filePath, tooLong ? `has a meta block running past its first ${MAX_HEAD_BYTES} bytes (not read)` : error.reason);
  }
  const type = metaText(header.meta, 'type');
  if (type !== undefined && type !== PROJECT_TYPE) throw new UnreadableFileError(filePath, `is not a Bitwig project (its type is ${type.slice(0, 100)})`);

  const version = metaText(header.meta, 'application_version_name');
  const summary = header.meta.get('structure');
  const tracks = Buffer.isBuffer(summary) ? trackNames(summary) : null;
  const folder = home ?? path.dirname(path.resolve(filePath));
  const usedFiles = header.meta.get('used_files');
  const files = (Array.isArray(usedFiles) ? usedFiles : []).filter((file) => file !== '' && file.length <= MAX_PATH_CHARS).map((file) => ({ candidates: [statedPath(folder, file)] }));
  const { samples, missingSamples } = resolveSamples(files);
  const tempo = heuristicTempo(head, header.bodyOffset);
  const credits = creditsOf({ title: metaText(header.meta, 'title'), artist: metaText(header.meta, 'artist'), genre: metaText(header.meta, 'genre') });
  return {
    daw: 'bitwig',
    dawVersion: version === undefined ? null : `Bitwig Studio ${version.slice(0, 100)}`,
    tempo,
    // Found by a pattern, not a specification: marked so, and never trusted over the user.
    ...(tempo === null ? {} : { heuristic: ['tempo' as const] }),
    // The tempo's automation lives in the undecoded body.
    tempoAutomated: false,
    timeSignature: null,
    key: null,
    // Bitwig keeps the sample rate in its preferences, not in the project.
    sampleRate: null,
    trackCount: tracks === null ? null : tracks.length,
    tracks: tracks ?? [],
    samples,
    missingSamples,
    ...(credits ? { credits } : {}),
  };
}

function heuristicTempo(head: Buffer, bodyOffset: number): number | null {
  const at = head.indexOf(TEMPO_FIELD, bodyOffset - 1);
  if (at === -1 || at + TEMPO_FIELD.length + 8 > head.length) return null;
  const tempo = head.readDoubleBE(at + TEMPO_FIELD.length);
  return Number.isFinite(tempo) && tempo >= MIN_BPM && tempo <= MAX_BPM ? tempo : null;
}

/** The file's first MAX_HEAD_BYTES (all of a smaller one), from a regular file opened without waiting. */
function readHead(filePath: string): { head: Buffer; size: number } {
  const { fd, stats } = openProjectFile(filePath);
  try {
    const { size } = stats;
    if (size === 0) throw new UnreadableFileError(filePath, 'is empty');
    if (size > MAX_BWPROJECT_BYTES) throw new UnreadableFileError(filePath, `${size} bytes, more than the ${MAX_BWPROJECT_BYTES} a Bitwig project may have`);
    const head = Buffer.alloc(Math.min(size, MAX_HEAD_BYTES));
    let filled = 0;
    while (filled < head.length) {
      const bytesRead = fs.readSync(fd, head, filled, head.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { head: head.subarray(0, filled), size };
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(filePath, `cannot be read (${error instanceof Error && 'code' in error ? String(error.code) : String(error)})`);
  } finally {
    fs.closeSync(fd);
  }
}
