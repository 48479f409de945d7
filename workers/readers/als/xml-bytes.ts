/**
 * Reading single XML tags straight from inflated bytes, for the fast scanner. Only what Live writes is
 * modelled: start, end and empty-element tags with quoted attributes. Anything else is reported as markup so
 * that the caller can hand the file to the careful parser.
 */
import { FastScanBailout } from './set-rejected';

export const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const EQUALS = 0x3d;

export type TagKind = 'open' | 'empty' | 'close' | 'markup';

export interface Tag {
  kind: TagKind;
  /** The tag's name (empty for markup). */
  name: string;
  /** Index of the byte after the tag name: where the attributes start. */
  nameEnd: number;
  /** Index of the byte after `>` (for markup: after `<!` or `<?`). */
  end: number;
}

/** Whitespace, `>` or `/`: a byte that ends a tag name. */
export function endsName(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === GT || byte === SLASH;
}

/** Reads the tag starting at `lt` (a `<`); null when the buffer ends before the tag does. */
export function readTag(buf: Buffer, lt: number): Tag | null {
  const first = buf[lt + 1];
  if (first === undefined) return null;
  if (first === BANG || first === QUESTION) return { kind: 'markup', name: '', nameEnd: lt + 2, end: lt + 2 };

  const isClose = first === SLASH;
  const nameStart = isClose ? lt + 2 : lt + 1;
  let nameEnd = nameStart;
  while (nameEnd < buf.length && !endsName(buf[nameEnd])) nameEnd++;
  if (nameEnd >= buf.length) return null;
  const name = buf.toString('latin1', nameStart, nameEnd);

  if (isClose) {
    const gt = buf.indexOf(GT, nameEnd);
    return gt === -1 ? null : { kind: 'close', name, nameEnd, end: gt + 1 };
  }
  // A `>` inside a quoted attribute value does not end the tag, so step over quoted values whole.
  let at = nameEnd;
  while (at < buf.length) {
    const byte = buf[at];
    if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
      const closingQuote = buf.indexOf(byte, at + 1);
      if (closingQuote === -1) return null;
      at = closingQuote + 1;
    } else if (byte === GT) {
      return { kind: buf[at - 1] === SLASH ? 'empty' : 'open', name, nameEnd, end: at + 1 };
    } else {
      at++;
    }
  }
  return null;
}

/** The attributes of one tag, parsed only when asked for (most tags the scanner sees are never asked). */
export class TagAttributes {
  constructor(
    private readonly buf: Buffer,
    private readonly from: number,
    private readonly to: number,
  ) {}

  get(attribute: string): string | undefined {
    const { buf, to } = this;
    let at = this.from;
    for (;;) {
      while (at < to && isSpace(buf[at])) at++;
      if (at >= to || buf[at] === GT || buf[at] === SLASH) return undefined;
      const nameStart = at;
      while (at < to && buf[at] !== EQUALS && !isSpace(buf[at])) at++;
      const nameEnd = at;
      while (at < to && isSpace(buf[at])) at++;
      if (buf[at] !== EQUALS) throw new FastScanBailout('an attribute without a value');
      at++;
      while (at < to && isSpace(buf[at])) at++;
      const quote = buf[at];
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw new FastScanBailout('an unquoted attribute');
      const valueEnd = buf.indexOf(quote, at + 1);
      if (valueEnd === -1 || valueEnd >= to) throw new FastScanBailout('an unterminated attribute');
      if (nameEquals(buf, nameStart, nameEnd, attribute)) return decodeAttributeValue(buf, at + 1, valueEnd);
      at = valueEnd + 1;
    }
  }
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function nameEquals(buf: Buffer, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let index = 0; index < name.length; index++) {
    if (buf[start + index] !== name.charCodeAt(index)) return false;
  }
  return true;
}

const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

const LITERAL_WHITESPACE = /\r\n|[\t\n\r]/g;
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g;

/**
 * An attribute value as an XML parser reports it: UTF-8 decoded (invalid bytes become U+FFFD), literal
 * whitespace normalised to spaces, then character and predefined entity references replaced.
 */
export function decodeAttributeValue(buf: Buffer, start: number, end: number): string {
  const raw = buf.toString('utf8', start, end);
  const normalised = raw.includes('\t') || raw.includes('\n') || raw.includes('\r') ? raw.replace(LITERAL_WHITESPACE, ' ') : raw;
  if (!normalised.includes('&')) return normalised;
  // A `&` that starts no well-formed reference is malformed XML: the careful parser reports it.
  if (normalised.replace(REFERENCE, '').includes('&')) throw new FastScanBailout('a malformed reference');
  return normalised.replace(REFERENCE, (_reference, body: string) => decodeReference(body));
}

function decodeReference(body: string): string {
  if (body.startsWith('#')) {
    const codePoint = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    if (!isXmlChar(codePoint)) throw new FastScanBailout('a reference to a character XML forbids');
    return String.fromCodePoint(codePoint);
  }
  const replacement = PREDEFINED_ENTITIES.get(body);
  // Without a DOCTYPE (refused earlier) no other entity can be declared.
  if (replacement === undefined) throw new FastScanBailout(`an undeclared entity &${body};`);
  return replacement;
}

function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}
