import { describe, expect, it } from 'vitest';
import { FastScanBailout } from './set-rejected';
import { decodeAttributeValue, readTag, TagAttributes } from './xml-bytes';

function decode(raw: string): string {
  const buf = Buffer.from(raw, 'utf8');
  return decodeAttributeValue(buf, 0, buf.length);
}

describe('decodeAttributeValue', () => {
  it.each([
    ['plain', 'plain'],
    ['Kick &amp; Snare', 'Kick & Snare'],
    ['&lt;1&gt; &quot;a&quot; &apos;b&apos;', '<1> "a" \'b\''],
    ['tab&#x9;line&#xA;', 'tab\tline\n'],
    ['&#233;t&#xE9;', 'été'],
    ['literal\ttab\r\nand newline', 'literal tab and newline'],
    ['Vöcal ✓', 'Vöcal ✓'],
  ])('decodes %j as %j', (raw, expected) => {
    expect(decode(raw)).toBe(expected);
  });

  it.each(['&boom;', 'a & b', '&#0;', '&#xD800;'])('hands %j to the careful parser', (raw) => {
    expect(() => decode(raw)).toThrow(FastScanBailout);
  });
});

describe('readTag', () => {
  it('reads an empty-element tag whose attribute holds a ">"', () => {
    const buf = Buffer.from('<Name Value="a > b" />rest');
    const tag = readTag(buf, 0);
    expect(tag).toMatchObject({ kind: 'empty', name: 'Name', end: buf.indexOf('rest') });
    expect(tag && new TagAttributes(buf, tag.nameEnd, tag.end).get('Value')).toBe('a > b');
  });

  it.each([
    ['<Tracks>', 'open', 'Tracks'],
    ['</Tracks >', 'close', 'Tracks'],
    ['<!-- x -->', 'markup', ''],
    ['<?xml version="1.0"?>', 'markup', ''],
  ])('reads %s as a %s tag', (text, kind, name) => {
    expect(readTag(Buffer.from(text), 0)).toMatchObject({ kind, name });
  });

  it.each(['<', '<Name', '<Name Value="cut', '</Name'])('answers null for the incomplete tag %j', (text) => {
    expect(readTag(Buffer.from(text), 0)).toBeNull();
  });

  it('finds an attribute after others, and none that is absent', () => {
    const buf = Buffer.from('<Ableton MajorVersion="5" MinorVersion="11.0_433" Creator="Ableton Live 11.0">');
    const tag = readTag(buf, 0);
    const attributes = tag && new TagAttributes(buf, tag.nameEnd, tag.end);
    expect(attributes?.get('Creator')).toBe('Ableton Live 11.0');
    expect(attributes?.get('Revision')).toBeUndefined();
  });
});
