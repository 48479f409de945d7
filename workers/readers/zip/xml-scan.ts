/**
 * A small, fast, bounded XML tokenizer for the projects that are XML: the parts of zipped projects, Ardour sessions
 * and LMMS projects (`../bounded-xml.ts`). A reader is told each start tag (its name, its depth, its attributes parsed
 * only when asked) and each end tag; text is never read. saxes reads about 60 MB of XML a second here, and the parts
 * of a large project are hundreds of megabytes once inflated; this scan jumps from `<` to `<` with indexOf and steps
 * over attribute values the same way, several times faster. The tests hold it to saxes: on every document saxes
 * accepts, both report the same tags and attributes.
 *
 * Names are taken as written, without namespaces: Studio One writes `x:id` and never declares `x` (a namespace-aware
 * parser fails on it, FORMATS-MORE.md), so `x:id` is simply an attribute named "x:id".
 *
 * Refused (XmlRefused, with the reason): a DOCTYPE or any other `<!` declaration (the only place entities are
 * defined, so the only way to an entity bomb), an entity other than the five predefined ones and character
 * references, tags that do not nest or that the text ends inside (a part cut short), a second root, text outside
 * the root, nesting deeper than `maxDepth`, more than `maxElements` elements. Comments, CDATA and processing
 * instructions are stepped over. One DOCTYPE may be let through, before the root: the bare one a format writes
 * (`doctype`: LMMS's `<!DOCTYPE lmms-project>`), never one with an internal subset (where entities are declared).
 *
 * What is not read is not checked, by default: an attribute nobody asks for, the text between tags. `wellFormed`
 * checks them too (for a plain file, where a damaged byte should be refused rather than read past): every attribute of
 * every tag (its syntax, its references, its characters), the text's references and characters, `]]>` in text and
 * `--` in a comment, and an attribute written twice in a tag. Still not checked then: a name's characters after its
 * first, where the XML declaration is.
 *
 * Over 300 lines: one tokenizer. The checks `wellFormed` adds run inside its steps, on its positions, with its
 * patterns and reasons (a tag's attributes checked where the scan found the tag, and read back from that check).
 */

/**
 * `kind`: "damaged" for XML cut short or not well formed; "refused" for what is refused on purpose (a DOCTYPE, an
 * entity, a limit passed, UTF-16), which a reader may report in its own words.
 */
export class XmlRefused extends Error {
  constructor(
    readonly reason: string,
    readonly kind: 'damaged' | 'refused' = 'damaged',
  ) {
    super(reason);
    this.name = 'XmlRefused';
  }
}

export interface XmlOptions {
  /** Default 256: deeper than any DAW writes by far. */
  maxDepth?: number;
  /** Default 8,000,000: a 128 MiB part of the shortest elements a DAW writes holds fewer. */
  maxElements?: number;
  /** The one DOCTYPE let through: its text between `<!DOCTYPE` and `>` must match. Default: none (every one refused). */
  doctype?: RegExp;
  /** Default false: check what is not read too (see the header). */
  wellFormed?: boolean;
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
const AMPERSAND = 0x26;
const CLOSE_BRACKET = 0x5d;
const HOSTILE = 'XML declares a DOCTYPE or entities (refused)';

/** UTF-8 text of an XML part, its byte order mark dropped; UTF-16 parts are refused (no DAW here writes them). */
export function xmlText(bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new XmlRefused('XML is UTF-16 (not read)', 'refused');
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString('utf8', start);
}

export function scanXml(text: string, handler: XmlHandler, options: XmlOptions = {}): void {
  const maxDepth = options.maxDepth ?? 256;
  const maxElements = options.maxElements ?? 8_000_000;
  const wellFormed = options.wellFormed === true;
  const attributes = new TagAttributes(text);
  const open: string[] = [];
  let rootSeen = false;
  let doctype = options.doctype;
  let elements = 0;
  let at = 0;
  for (;;) {
    const lt = wellFormed && open.length > 0 ? checkedTextEnd(text, at) : text.indexOf('<', at);
    if (open.length === 0) refuseTextOutsideRoot(text, at, lt === -1 ? text.length : lt);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === SLASH) {
      at = closeTag(text, lt, open, handler);
    } else if (next === BANG && doctype !== undefined && !rootSeen && text.startsWith('<!DOCTYPE', lt)) {
      at = allowedDoctype(text, lt, doctype);
      doctype = undefined;
    } else if (next === BANG) {
      at = skipDeclaration(text, lt, open.length, wellFormed);
    } else if (next === QUESTION) {
      const end = text.indexOf('?>', lt + 2);
      if (end === -1) throw new XmlRefused('XML ends inside a processing instruction (cut short?)');
      if (wellFormed) checkInstruction(text, lt, end);
      at = end + 2;
    } else {
      const nameEnd = nameEndFrom(text, lt + 1);
      if (nameEnd === lt + 1 || !isNameStart(text.charCodeAt(lt + 1))) throw new XmlRefused('XML has a malformed tag');
      const gt = tagEnd(text, nameEnd);
      const empty = text.charCodeAt(gt - 1) === SLASH;
      if (open.length === 0 && rootSeen) throw new XmlRefused('XML has more than one root element');
      if (open.length >= maxDepth) throw new XmlRefused(`XML is nested deeper than ${maxDepth} elements`, 'refused');
      if (++elements > maxElements) throw new XmlRefused(`XML has more than ${maxElements} elements`, 'refused');
      rootSeen = true;
      const name = text.slice(lt + 1, nameEnd);
      attributes.reset(nameEnd, empty ? gt - 1 : gt);
      if (wellFormed) {
        if (!isXmlName(name)) throw new XmlRefused('XML has a malformed tag');
        attributes.check();
      }
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

function skipDeclaration(text: string, lt: number, depth: number, wellFormed: boolean): number {
  if (text.startsWith('<!--', lt)) {
    const end = text.indexOf('-->', lt + 4);
    if (end === -1) throw new XmlRefused('XML ends inside a comment (cut short?)');
    if (wellFormed && text.indexOf('--', lt + 4) < end) throw new XmlRefused('XML has "--" inside a comment');
    if (wellFormed) refuseForbidden(text.slice(lt + 4, end));
    return end + 3;
  }
  if (text.startsWith('<![CDATA[', lt)) {
    if (depth === 0) throw new XmlRefused('XML has CDATA outside its root element');
    const end = text.indexOf(']]>', lt + 9);
    if (end === -1) throw new XmlRefused('XML ends inside a CDATA section (cut short?)');
    if (wellFormed) refuseForbidden(text.slice(lt + 9, end));
    return end + 3;
  }
  throw new XmlRefused(HOSTILE, 'refused');
}

/** The DOCTYPE a format writes, bare (no internal subset, where entities are declared); any other is refused. */
function allowedDoctype(text: string, lt: number, allowed: RegExp): number {
  const from = lt + '<!DOCTYPE'.length;
  const gt = text.indexOf('>', from);
  if (gt === -1) throw new XmlRefused('XML ends inside its DOCTYPE (cut short?)');
  const declared = text.slice(from, gt);
  if (!isSpace(declared.charCodeAt(0)) || /[[<]/.test(declared) || !allowed.test(declared)) throw new XmlRefused(HOSTILE, 'refused');
  return gt + 1;
}

/**
 * Text up to its next `<` (-1 when there is none), held to XML's rules for text: references only to the predefined
 * entities and characters, no character XML forbids, no `]]>`. Sticky like TAG_REST, so plain runs are matched in
 * native code.
 */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it looks for
const TEXT_RUN = /[^<&\]\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]*/y;

const REFERENCE = /&([^\s;&<]*);/y;

function checkedTextEnd(text: string, from: number): number {
  let at = from;
  for (;;) {
    TEXT_RUN.lastIndex = at;
    TEXT_RUN.test(text);
    at = TEXT_RUN.lastIndex;
    if (at >= text.length) return -1;
    const code = text.charCodeAt(at);
    if (code === LT) return at;
    if (code === AMPERSAND) {
      REFERENCE.lastIndex = at;
      const reference = REFERENCE.exec(text);
      if (reference === null) throw new XmlRefused('XML has a bare "&" in its text');
      referenceText(reference[0], reference[1]!);
      at = REFERENCE.lastIndex;
    } else if (code === CLOSE_BRACKET) {
      if (text.startsWith(']]>', at)) throw new XmlRefused('XML has "]]>" in its text');
      at++;
    } else {
      throw new XmlRefused(forbiddenCharacter(code));
    }
  }
}

/** XML 1.0's names, exactly (fifth edition: NameStartChar, then NameChar). */
const NAME_START = ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// eslint-disable-next-line no-misleading-character-class -- U+0300 to U+036F are a range of NameChar, not a mark on the character before
const XML_NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`, 'u');
/** The names DAWs write are ASCII: tested first by a cheaper pattern than XML_NAME's. */
const ASCII_NAME = /^[A-Za-z_:][\w.:-]*$/;

function isXmlName(name: string): boolean {
  return ASCII_NAME.test(name) || XML_NAME.test(name);
}

/** The XML declaration as XML 1.0 allows it: a version, then perhaps an encoding, then perhaps `standalone`. */
const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:\s+encoding\s*=\s*(?:"[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?(?:\s+standalone\s*=\s*(?:"(?:yes|no)"|'(?:yes|no)'))?\s*\?>$/;

/** A processing instruction's target is a name; `xml` is the declaration, only at the very start and only as XML says. */
function checkInstruction(text: string, lt: number, end: number): void {
  const target = /^\S*/.exec(text.slice(lt + 2, end))![0];
  if (!isXmlName(target)) throw new XmlRefused('XML has a malformed processing instruction');
  refuseForbidden(text.slice(lt + 2, end));
  if (target.toLowerCase() !== 'xml') return;
  if (lt !== 0 || !XML_DECLARATION.test(text.slice(lt, end + 2))) throw new XmlRefused('XML has a malformed XML declaration');
}

function forbiddenCharacter(code: number): string {
  return `XML has a character XML forbids (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
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
  /**
   * What `check` found, as places in the text: the first `count` attributes' names and values, so `get` looks there
   * instead of parsing the tag again. Numbers only, kept between tags (overwritten, never shrunk): checking a tag
   * allocates nothing.
   */
  private readonly nameStarts: number[] = [];
  private readonly nameEnds: number[] = [];
  private readonly valueStarts: number[] = [];
  private readonly valueEnds: number[] = [];
  private count = 0;
  private checked = false;

  constructor(private readonly text: string) {}

  reset(from: number, to: number): void {
    this.from = from;
    this.to = to;
    this.checked = false;
  }

  get(name: string): string | undefined {
    if (this.checked) {
      for (let index = 0; index < this.count; index++) {
        const start = this.nameStarts[index]!;
        if (this.nameEnds[index]! - start === name.length && this.text.startsWith(name, start)) {
          return attributeValue(this.text.slice(this.valueStarts[index], this.valueEnds[index]));
        }
      }
      return undefined;
    }
    let found: string | undefined;
    this.each((start, end, valueStart, valueEnd) => {
      if (end - start !== name.length || !this.text.startsWith(name, start)) return false;
      found = attributeValue(this.text.slice(valueStart, valueEnd));
      return true;
    });
    return found;
  }

  /** Every attribute's syntax, references and characters (`wellFormed`); throws XmlRefused at the first wrong one. */
  check(): void {
    if (!this.checkPlain()) this.checkEach();
    this.checked = true;
  }

  /** Notes an attribute `check` found; a name met before in the same tag is refused. */
  private remember(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const { text } = this;
    const length = nameEnd - nameStart;
    for (let index = 0; index < this.count; index++) {
      const start = this.nameStarts[index]!;
      if (this.nameEnds[index]! - start !== length) continue;
      let at = 0;
      while (at < length && text.charCodeAt(start + at) === text.charCodeAt(nameStart + at)) at++;
      if (at === length) throw new XmlRefused(`XML has the attribute ${text.slice(nameStart, Math.min(nameEnd, nameStart + 80))} twice in one tag`);
    }
    this.nameStarts[this.count] = nameStart;
    this.nameEnds[this.count] = nameEnd;
    this.valueStarts[this.count] = valueStart;
    this.valueEnds[this.count] = valueEnd;
    this.count++;
  }

  /** `check` for the attributes DAWs write, matched natively (PLAIN_ATTRIBUTE); false when the tag has others. */
  private checkPlain(): boolean {
    const { text } = this;
    this.count = 0;
    let at = this.from;
    PLAIN_ATTRIBUTE.lastIndex = at;
    while (PLAIN_ATTRIBUTE.test(text)) {
      let nameStart = at;
      while (isSpace(text.charCodeAt(nameStart))) nameStart++;
      at = PLAIN_ATTRIBUTE.lastIndex;
      // The value holds no quote like its own: the one before its end is where it opens.
      this.remember(nameStart, nameEndFrom(text, nameStart), text.lastIndexOf(text[at - 1]!, at - 2) + 1, at - 1);
    }
    while (at < this.to && isSpace(text.charCodeAt(at))) at++;
    return at === this.to;
  }

  private checkEach(): void {
    let previousEnd = -1;
    this.count = 0;
    this.each((start, end, valueStart, valueEnd) => {
      // XML wants space between attributes (`a="1"b="2"` is not XML), and names as XML spells them.
      if (start === previousEnd + 1 || !isXmlName(this.text.slice(start, end))) throw new XmlRefused('XML has a malformed attribute');
      this.remember(start, end, valueStart, valueEnd);
      previousEnd = valueEnd;
      PLAIN_VALUE.lastIndex = valueStart;
      while (PLAIN_VALUE.test(this.text) && PLAIN_VALUE.lastIndex < valueEnd) {
        const code = this.text.charCodeAt(PLAIN_VALUE.lastIndex);
        if (code !== DOUBLE_QUOTE && code !== SINGLE_QUOTE) {
          checkedValue(this.text.slice(valueStart, valueEnd));
          return false;
        }
        PLAIN_VALUE.lastIndex++;
      }
      return false;
    });
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

/**
 * An attribute as DAWs write them, after the space before it: an ASCII name, and a value with no reference and no
 * character needing a check. Sticky and without captures, so a tag of them is checked in native code, allocating
 * nothing.
 */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it looks for
const PLAIN_ATTRIBUTE = /[\t\n\r ]+[A-Za-z_:][\w.:-]*[\t\n\r ]*=[\t\n\r ]*(?:"[^"<&\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]*"|'[^'<&\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]*')/y;

/** A run of an attribute value needing no check: it stops at a quote (perhaps the value's end), `<`, `&` or a forbidden character. */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it looks for
const PLAIN_VALUE = /[^"'<&\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]*/y;
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it looks for
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** `attributeValue`, refusing also the characters XML forbids (`wellFormed`). */
function checkedValue(raw: string): void {
  refuseForbidden(raw);
  attributeValue(raw);
}

function refuseForbidden(raw: string): void {
  const forbidden = FORBIDDEN_CHARACTER.exec(raw);
  if (forbidden !== null) throw new XmlRefused(forbiddenCharacter(forbidden[0].charCodeAt(0)));
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's attribute-value normalisation: line ends and tabs become spaces, then references are replaced. */
function attributeValue(raw: string): string {
  if (!/[&\t\n\r<]/.test(raw)) return raw;
  if (raw.includes('<')) throw new XmlRefused('XML has "<" inside an attribute value');
  const spaced = raw.replace(/\r\n?|[\n\t]/g, ' ');
  return spaced.replace(/&([^;&]*);|&/g, (reference, body: string | undefined) => {
    if (body === undefined) throw new XmlRefused('XML has a bare "&" in an attribute value');
    return referenceText(reference, body);
  });
}

/** What `&body;` stands for: one of the five predefined entities or a character; any other entity is refused. */
function referenceText(reference: string, body: string): string {
  const predefined = PREDEFINED[body];
  if (predefined !== undefined) return predefined;
  const code = /^#x[0-9a-f]{1,6}$/i.test(body) ? parseInt(body.slice(2), 16) : /^#[0-9]{1,7}$/.test(body) ? parseInt(body.slice(1), 10) : NaN;
  if (Number.isNaN(code)) throw new XmlRefused(`XML uses the entity ${reference}, which is not defined (entities are refused)`, 'refused');
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlRefused(`XML has an invalid character reference ${reference}`);
  return String.fromCodePoint(code);
}
