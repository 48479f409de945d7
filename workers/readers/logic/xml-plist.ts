/**
 * A small XML property-list decoder on the `saxes` streaming parser (Apple's PropertyList-1.0 DTD: plist,
 * dict, key, array, string, integer, real, true, false, date, data).
 *
 * Hostile XML is refused rather than tolerated: a DOCTYPE is accepted only when it names `plist` and carries
 * no internal subset (Apple writes `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "...">` in every XML
 * plist, so refusing all DOCTYPEs would refuse real files), and an internal subset is where `<!ENTITY` lives.
 * `saxes` never fetches external DTDs and expands no entities beyond the five predefined ones.
 */
import { SaxesParser } from 'saxes';
import { PlistFormatError, type PlistDict, type PlistValue } from './plist-value';

/** Deeper than any plist Logic writes by a wide margin; the frames live on our own stack, not the call stack. */
const MAX_NESTING = 256;
const LEAF_ELEMENTS = new Set(['key', 'string', 'integer', 'real', 'date', 'data', 'true', 'false']);
const ALLOWED_DOCTYPE = /^\s*plist(\s+(PUBLIC\s+"[^"]*"\s+"[^"]*"|SYSTEM\s+"[^"]*"))?\s*$/;

type Frame =
  | { kind: 'plist'; value: PlistValue | undefined }
  | { kind: 'dict'; value: PlistDict; pendingKey: string | undefined }
  | { kind: 'array'; value: PlistValue[] }
  | { kind: 'leaf'; element: string; text: string };

export function parseXmlPlist(text: string): PlistValue {
  const builder = new PlistTreeBuilder();
  const parser = new SaxesParser();
  parser.on('doctype', (doctype) => {
    if (!ALLOWED_DOCTYPE.test(doctype)) {
      throw new PlistFormatError('XML plist has a DOCTYPE with declarations (entities are refused)');
    }
  });
  parser.on('opentag', (tag) => builder.open(tag.name));
  parser.on('text', (chunk) => builder.text(chunk));
  parser.on('cdata', (chunk) => builder.text(chunk));
  parser.on('closetag', (tag) => builder.close(tag.name));
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof PlistFormatError) throw error;
    throw new PlistFormatError(`XML plist is not well-formed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return builder.result();
}

class PlistTreeBuilder {
  private readonly stack: Frame[] = [];
  private root: PlistValue | undefined;

  open(element: string): void {
    if (this.stack.length >= MAX_NESTING) throw new PlistFormatError('XML plist is nested too deeply');
    const parent = this.stack.at(-1);
    if (element === 'plist') {
      if (parent !== undefined || this.root !== undefined) throw new PlistFormatError('XML plist has a nested <plist>');
      this.stack.push({ kind: 'plist', value: undefined });
      return;
    }
    if (parent === undefined || parent.kind === 'leaf') {
      throw new PlistFormatError(`XML plist has <${element}> where no value may start`);
    }
    if (element === 'dict') this.stack.push({ kind: 'dict', value: new Map(), pendingKey: undefined });
    else if (element === 'array') this.stack.push({ kind: 'array', value: [] });
    else if (LEAF_ELEMENTS.has(element)) this.stack.push({ kind: 'leaf', element, text: '' });
    else throw new PlistFormatError(`XML plist has an unknown element <${element}>`);
  }

  text(chunk: string): void {
    const top = this.stack.at(-1);
    if (top?.kind === 'leaf') top.text += chunk;
    else if (chunk.trim() !== '') throw new PlistFormatError('XML plist has text outside a value');
  }

  close(element: string): void {
    const frame = this.stack.pop();
    if (frame === undefined) throw new PlistFormatError(`XML plist closes </${element}> it never opened`);
    if (frame.kind === 'plist') {
      if (frame.value === undefined) throw new PlistFormatError('XML plist is empty');
      this.root = frame.value;
      return;
    }
    if (frame.kind === 'dict' && frame.pendingKey !== undefined) {
      throw new PlistFormatError(`XML plist has a <key> "${frame.pendingKey}" that is not followed by its value`);
    }
    if (frame.kind === 'leaf' && frame.element === 'key') {
      this.attachKey(frame.text);
      return;
    }
    this.attach(frame.kind === 'leaf' ? leafValue(frame.element, frame.text) : frame.value);
  }

  result(): PlistValue {
    if (this.root === undefined) throw new PlistFormatError('XML plist has no <plist> root');
    return this.root;
  }

  private attachKey(key: string): void {
    const parent = this.stack.at(-1);
    if (parent?.kind !== 'dict' || parent.pendingKey !== undefined) {
      throw new PlistFormatError('XML plist has a <key> that is not followed by its value');
    }
    parent.pendingKey = key;
  }

  private attach(value: PlistValue): void {
    const parent = this.stack.at(-1);
    if (parent === undefined || parent.kind === 'leaf') throw new PlistFormatError('XML plist value has no container');
    if (parent.kind === 'array') {
      parent.value.push(value);
    } else if (parent.kind === 'dict') {
      if (parent.pendingKey === undefined) throw new PlistFormatError('XML plist dictionary has a value without a key');
      parent.value.set(parent.pendingKey, value);
      parent.pendingKey = undefined;
    } else {
      if (parent.value !== undefined) throw new PlistFormatError('XML plist has more than one root value');
      parent.value = value;
    }
  }
}

function leafValue(element: string, text: string): PlistValue {
  switch (element) {
    case 'string':
      return text;
    case 'integer':
      return parseInteger(text);
    case 'real':
      return parseReal(text);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'date':
      return parseDate(text);
    case 'data':
      return parseBase64(text);
    default:
      throw new PlistFormatError(`XML plist has an unknown element <${element}>`);
  }
}

function parseInteger(text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+|0x[0-9a-f]+)$/i.test(trimmed)) throw new PlistFormatError(`XML plist integer "${trimmed}" is not a number`);
  const negative = trimmed.startsWith('-');
  const magnitude = Number(trimmed.replace(/^[+-]/, ''));
  return negative ? -magnitude : magnitude;
}

/** Apple writes the special reals as `nan`, `+infinity` and `-infinity`. */
function parseReal(text: string): number {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'nan') return Number.NaN;
  if (trimmed === 'inf' || trimmed === 'infinity' || trimmed === '+inf' || trimmed === '+infinity') return Infinity;
  if (trimmed === '-inf' || trimmed === '-infinity') return -Infinity;
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (Number.isNaN(value)) throw new PlistFormatError(`XML plist real "${text.trim()}" is not a number`);
  return value;
}

function parseDate(text: string): Date {
  const date = new Date(text.trim());
  if (Number.isNaN(date.getTime())) throw new PlistFormatError(`XML plist date "${text.trim()}" is not a date`);
  return date;
}

function parseBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new PlistFormatError('XML plist <data> is not base64');
  return Uint8Array.from(Buffer.from(compact, 'base64'));
}
