/**
 * The names of the audio files a session references (format knowledge from Ardour's ptformat, LGPL-2.1).
 *
 * The list block holds the number of audio files, then a names block: a run of entries, each a 32-bit
 * length, the name, a four-character file type in the session's byte order ("EVAW"/"WAVE", "FFIA"/"AIFF")
 * and five more bytes. Folder names ("Audio Files", the volume, the user folder) are interleaved with the
 * files: they are told apart by their type (zero for folders) and, in Pro Tools 10+ where some files carry
 * no type, by the file name's extension.
 */
import { childBlocks, type Block } from './block-tree';
import { CONTENT_TYPE } from './content-types';
import { MalformedSessionError, type SessionBytes } from './session-bytes';
import type { ObfuscationScheme } from './session-header';

/** Where the first entry starts, counted from the names block's content type. */
const FIRST_ENTRY_OFFSET = 11;
const TYPE_BYTES = 4;
const ENTRY_TRAILER_BYTES = 5;
const AUDIO_FILE_TYPES = new Set(['WAVE', 'EVAW', 'AIFF', 'FFIA']);
const AUDIO_FILE_EXTENSION = /\.(wav|aiff?)$/i;
/** Pro Tools' own folders, which appear in the list like files do. */
const FOLDER_NAMES = new Set(['Audio Files', 'Fade Files']);
/** Far more than any real session; a list beyond it is a hostile file, refused before it costs memory. */
const MAX_AUDIO_FILES = 200_000;

export function audioFileNames(session: SessionBytes, scheme: ObfuscationScheme, listBlock: Block | undefined): string[] {
  if (listBlock === undefined) return [];
  const declared = session.u32(listBlock.contentStart + 2, listBlock.end);
  const namesBlock = childBlocks(session, listBlock, CONTENT_TYPE.audioFileNames).next();
  if (namesBlock.done) {
    if (declared > 0) throw new MalformedSessionError(`damaged: ${declared} audio files declared but no names block`);
    return [];
  }
  return readEntries(session, scheme, namesBlock.value, declared);
}

function readEntries(session: SessionBytes, scheme: ObfuscationScheme, names: Block, declared: number): string[] {
  const found = new Set<string>();
  let accepted = 0;
  let position = names.contentStart + FIRST_ENTRY_OFFSET;
  // Each entry takes at least 13 bytes, so the walk ends by the block's end even if `declared` is hostile.
  while (accepted < declared && position < names.end) {
    const { text: name, next } = session.lengthPrefixedString(position, names.end);
    const fileType = session.fourCharacterCode(next, names.end);
    position = next + TYPE_BYTES + ENTRY_TRAILER_BYTES;
    if (!isAudioFileEntry(name, fileType, scheme)) continue;
    accepted += 1;
    found.add(name);
    if (found.size > MAX_AUDIO_FILES) throw new MalformedSessionError(`damaged: more than ${MAX_AUDIO_FILES} audio files listed`);
  }
  return [...found];
}

/**
 * Pro Tools 5 to 9 type every audio file; Pro Tools 10+ leaves some untyped, and then only a .wav or .aif
 * name marks a file. `.grp` entries are clip groups, not audio.
 */
function isAudioFileEntry(name: string, fileType: string, scheme: ObfuscationScheme): boolean {
  if (name === '' || FOLDER_NAMES.has(name) || name.toLowerCase().endsWith('.grp')) return false;
  if (AUDIO_FILE_TYPES.has(fileType)) return true;
  return scheme === 5 && fileType.startsWith('\0') && AUDIO_FILE_EXTENSION.test(name);
}
