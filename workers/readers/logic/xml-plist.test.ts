import { describe, expect, it } from 'vitest';
import { encodeXmlPlist, PlistReal, type WritablePlistValue } from '../../../fixtures/generators/logicx';
import { parsePlist } from './plist-file';
import { PlistFormatError, type PlistValue } from './plist-value';
import { parseXmlPlist } from './xml-plist';

const APPLE_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n';

function plist(body: string, header = APPLE_HEADER): string {
  return `${header}<plist version="1.0">${body}</plist>`;
}

function expectRefusal(text: string, reason: RegExp): void {
  expect(() => parseXmlPlist(text)).toThrow(PlistFormatError);
  expect(() => parseXmlPlist(text)).toThrow(reason);
}

describe('parseXmlPlist on values our writer encodes', () => {
  it.each<[string, WritablePlistValue, PlistValue]>([
    ['a string with markup characters', 'Kick & <Snare>', 'Kick & <Snare>'],
    ['an integer', 44_100, 44_100],
    ['a negative integer', -12, -12],
    ['a real', 119.5, 119.5],
    ['a whole real', new PlistReal(120), 120],
    ['true', true, true],
    ['false', false, false],
    ['data', Uint8Array.from([0, 255, 7]), Uint8Array.from([0, 255, 7])],
    ['a date', new Date('2021-03-04T05:06:07Z'), new Date('2021-03-04T05:06:07Z')],
    ['an empty array', [], []],
    ['an empty dictionary', new Map(), new Map()],
    ['a nested dictionary', new Map([['VariantNames', new Map([['0', 'Song']])]]), new Map([['VariantNames', new Map([['0', 'Song']])]])],
  ])('decodes %s', (_name, written, expected) => {
    expect(parsePlist(encodeXmlPlist(written))).toEqual(expected);
  });
});

describe('parseXmlPlist on what Apple writes by hand', () => {
  it.each<[string, string, PlistValue]>([
    ['a hexadecimal integer', '<integer>0x1F</integer>', 31],
    ['a real written as nan', '<real>nan</real>', Number.NaN],
    ['a real written as +infinity', '<real>+infinity</real>', Infinity],
    ['a real written as -infinity', '<real>-infinity</real>', -Infinity],
    ['base64 data broken over lines', '<data>\n\tAAEC\n\tAw==\n</data>', Uint8Array.from([0, 1, 2, 3])],
    ['a string in CDATA', '<string><![CDATA[a<b]]></string>', 'a<b'],
    ['a string with a predefined entity', '<string>R&amp;B</string>', 'R&B'],
  ])('decodes %s', (_name, body, expected) => {
    expect(parseXmlPlist(plist(body))).toEqual(expected);
  });

  it('accepts a plist without a DOCTYPE', () => {
    expect(parseXmlPlist(plist('<true/>', '<?xml version="1.0"?>'))).toBe(true);
  });
});

describe('parseXmlPlist on hostile or broken XML', () => {
  it.each<[string, string, RegExp]>([
    [
      'a DOCTYPE that declares an entity',
      '<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY x "boom">]><plist><string>&x;</string></plist>',
      /DOCTYPE with declarations/,
    ],
    [
      'a billion-laughs entity chain',
      '<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><plist><string>&b;</string></plist>',
      /DOCTYPE with declarations/,
    ],
    ['a DOCTYPE for another document type', '<?xml version="1.0"?><!DOCTYPE html><plist><true/></plist>', /DOCTYPE/],
    ['an undefined entity', plist('<string>&nbsp;</string>'), /not well-formed/],
    ['an unknown element', plist('<float>1.5</float>'), /unknown element <float>/],
    ['text outside a value', plist('loose<true/>'), /text outside a value/],
    ['a key with no value', plist('<dict><key>a</key></dict>'), /key/],
    ['a dictionary value with no key', plist('<dict><string>a</string></dict>'), /without a key/],
    ['two root values', plist('<true/><false/>'), /more than one root value/],
    ['an empty plist', plist(''), /empty/],
    ['no plist root', '<?xml version="1.0"?><dict/>', /where no value may start/],
    ['an integer that is not a number', plist('<integer>12a</integer>'), /not a number/],
    ['a date that is not a date', plist('<date>yesterday</date>'), /not a date/],
    ['data that is not base64', plist('<data>@@@</data>'), /not base64/],
    ['unclosed tags', `${APPLE_HEADER}<plist><dict>`, /not well-formed/],
    ['nesting deeper than any real plist', plist('<array>'.repeat(300) + '</array>'.repeat(300)), /nested too deeply/],
  ])('refuses %s', (_name, text, reason) => {
    expectRefusal(text, reason);
  });
});

describe('parsePlist', () => {
  it.each<[string, Uint8Array, RegExp]>([
    ['an empty file', new Uint8Array(0), /empty/],
    ['plain text', Buffer.from('hello, not a plist'), /neither a binary nor an XML plist/],
    ['a newer binary plist version', Buffer.from('bplist15 and more bytes'), /version 15 is not supported/],
  ])('refuses %s', (_name, bytes, reason) => {
    expect(() => parsePlist(bytes)).toThrow(reason);
  });

  it('reads an XML plist that starts with a byte-order mark', () => {
    expect(parsePlist(Buffer.from(`\uFEFF${plist('<integer>9</integer>')}`, 'utf8'))).toBe(9);
  });
});
