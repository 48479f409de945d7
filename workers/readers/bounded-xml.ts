/**
 * The Ardour and LMMS readers' XML walk over a project held in memory, bounded against hostile files: a DOCTYPE is
 * refused (where entities would be declared) unless it is exactly a bare one the format writes (LMMS: `<!DOCTYPE
 * lmms-project>`), nesting and element count are capped, the root must be one of the format's, and a cut or malformed
 * file is refused with a short reason ("malformed or cut XML (…)").
 *
 * The walk is `zip/xml-scan.ts`, the zipped formats' tokenizer, with `wellFormed` on: these are plain files, where a
 * damaged byte must be refused rather than read past, so every tag's attributes and the text between tags are held to
 * XML too, not only what a reader asks for. On seeded mutations of Ardour sessions and LMMS projects it accepts
 * exactly what saxes (the walk before it) accepts (`zip/xml-scan.test.ts`), and reads them about 1.7x as fast (a
 * 150 KB session of the mixed library: 3.1 ms with saxes, 1.8 ms; the checks cost about a third of that). The text
 * is decoded whole, as a zipped project's parts are: a 64 MiB session is one string of 64 to 128 MB.
 */
import { scanXml, XmlRefused, xmlText, type XmlAttributes, type XmlHandler } from './zip/xml-scan';

/** Deeper than either format nests by far (Ardour ~10, LMMS ~12 levels). */
export const MAX_XML_DEPTH = 256;
/** A 64 MiB file of the smallest elements holds ~16 million; real sessions hold tens of thousands. */
export const MAX_XML_ELEMENTS = 4_000_000;
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
  /** `depth` 0 is the root. Attribute values are decoded (entities, whitespace) as XML says. */
  open(name: string, attributes: XmlAttributes, depth: number): void;
  close(name: string, depth: number): void;
}

export interface XmlFormat {
  /** How the format is named in reasons: "an Ardour session". */
  kind: string;
  /** The root elements the format's files have (its own versions may name it differently). */
  roots: readonly string[];
  /** The one DOCTYPE the format writes (its text between `<!DOCTYPE` and `>`), or none: any other is refused. */
  doctype?: RegExp;
}

export function walkXml(bytes: Buffer, format: XmlFormat, visitor: XmlVisitor): void {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const first = firstNonSpace(bytes, start);
  if (first === -1) throw new XmlRejected('empty file');
  if (bytes[first] !== 0x3c) throw new XmlRejected(`not XML (not ${format.kind})`);

  let elements = 0;
  const handler: XmlHandler = {
    open(name, attributes, depth) {
      if (depth >= MAX_XML_DEPTH) throw new XmlRejected(`XML nested deeper than ${MAX_XML_DEPTH}`);
      if (++elements > MAX_XML_ELEMENTS) throw new XmlRejected(`XML holds more than ${MAX_XML_ELEMENTS} elements`);
      if (depth === 0 && !format.roots.includes(name)) throw new XmlRejected(`not ${format.kind} (its root is <${clip(name)}>)`);
      visitor.open(name, attributes, depth);
    },
    close: (name, depth) => visitor.close(name, depth),
  };
  try {
    // The scan's own caps sit one past these, so the ones above answer first, in these readers' words.
    const caps = { maxDepth: MAX_XML_DEPTH + 1, maxElements: MAX_XML_ELEMENTS + 1 };
    scanXml(xmlText(bytes), handler, { ...caps, wellFormed: true, ...(format.doctype ? { doctype: format.doctype } : {}) });
  } catch (error) {
    if (!(error instanceof XmlRefused)) throw error;
    // A DOCTYPE, an entity: refused as what they are; anything else is a file cut short or damaged.
    throw new XmlRejected(error.kind === 'refused' ? error.reason : `malformed or cut XML (${clip(error.reason)})`);
  }
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
