/**
 * A streaming XML walk (saxes) over a project held in memory, bounded against hostile files: a DOCTYPE is refused
 * (where entities would be declared) unless it is exactly the bare one the format writes (LMMS: `<!DOCTYPE
 * lmms-project>`), nesting and element count are capped, the root must be the format's, and saxes' own errors (a cut
 * or malformed file) become a short reason. Shared by the Ardour and LMMS readers.
 *
 * The bytes are decoded and parsed a megabyte at a time, so a 64 MiB project never becomes one 128 MB string.
 *
 * Why a second XML reader beside `zip/xml-scan.ts` (the zipped formats' tokenizer, about 4x faster: 290 against 67 MB
 * a second on a 32 MB Ardour session): Ardour sessions and LMMS projects are plain files of kilobytes to a few
 * megabytes (under a millisecond for the real ones), so speed buys nothing here, while saxes checks all of XML's
 * well-formedness and lets LMMS's bare `<!DOCTYPE lmms-project>` through, which the tokenizer refuses with every other
 * declaration. The zipped formats inflate to hundreds of megabytes of XML, where the tokenizer's speed is the point.
 */
import { SaxesParser } from 'saxes';

/** Deeper than either format nests by far (Ardour ~10, LMMS ~12 levels). */
export const MAX_XML_DEPTH = 256;
/** A 64 MiB file of the smallest elements holds ~16 million; real sessions hold tens of thousands. */
export const MAX_XML_ELEMENTS = 4_000_000;
const CHUNK_BYTES = 1024 * 1024;
/** A name or path a reader keeps; real ones are under a kilobyte. The same bound as a REAPER statement's. */
export const MAX_KEPT_CHARS = 64 * 1024;

/** The file is not a readable project; `reason` is short and shown to the user. */
export class XmlRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'XmlRejected';
  }
}

export interface XmlVisitor {
  /** `depth` 1 is the root. Attribute values are as the XML parser reports them. */
  open(name: string, attributes: Readonly<Record<string, string>>, depth: number): void;
  close(name: string, depth: number): void;
}

export interface XmlFormat {
  /** How the format is named in reasons: "an Ardour session". */
  kind: string;
  /** The root element the format's files have. */
  root: string;
  /** The one DOCTYPE the format writes (its text between `<!DOCTYPE` and `>`), or none: any other is refused. */
  doctype?: RegExp;
}

export function walkXml(bytes: Buffer, format: XmlFormat, visitor: XmlVisitor): void {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const first = firstNonSpace(bytes, start);
  if (first === -1) throw new XmlRejected('empty file');
  if (bytes[first] !== 0x3c) throw new XmlRejected(`not XML (not ${format.kind})`);

  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let depth = 0;
  let elements = 0;
  let sawRoot = false;
  parser.on('doctype', (doctype) => {
    if (!format.doctype?.test(doctype)) throw new XmlRejected('XML declares a DOCTYPE or entities');
  });
  parser.on('opentag', (tag) => {
    depth++;
    elements++;
    if (depth > MAX_XML_DEPTH) throw new XmlRejected(`XML nested deeper than ${MAX_XML_DEPTH}`);
    if (elements > MAX_XML_ELEMENTS) throw new XmlRejected(`XML holds more than ${MAX_XML_ELEMENTS} elements`);
    if (depth === 1) {
      if (tag.name !== format.root) throw new XmlRejected(`not ${format.kind} (its root is <${clip(tag.name)}>)`);
      sawRoot = true;
    }
    visitor.open(tag.name, tag.attributes, depth);
  });
  parser.on('closetag', (tag) => {
    visitor.close(tag.name, depth);
    depth--;
  });

  const decoder = new TextDecoder('utf-8');
  try {
    for (let at = start; at < bytes.length; at += CHUNK_BYTES) {
      parser.write(decoder.decode(bytes.subarray(at, Math.min(bytes.length, at + CHUNK_BYTES)), { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof XmlRejected) throw error;
    // saxes reports a cut file as an unclosed tag, other damage by what it met.
    throw new XmlRejected(`malformed or cut XML (${clip(error instanceof Error ? error.message : String(error))})`);
  }
  if (!sawRoot) throw new XmlRejected(`not ${format.kind} (no root element)`);
}

/** An attribute value a reader keeps (a name, a path), refused when no real project writes one so long. */
export function keptText(value: string): string {
  if (value.length > MAX_KEPT_CHARS) throw new XmlRejected(`has a name or path longer than ${MAX_KEPT_CHARS} characters`);
  return value;
}

function firstNonSpace(bytes: Buffer, from: number): number {
  for (let at = from; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return at;
  }
  return -1;
}

/** A name or message from the file, short enough for a reason. */
function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
