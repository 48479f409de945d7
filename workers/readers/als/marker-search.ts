/**
 * Finds the next `<Name` or `</Name` in a buffer at memchr speed (Buffer.indexOf), and remembers the answer:
 * the skipping scanner asks for the same few markers again and again as it moves forward, and without the
 * memory each question would scan the rest of the buffer again.
 */
import { endsName } from './xml-bytes';

export class MarkerSearch {
  private readonly needle: Buffer;
  private searched: Buffer | null = null;
  private searchedFrom = 0;
  private searchedTo = 0;
  private found = -1;

  /** `text` is `<Name` or `</Name`; a match must be followed by a byte that ends a tag name. */
  constructor(text: string) {
    this.needle = Buffer.from(text, 'latin1');
  }

  get length(): number {
    return this.needle.length;
  }

  /**
   * The index of the first match in [from, limit), or -1. A match at the very end of the buffer, where the
   * byte after it is not there yet, is returned too: the caller finds the tag incomplete and waits for more.
   */
  next(buf: Buffer, from: number, limit = buf.length): number {
    if (buf === this.searched && from >= this.searchedFrom) {
      if (this.found !== -1 && this.found >= from) return this.found + this.needle.length <= limit ? this.found : -1;
      if (this.found === -1 && limit <= this.searchedTo) return -1;
    }
    // The view bounds the search without copying; indexes stay those of `buf`.
    const view = limit < buf.length ? buf.subarray(0, limit) : buf;
    let at = view.indexOf(this.needle, from);
    while (at !== -1) {
      const after = at + this.needle.length;
      if (after >= buf.length || endsName(buf[after])) break;
      at = view.indexOf(this.needle, at + 1);
    }
    this.searched = buf;
    this.searchedFrom = from;
    this.searchedTo = limit;
    this.found = at;
    return at;
  }
}
