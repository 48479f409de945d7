/**
 * The block tree of a decoded Pro Tools session (format knowledge from Ardour's ptformat library, LGPL-2.1).
 *
 * A block is the marker byte 0x5A, a 16-bit block type (its high byte always zero), a 32-bit size, and then
 * `size` bytes of content whose first two bytes are the content type that says what the block holds. Child
 * blocks sit inside the content, between other data: they are found by scanning for headers that fit.
 *
 * Top-level blocks tile the file from the end of the header to the last byte, with no gaps: true of all seven
 * real sessions we have (Pro Tools 5.1 to 2021.10). So a top-level block that overruns the file means truncation,
 * and a missing marker means damage or a wrong key; both are refused. Nothing here recurses, every scan moves
 * forward, and only the blocks a caller asks for are kept, so time and memory stay linear in the file size.
 */
import { MalformedSessionError, type SessionBytes } from './session-bytes';
import { HEADER_BYTES } from './session-header';

export const BLOCK_MARKER = 0x5a;
/** Marker, block type and size: the content (starting with its 2-byte content type) follows. */
const BLOCK_HEADER_BYTES = 7;
const CONTENT_TYPE_BYTES = 2;

export interface Block {
  contentType: number;
  /** Where the content starts: its content type. Field offsets in the format are counted from here. */
  contentStart: number;
  /** One past the last content byte. */
  end: number;
}

/** The first top-level block of each wanted content type, after checking that the blocks tile the file. */
export function findTopLevelBlocks(session: SessionBytes, wanted: ReadonlySet<number>): Map<number, Block> {
  const found = new Map<number, Block>();
  let position = HEADER_BYTES;
  if (position >= session.length) throw new MalformedSessionError('truncated: nothing follows the header');
  while (position < session.length) {
    if (session.length - position < BLOCK_HEADER_BYTES + CONTENT_TYPE_BYTES) {
      throw new MalformedSessionError(`truncated: ${session.length - position} stray bytes at offset ${position}`);
    }
    const block = blockAt(session, position, session.length);
    if (block === null) throw new MalformedSessionError(describeBadTopLevelBlock(session, position));
    if (wanted.has(block.contentType) && !found.has(block.contentType)) found.set(block.contentType, block);
    position = block.end;
  }
  return found;
}

/** The direct children of `parent` with the given content type, in file order, found as the caller asks. */
export function* childBlocks(session: SessionBytes, parent: Block, contentType: number): Generator<Block> {
  let position = parent.contentStart + CONTENT_TYPE_BYTES;
  while (position + BLOCK_HEADER_BYTES + CONTENT_TYPE_BYTES <= parent.end) {
    const child = blockAt(session, position, parent.end);
    if (child === null) {
      position += 1;
      continue;
    }
    if (child.contentType === contentType) yield child;
    position = child.end;
  }
}

/** The block whose header starts at `position`, if one is there and fits before `limit`. */
function blockAt(session: SessionBytes, position: number, limit: number): Block | null {
  if (position + BLOCK_HEADER_BYTES + CONTENT_TYPE_BYTES > limit) return null;
  if (session.u8(position) !== BLOCK_MARKER) return null;
  if (session.u16(position + 1) & 0xff00) return null;
  const size = session.u32(position + 3);
  const contentStart = position + BLOCK_HEADER_BYTES;
  if (size < CONTENT_TYPE_BYTES || contentStart + size > limit) return null;
  return { contentType: session.u16(contentStart), contentStart, end: contentStart + size };
}

function describeBadTopLevelBlock(session: SessionBytes, position: number): string {
  if (session.u8(position) !== BLOCK_MARKER) {
    return `damaged, or not decodable with its key: no block marker at offset ${position}`;
  }
  if (session.u16(position + 1) & 0xff00) return `damaged: impossible block type at offset ${position}`;
  const size = session.u32(position + 3);
  const remaining = session.length - position - BLOCK_HEADER_BYTES;
  return size < CONTENT_TYPE_BYTES
    ? `damaged: block at offset ${position} is too small to hold its content type`
    : `truncated: block at offset ${position} claims ${size} bytes, only ${remaining} remain`;
}
