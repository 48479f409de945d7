/**
 * The scan a library scan runs on every set: one forward pass over the inflated bytes, chunk by chunk, that
 * parses tags only along the paths `AlsFactsBuilder` reads (header, track names, the main track's mixer and
 * envelopes, the scale) and jumps over everything else with Buffer.indexOf. A set is 4 to 20 times its gzip
 * size and almost all of it is device and clip XML inside the tracks, which is never tokenised: inside a
 * skipped subtree only three markers matter, its own `<Name`/`</Name` (to find where it ends) and `<SampleRef`.
 *
 * Exact for what Live writes. XML it does not model (comments, CDATA, processing instructions, a DOCTYPE,
 * unknown entities, mismatched tags) throws FastScanBailout, and the careful parser reads the file instead.
 */
import { AlsFactsBuilder, type AlsFacts } from './als-facts';
import { MarkerSearch } from './marker-search';
import { SampleRefReader } from './sample-ref-reader';
import { FastScanBailout, SetRejected } from './set-rejected';
import { LT, readTag, TagAttributes, type Tag } from './xml-bytes';

/** A single tag (or the bytes after a marker) longer than this is no Live set; the cap keeps memory bounded. */
const MAX_CARRY_BYTES = 16 * 1024 * 1024;
/** How much of a chunk is copied behind the carry to scan across the seam; far more than a tag Live writes. */
const SEAM_BYTES = 64 * 1024;
const SAMPLE_REF = 'SampleRef';
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);
const BANG = 0x21;
const QUESTION = 0x3f;

interface SkipFrame {
  kind: 'skip';
  /** Nested elements of the same name to count; null for an element that cannot contain its own kind. */
  open: MarkerSearch | null;
  close: MarkerSearch;
  depth: number;
  /** The element is one the builder reads (it asked for no more of it): its close is reported. */
  endsReadElement: boolean;
}

type Frame =
  /** Tokenising, reporting elements to the builder. The bottom frame. */
  | { kind: 'paths' }
  /** Jumping to the end of an element, stopping only for SampleRefs. */
  | SkipFrame
  /** Tokenising a SampleRef's first child for the sample reader. */
  | { kind: 'sample'; reader: SampleRefReader };

/** Returned by a step that needs the next chunk; the scanner keeps the bytes from `carryFrom` on. */
const NEED_MORE = -1;

export class FastAlsScanner {
  private readonly builder = new AlsFactsBuilder();
  private readonly frames: Frame[] = [{ kind: 'paths' }];
  /** Elements the builder is reading, innermost last; their close tags are checked against it. */
  private readonly openElements: string[] = [];
  private readonly sampleRefMarker = new MarkerSearch(`<${SAMPLE_REF}`);
  private readonly skipMarkers = new Map<string, { open: MarkerSearch; close: MarkerSearch }>();
  private carry: Buffer = Buffer.alloc(0);
  private carryFrom = 0;
  /** Offset in the whole document of the current buffer's first byte. */
  private bufferOffset = 0;
  private started = false;
  private rootClosed = false;
  /** Input bytes seen before the current chunk, and the first three of them (for the byte order mark). */
  private inputOffset = 0;
  private readonly head: number[] = [];
  private lastInputByte = 0;

  write(chunk: Buffer): void {
    if (this.rootClosed || chunk.length === 0) return;
    this.refuseUnmodelledMarkup(chunk);
    const carried = this.carry;
    if (carried.length > 0 && this.started && chunk.length > SEAM_BYTES) {
      // Across the seam, on the carry and the chunk's first bytes only: copying the whole chunk behind the carry
      // would copy every inflated byte once more (a tenth of the scan, measured).
      const seam = Buffer.concat([carried, chunk.subarray(0, SEAM_BYTES)]);
      const stoppedAt = this.scan(seam, 0);
      if (this.rootClosed) return this.keep(seam, seam.length);
      if (stoppedAt >= carried.length) {
        // Whatever the scan needs next is in the chunk itself: go on there, where the seam stopped.
        this.bufferOffset += carried.length;
        const resumeAt = stoppedAt - carried.length;
        return this.keep(chunk, this.scan(chunk, resumeAt));
      }
      // A tag begun in the carry runs on past the seam (rare): scan the whole of both.
    }
    const buf = carried.length > 0 ? Buffer.concat([carried, chunk]) : chunk;
    if (!this.started && !this.checkStart(buf)) {
      // Only whitespace so far (nothing to keep), or the start of a byte order mark.
      const keep = buf.length < BYTE_ORDER_MARK.length && BYTE_ORDER_MARK.subarray(0, buf.length).equals(buf);
      this.carry = keep ? buf : Buffer.alloc(0);
      if (!keep) this.bufferOffset += buf.length;
      return;
    }
    this.keep(buf, this.scan(buf, 0));
  }

  /** Steps through `buf` from `pos` until a step needs the next chunk or the root closes; where to keep from. */
  private scan(buf: Buffer, pos: number): number {
    let at = pos;
    while (!this.rootClosed) {
      const next = this.step(buf, at);
      if (next === NEED_MORE) return this.carryFrom;
      at = next;
    }
    return buf.length;
  }

  /** Keeps `buf` from `carryFrom` on for the next chunk; `buf` starts at `bufferOffset` in the document. */
  private keep(buf: Buffer, carryFrom: number): void {
    if (buf.length - carryFrom > MAX_CARRY_BYTES) throw new SetRejected('an XML tag larger than 16 MiB');
    this.carry = buf.subarray(carryFrom);
    this.bufferOffset += carryFrom;
  }

  end(): AlsFacts {
    if (!this.started) throw new SetRejected('not an Ableton Live set (no XML)');
    if (!this.rootClosed) {
      const inside = this.openElements[this.openElements.length - 1];
      throw new SetRejected(inside ? `truncated XML (ends inside <${inside}>)` : 'truncated XML');
    }
    return this.builder.facts;
  }

  /**
   * Comments, CDATA and processing instructions could hide or fake the markers a skip looks for, so any
   * `<!` or `<?` sends the file to the careful parser; only the XML declaration, at the document's start, is
   * read here. The second bytes are rare in Live's XML, so a memchr for each is cheaper than one for `<!`.
   */
  private refuseUnmodelledMarkup(chunk: Buffer): void {
    const previousByte = this.inputOffset > 0 ? this.lastInputByte : undefined;
    for (let at = 0; this.head.length < BYTE_ORDER_MARK.length && at < chunk.length; at++) this.head.push(chunk[at] ?? 0);
    for (const second of [BANG, QUESTION]) {
      if (chunk[0] === second && previousByte === LT) this.refuseMarkupAt(this.inputOffset - 1, second);
      for (let at = chunk.indexOf(second, 1); at !== -1; at = chunk.indexOf(second, at + 1)) {
        if (chunk[at - 1] === LT) this.refuseMarkupAt(this.inputOffset + at - 1, second);
      }
    }
    this.lastInputByte = chunk[chunk.length - 1] ?? 0;
    this.inputOffset += chunk.length;
  }

  private refuseMarkupAt(offset: number, second: number): void {
    if (second === QUESTION && this.isDocumentStart(offset)) return;
    throw new FastScanBailout('a comment, CDATA, DOCTYPE or processing instruction');
  }

  /** Offset 0, or 3 after a byte order mark: where the XML declaration must be. */
  private isDocumentStart(offset: number): boolean {
    if (offset === 0) return true;
    return offset === BYTE_ORDER_MARK.length && this.head.length === BYTE_ORDER_MARK.length && BYTE_ORDER_MARK.equals(Buffer.from(this.head));
  }

  /** Rejects at once what does not even start like XML (a gzip of anything else); false until a byte shows. */
  private checkStart(buf: Buffer): boolean {
    if (buf.length < BYTE_ORDER_MARK.length && BYTE_ORDER_MARK.subarray(0, buf.length).equals(buf)) return false;
    let at = this.bufferOffset === 0 && buf.subarray(0, BYTE_ORDER_MARK.length).equals(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK.length : 0;
    while (at < buf.length && (buf[at] === 0x20 || buf[at] === 0x09 || buf[at] === 0x0a || buf[at] === 0x0d)) at++;
    if (at >= buf.length) return false;
    if (buf[at] !== LT) throw new SetRejected('not an Ableton Live set (not XML)');
    this.started = true;
    return true;
  }

  private step(buf: Buffer, pos: number): number {
    const frame = this.frames[this.frames.length - 1];
    switch (frame?.kind) {
      case 'paths':
        return this.stepPaths(buf, pos);
      case 'skip':
        return this.stepSkip(frame, buf, pos);
      case 'sample':
        return this.stepSample(frame.reader, buf, pos);
      case undefined:
        throw new Error('the scanner lost its bottom frame');
    }
  }

  private stepPaths(buf: Buffer, pos: number): number {
    const lt = buf.indexOf(LT, pos);
    if (lt === -1) return this.needMore(buf.length);
    const tag = readTag(buf, lt);
    if (!tag) return this.needMore(lt);
    if (tag.kind === 'markup') {
      // Only the XML declaration gets past refuseUnmodelledMarkup.
      if (!this.isDocumentStart(this.bufferOffset + lt)) throw new FastScanBailout('markup after the declaration');
      const end = buf.indexOf('?>', lt);
      return end === -1 ? this.needMore(lt) : end + 2;
    }
    if (tag.name === '') throw new FastScanBailout('a tag without a name');
    if (tag.kind === 'close') {
      // Every close the builder sees is checked, which also catches a skip that ended too early.
      if (this.openElements[this.openElements.length - 1] !== tag.name) throw new FastScanBailout(`a mismatched </${tag.name}>`);
      this.closeReadElement();
      return tag.end;
    }
    if (tag.name === SAMPLE_REF) return this.enterSampleRef(tag);
    const isEmpty = tag.kind === 'empty';
    const reads = this.builder.open(tag.name, new TagAttributes(buf, tag.nameEnd, tag.end), isEmpty);
    if (reads) this.openElements.push(tag.name);
    else if (!isEmpty) this.frames.push(this.skipFrame(tag.name, true, false));
    return tag.end;
  }

  private closeReadElement(): void {
    this.openElements.pop();
    const parentIsDone = this.builder.close();
    const parent = this.openElements[this.openElements.length - 1];
    if (parent === undefined) this.rootClosed = true;
    // Only elements that cannot contain their own kind (tracks) are marked done, so their first close is theirs.
    else if (parentIsDone) this.frames.push(this.skipFrame(parent, false, true));
  }

  private stepSkip(frame: SkipFrame, buf: Buffer, pos: number): number {
    const close = frame.close.next(buf, pos);
    // A nested element of the same name can only open before this close: never search past it.
    const open = frame.open ? frame.open.next(buf, pos, close === -1 ? buf.length : close) : -1;
    const sample = this.sampleRefMarker.next(buf, pos);
    const nearest = earliest(earliest(close, open), sample);
    if (nearest === -1) {
      // Keep enough of the tail for a marker cut in two by the chunk boundary.
      const longest = Math.max(frame.close.length, frame.open?.length ?? 0, this.sampleRefMarker.length);
      return this.needMore(Math.max(pos, buf.length - longest));
    }
    const tag = readTag(buf, nearest);
    if (!tag) return this.needMore(nearest);
    // A SampleRef inside the skipped subtree (checked first: skipping a SampleRef's tail, both markers match).
    if (nearest === sample) return this.enterSampleRef(tag);
    if (nearest === open) {
      if (tag.kind === 'open') frame.depth++;
      return tag.end;
    }
    if (--frame.depth === 0) {
      this.frames.pop();
      if (frame.endsReadElement) this.closeReadElement();
    }
    return tag.end;
  }

  private stepSample(reader: SampleRefReader, buf: Buffer, pos: number): number {
    const lt = buf.indexOf(LT, pos);
    if (lt === -1) return this.needMore(buf.length);
    const tag = readTag(buf, lt);
    if (!tag) return this.needMore(lt);
    if (tag.kind === 'markup' || tag.name === '') throw new FastScanBailout('markup inside a SampleRef');
    if (tag.kind === 'close') {
      if (reader.depth === 0) {
        this.finishSampleRef(reader);
        this.frames.pop();
        return tag.end;
      }
      reader.close();
    } else {
      reader.open(tag.name, new TagAttributes(buf, tag.nameEnd, tag.end), tag.kind === 'empty');
    }
    if (reader.done) {
      this.finishSampleRef(reader);
      // Whatever follows the FileRef (a SourceContext, dates, hints) is skipped up to </SampleRef>.
      this.frames[this.frames.length - 1] = this.skipFrame(SAMPLE_REF, true, false);
    }
    return tag.end;
  }

  private enterSampleRef(tag: Tag): number {
    if (tag.kind === 'open') this.frames.push({ kind: 'sample', reader: new SampleRefReader() });
    return tag.end;
  }

  private finishSampleRef(reader: SampleRefReader): void {
    const ref = reader.result();
    if (ref) this.builder.sampleRef(ref);
  }

  private skipFrame(name: string, countsNested: boolean, endsReadElement: boolean): SkipFrame {
    let markers = this.skipMarkers.get(name);
    if (!markers) {
      markers = { open: new MarkerSearch(`<${name}`), close: new MarkerSearch(`</${name}`) };
      this.skipMarkers.set(name, markers);
    }
    return { kind: 'skip', open: countsNested ? markers.open : null, close: markers.close, depth: 1, endsReadElement };
  }

  private needMore(carryFrom: number): number {
    this.carryFrom = carryFrom;
    return NEED_MORE;
  }
}

/** The smaller of two match positions, where -1 means "no match". */
function earliest(a: number, b: number): number {
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}
