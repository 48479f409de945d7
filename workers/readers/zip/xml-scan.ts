/**
 * A small, fast, bounded XML tokenizer for the XML parts of zipped projects. A reader is told each start tag (its
 * name, its depth, its attributes parsed only when asked) and each end tag; text is never read. saxes reads about
 * 60 MB of XML a second here, and the parts of a large project are hundreds of megabytes once inflated; this scan
 * jumps from `<` to `<` with indexOf and steps over attribute values the same way, several times faster. The
 * tests hold it to saxes: on every document saxes accepts, both report the same tags and attributes.
 *
 * Names are taken as written, without namespaces: Studio One writes `x:id` and never declares `x` (a namespace-aware
 * parser fails on it, FORMATS-MORE.md), so `x:id` is simply an attribute named "x:id".
 *
 * Refused (XmlRefused, with the reason): a DOCTYPE or any other `<!` declaration (the only place entities are
 * defined, so the only way to an entity bomb), an entity other than the five predefined ones and character
 * references, tags that do not nest or that the text ends inside (a part cut short), a second root, text outside
 * the root, nesting deeper than `maxDepth`, more than `maxElements` elements. Comments, CDATA and processing
 * instructions are stepped over.
 *
 * Why the Ardour and LMMS readers walk their XML with saxes instead (`../bounded-xml.ts`): their files are small and
 * plain, LMMS writes a DOCTYPE this scan refuses, and saxes checks more of XML than this scan needs to; here, where
 * the parts are hundreds of megabytes once inflated, speed decides.
 */

export class XmlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'XmlRefused';
  }
}

export interface XmlLimits {
  /** Default 256: deeper than any DAW writes by far. */
  maxDepth?: number;
  /** Default 8,000,000: a 128 MiB part of the shortest elements a DAW writes holds fewer. */
  maxElements?: number;
}

/** A start tag's attributes; valid only during the `open` call it is passed to. */
export interface XmlAttributes {
  /** The value, entities decoded and whitespace normalised as XML says; undefined when absent. */
  get(name: string): string | undefined;
  /** Every attribute in order (for tests and debugging). */
  all(): [string, string][];
}

export interface XmlHandler {
  /** `depth`: 0 for the root element. */
  open(name: string, attributes: XmlAttributes, depth: number): void;
  close?(name: string, depth: number): void;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** UTF-8 text of an XML part, its byte order mark dropped; UTF-16 parts are refused (no DAW here writes them). */
export function xmlText(bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new XmlRefused('XML is UTF-16 (not read)');
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}

export function scanXml(text: string, handler: XmlHandler, limits: XmlLimits = {}): void {
  const maxDepth = limits.maxDepth ?? 256;
  const maxElements = limits.maxElements ?? 8_000_000;
  const attributes = new TagAttributes(text);
  const open: string[] = [];
  let rootSeen = false;
  let elements = 0;
  let at = 0;
  for (;;) {
    const lt = text.indexOf('<', at);
    if (open.length === 0) refuseTextOutsideRoot(text, at, lt === -1 ? text.length : lt);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === SLASH) {
      at = closeTag(text, lt, open, handler);
    } else if (next === BANG) {
      at = skipDeclaration(text, lt, open.length);
    } else if (next === QUESTION) {
      const end = text.indexOf('?>', lt + 2);
      if (end === -1) throw new XmlRefused('XML ends inside a processing instruction (cut short?)');
      at = end + 2;
    } else {
      const nameEnd = nameEndFrom(text, lt + 1);
      if (nameEnd === lt + 1 || !isNameStart(text.charCodeAt(lt + 1))) throw new XmlRefused('XML has a malformed tag');
      const gt = tagEnd(text, nameEnd);
      const empty = text.charCodeAt(gt - 1) === SLASH;
      if (open.length === 0 && rootSeen) throw new XmlRefused('XML has more than one root element');
      if (open.length >= maxDepth) throw new XmlRefused(`XML is nested deeper than ${maxDepth} elements`);
      if (++elements > maxElements) throw new XmlRefused(`XML has more than ${maxElements} elements`);
      rootSeen = true;
      const name = text.slice(lt + 1, nameEnd);
      attributes.reset(nameEnd, empty ? gt - 1 : gt);
      handler.open(name, attributes, open.length);
      if (empty) handler.close?.(name, open.length);
      else open.push(name);
      at = gt + 1;
    }
  }
  const unclosed = open.at(-1);
  if (unclosed !== undefined) throw new XmlRefused(`XML ends before <${unclosed}> closes (cut short?)`);
  if (!rootSeen) throw new XmlRefused('XML has no root element');
}

function closeTag(text: string, lt: number, open: string[], handler: XmlHandler): number {
  const gt = text.indexOf('>', lt + 2);
  if (gt === -1) throw new XmlRefused('XML ends inside a tag (cut short?)');
  const name = text.slice(lt + 2, gt).trimEnd();
  const expected = open.pop();
  if (expected === undefined) throw new XmlRefused(`XML closes </${name}> it never opened`);
  if (name !== expected) throw new XmlRefused(`XML closes <${expected}> with </${name}>`);
  handler.close?.(name, open.length);
  return gt + 1;
}

function skipDeclaration(text: string, lt: number, depth: number): number {
  if (text.startsWith('<!--', lt)) {
    const end = text.indexOf('-->', lt + 4);
    if (end === -1) throw new XmlRefused('XML ends inside a comment (cut short?)');
    return end + 3;
  }
  if (text.startsWith('<![CDATA[', lt)) {
    if (depth === 0) throw new XmlRefused('XML has CDATA outside its root element');
    const end = text.indexOf(']]>', lt + 9);
    if (end === -1) throw new XmlRefused('XML ends inside a CDATA section (cut short?)');
    return end + 3;
  }
  throw new XmlRefused('XML declares a DOCTYPE or entities (refused)');
}

function refuseTextOutsideRoot(text: string, from: number, to: number): void {
  for (let at = from; at < to; at++) {
    if (!isSpace(text.charCodeAt(at))) throw new XmlRefused('XML has text outside its root element');
  }
}

/**
 * A tag's rest up to its `>`: runs of anything but quotes and angle brackets, and quoted values whole (a `>` inside a
 * quoted value does not end the tag). Sticky, so the engine matches from the tag's name on in native code: several
 * times faster than stepping through the characters here.
 */
const TAG_REST = /[^"'<>]*(?:(?:"[^"]*"|'[^']*')[^"'<>]*)*>/y;

/** The index of the `>` ending the tag whose attributes start at `from`. */
function tagEnd(text: string, from: number): number {
  TAG_REST.lastIndex = from;
  if (TAG_REST.test(text)) return TAG_REST.lastIndex - 1;
  throw new XmlRefused(tagEndFailure(text, from));
}

/** Why a tag has no end: stepped through only for the refusal's reason. */
function tagEndFailure(text: string, from: number): string {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const closing = text.indexOf(code === DOUBLE_QUOTE ? '"' : "'", at + 1);
      if (closing === -1) return 'XML ends inside an attribute value (cut short?)';
      at = closing + 1;
    } else if (code === LT) {
      return 'XML has "<" inside a tag';
    } else if (Number.isNaN(code) || code === GT) {
      return 'XML ends inside a tag (cut short?)';
    } else {
      at++;
    }
  }
}

function nameEndFrom(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (Number.isNaN(code) || isSpace(code) || code === GT || code === SLASH || code === EQUALS || code === DOUBLE_QUOTE || code === SINGLE_QUOTE || code === LT) return at;
    at++;
  }
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** A letter, `_`, `:` or any character past ASCII; XML allows no digit, `-` or `.` first. */
function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x3a || code >= 0x80;
}

class TagAttributes implements XmlAttributes {
  private from = 0;
  private to = 0;

  constructor(private readonly text: string) {}

  reset(from: number, to: number): void {
    this.from = from;
    this.to = to;
  }

  get(name: string): string | undefined {
    let found: string | undefined;
    this.each((start, end, valueStart, valueEnd) => {
      if (end - start !== name.length || !this.text.startsWith(name, start)) return false;
      found = attributeValue(this.text.slice(valueStart, valueEnd));
      return true;
    });
    return found;
  }

  all(): [string, string][] {
    const pairs: [string, string][] = [];
    this.each((start, end, valueStart, valueEnd) => {
      pairs.push([this.text.slice(start, end), attributeValue(this.text.slice(valueStart, valueEnd))]);
      return false;
    });
    return pairs;
  }

  /** Calls `visit` with each attribute's name and value bounds until it returns true. */
  private each(visit: (start: number, end: number, valueStart: number, valueEnd: number) => boolean): void {
    const { text, to } = this;
    let at = this.from;
    for (;;) {
      while (at < to && isSpace(text.charCodeAt(at))) at++;
      if (at >= to) return;
      const start = at;
      at = nameEndFrom(text, at);
      const end = at;
      while (at < to && isSpace(text.charCodeAt(at))) at++;
      if (end === start || text.charCodeAt(at) !== EQUALS) throw new XmlRefused('XML has a malformed attribute');
      at++;
      while (at < to && isSpace(text.charCodeAt(at))) at++;
      const quote = text.charCodeAt(at);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw new XmlRefused('XML has an attribute value without quotes');
      const closing = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", at + 1);
      if (closing === -1 || closing >= to) throw new XmlRefused('XML has a malformed attribute');
      if (visit(start, end, at + 1, closing)) return;
      at = closing + 1;
    }
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's attribute-value normalisation: line ends and tabs become spaces, then references are replaced. */
function attributeValue(raw: string): string {
  if (!/[&\t\n\r<]/.test(raw)) return raw;
  if (raw.includes('<')) throw new XmlRefused('XML has "<" inside an attribute value');
  const spaced = raw.replace(/\r\n?|[\n\t]/g, ' ');
  return spaced.replace(/&([^;&]*);|&/g, (reference, body: string | undefined) => {
    if (body === undefined) throw new XmlRefused('XML has a bare "&" in an attribute value');
    const predefined = PREDEFINED[body];
    if (predefined !== undefined) return predefined;
    const code = /^#x[0-9a-f]{1,6}$/i.test(body) ? parseInt(body.slice(2), 16) : /^#[0-9]{1,7}$/.test(body) ? parseInt(body.slice(1), 10) : NaN;
    if (Number.isNaN(code)) throw new XmlRefused(`XML uses the entity ${reference}, which is not defined (entities are refused)`);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlRefused(`XML has an invalid character reference ${reference}`);
    return String.fromCodePoint(code);
  });
}
