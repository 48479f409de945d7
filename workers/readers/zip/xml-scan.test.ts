import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ardourSessionXml } from '../../synthetic/ardour';
import { lmmsProjectXml } from '../../synthetic/lmms';
import { seededRandom } from '../../synthetic/seeded-random';
import { scanXml, XmlRefused, xmlText, type XmlOptions } from './xml-scan';

/** The tags and attributes a scan reports, as one list of lines. */
function fastEvents(text: string, limits?: XmlOptions): string[] {
  const events: string[] = [];
  scanXml(
    text,
    {
      open: (name, attributes, depth) => events.push(`open ${depth} ${name} ${JSON.stringify(attributes.all())}`),
      close: (name, depth) => events.push(`close ${depth} ${name}`),
    },
    limits,
  );
  return events;
}

/** The same list from saxes, the careful reference (no namespaces, as Studio One's parts need). */
function saxesEvents(text: string): string[] {
  const events: string[] = [];
  let depth = 0;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => events.push(`open ${depth++} ${tag.name} ${JSON.stringify(Object.entries(tag.attributes))}`));
  parser.on('closetag', (tag) => events.push(`close ${--depth} ${tag.name}`));
  parser.write(text).close();
  return events;
}

function refusal(text: string, limits?: XmlOptions): string {
  try {
    fastEvents(text, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlRefused);
    return (error as XmlRefused).reason;
  }
  throw new Error('the scan accepted it');
}

const SONG = `<?xml version='1.0' encoding='utf-8'?>
<Song copyrighted="0" masterWithEffects="1">
\t<Attributes defaultTimeFormat="2" x:id="Root">
\t\t<TempoMap x:id="tempoMap">
\t\t\t<TempoMapSegment curveType="0" end="1.7976931348623156e+200" start="0" tempo="0.5" />
\t\t</TempoMap>
\t\t<!-- a comment with <Tags> and "quotes" -->
\t\t<List x:id="Tracks">
\t\t\t<MarkerTrack timeFormat="2"><Attributes hidden="1" x:id="attributes"/></MarkerTrack>
\t\t\t<MediaTrack mediaType="Audio" name="Bass &amp; Drums &lt;1&gt; &#x263A; &#9835;" label='say "hi"' note="a > b">
\t\t\t\t<Text><![CDATA[ <not a tag/> ]]> and text &amp; more</Text>
\t\t\t\t<?studio-one hint?>
\t\t\t</MediaTrack >
\t\t</List>
\t</Attributes>
</Song>
`;

const PROJECT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Project version="1.0">
  <Application name="Bitwig Studio" version="5.3.12"/>
  <Transport><Tempo id="id0" unit="bpm" value="128"/><TimeSignature denominator="4" numerator="7"/></Transport>
  <Structure>
    <Track contentType="tracks" loaded="true" id="id1" name="Group&#10;Line">
      <Channel role="submix" id="id2"><Devices><ClapPlugin deviceName="Surge XT" deviceRole="instrument" id="id3"/></Devices></Channel>
      <Track contentType="audio" id="id4" name="Vox"><Channel role="regular" id="id5"/></Track>
    </Track>
  </Structure>
</Project>`;

describe('scanXml against saxes', () => {
  it.each([
    ['a Studio One part', SONG],
    ['a DAWproject part', PROJECT],
    ['single quotes, tabs and line ends in values', `<a b='1\t2\r\n3' c = "x" \n d="&quot;&apos;"/>`],
  ])('reports the tags and attributes saxes does on %s', (_label, text) => {
    expect(fastEvents(text)).toEqual(saxesEvents(text));
  });

  it('agrees with saxes on every seeded mutation saxes accepts, and refuses the rest only with XmlRefused', () => {
    const random = seededRandom(43);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    let accepted = 0;
    for (let run = 0; run < 3000; run++) {
      const source = pick([SONG, PROJECT]);
      const at = Math.floor(random() * source.length);
      const span = 1 + Math.floor(random() * 40);
      const text = pick([
        () => source.slice(0, at),
        () => source.slice(0, at) + source.slice(at + span),
        () => source.slice(0, at) + pick(['<', '>', '"', "'", '&', '/', '=', ' ', '<!--', ']]>', '&#0;', '&x;', '\u0000']) + source.slice(at),
        () => source.slice(0, at) + source.slice(at, at + span) + source.slice(at),
      ])();
      let expected: string[] | null;
      try {
        expected = saxesEvents(text);
      } catch {
        expected = null;
      }
      let actual: string[] | null;
      try {
        actual = fastEvents(text);
      } catch (error) {
        if (!(error instanceof XmlRefused)) throw error;
        actual = null;
      }
      if (expected !== null) {
        accepted++;
        expect({ text, events: actual }).toEqual({ text, events: expected });
      }
    }
    // The mutations must exercise both sides: many documents still well-formed, many not.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });
});

describe('scanXml with wellFormed, against saxes', () => {
  const strict: XmlOptions = { wellFormed: true, doctype: /^\s*lmms-project\s*$/ };
  const sources = [ardourSessionXml({ layout: '7003', laterTempos: [140] }), ardourSessionXml({ layout: '3001' }), lmmsProjectXml({ tempo: 128, tempoAutomation: [132] })];

  /** saxes' verdict, the bare LMMS DOCTYPE let through as the Ardour and LMMS readers let it. */
  function saxesStrictEvents(text: string): string[] {
    const events: string[] = [];
    let depth = 0;
    const parser = new SaxesParser({ xmlns: false });
    parser.on('doctype', (doctype) => {
      if (!/^\s*lmms-project\s*$/.test(doctype)) throw new Error('another DOCTYPE');
    });
    parser.on('opentag', (tag) => events.push(`open ${depth++} ${tag.name} ${JSON.stringify(Object.entries(tag.attributes))}`));
    parser.on('closetag', (tag) => events.push(`close ${--depth} ${tag.name}`));
    parser.write(text).close();
    return events;
  }

  it('accepts exactly what saxes accepts on seeded mutations of Ardour sessions and LMMS projects, with the same tags', () => {
    const random = seededRandom(6);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    let accepted = 0;
    const runs = 4000;
    for (let run = 0; run < runs; run++) {
      const source = pick(sources);
      const at = Math.floor(random() * source.length);
      const span = 1 + Math.floor(random() * 40);
      const text = pick([
        () => source.slice(0, at),
        () => source.slice(0, at) + source.slice(at + span),
        () => source.slice(0, at) + pick(['<', '>', '"', "'", '&', '/', '=', ' ', '<!--', '--', ']]>', '&#0;', '&x;', '\u0000', '\u0001', '<?xml?>']) + source.slice(at),
        () => source.slice(0, at) + source.slice(at, at + span) + source.slice(at),
      ])();
      let expected: string[] | null;
      try {
        expected = saxesStrictEvents(text);
      } catch {
        expected = null;
      }
      let actual: string[] | null;
      try {
        actual = fastEvents(text, strict);
      } catch (error) {
        if (!(error instanceof XmlRefused)) throw error;
        actual = null;
      }
      if (expected !== null) accepted++;
      expect({ text, events: actual }).toEqual({ text, events: expected });
    }
    expect(accepted).toBeGreaterThan(runs / 10);
    expect(accepted).toBeLessThan(runs * 0.9);
  });

  it.each([
    ['an attribute nobody asks for, malformed', '<a><b c="1"d="2"/></a>', 'XML has a malformed attribute'],
    ['an attribute written twice', '<a b="1" b="2"/>', 'XML has the attribute b twice in one tag'],
    ['a bare "&" in text', '<a>R&B</a>', 'XML has a bare "&" in its text'],
    ['an undefined entity in text', '<a>&x;</a>', 'XML uses the entity &x;, which is not defined (entities are refused)'],
    ['a character XML forbids', '<a>\u0001</a>', 'XML has a character XML forbids (U+0001)'],
    ['"]]>" in text', '<a>]]></a>', 'XML has "]]>" in its text'],
    ['an XML declaration past the start', ' <?xml version="1.0"?><a/>', 'XML has a malformed XML declaration'],
    ['a processing instruction run into what follows its target', '<?xmersion="1.0"?><a/>', 'XML has a malformed processing instruction'],
  ])('refuses %s', (_label, text, reason) => {
    expect(refusal(text, { wellFormed: true })).toBe(reason);
  });
});

describe('scanXml with an allowed DOCTYPE', () => {
  const lmms: XmlOptions = { doctype: /^\s*lmms-project\s*$/ };

  it('lets the bare DOCTYPE through once, before the root', () => {
    expect(fastEvents('<?xml version="1.0"?>\n<!DOCTYPE lmms-project>\n<lmms-project/>', lmms)).toEqual(['open 0 lmms-project []', 'close 0 lmms-project']);
  });

  it.each([
    ['another DOCTYPE', '<!DOCTYPE html><lmms-project/>'],
    ['the DOCTYPE with an internal subset', '<!DOCTYPE lmms-project [<!ENTITY x "boom">]><lmms-project a="&x;"/>'],
    ['the DOCTYPE twice', '<!DOCTYPE lmms-project><!DOCTYPE lmms-project><lmms-project/>'],
    ['the DOCTYPE inside the root', '<lmms-project><!DOCTYPE lmms-project></lmms-project>'],
    ['the DOCTYPE run into its name', '<!DOCTYPElmms-project><lmms-project/>'],
  ])('refuses %s', (_label, text) => {
    expect(refusal(text, lmms)).toBe('XML declares a DOCTYPE or entities (refused)');
  });

  it('refuses every DOCTYPE when none is allowed, as a refusal, not damage', () => {
    try {
      fastEvents('<!DOCTYPE lmms-project><lmms-project/>');
      throw new Error('the scan accepted it');
    } catch (error) {
      expect(error).toMatchObject({ reason: 'XML declares a DOCTYPE or entities (refused)', kind: 'refused' });
    }
  });
});

describe('scanXml refuses hostile and broken XML', () => {
  it.each([
    ['an entity bomb', '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz a="&lol2;"/>', 'XML declares a DOCTYPE or entities (refused)'],
    ['an external entity', '<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>', 'XML declares a DOCTYPE or entities (refused)'],
    ['a stray ENTITY declaration', '<a><!ENTITY x "y"></a>', 'XML declares a DOCTYPE or entities (refused)'],
    ['an undefined entity', '<a b="&xxe;"/>', 'XML uses the entity &xxe;, which is not defined (entities are refused)'],
    ['a bare ampersand', '<a b="R&B"/>', 'XML has a bare "&" in an attribute value'],
    ['a NUL character reference', '<a b="&#0;"/>', 'XML has an invalid character reference &#0;'],
    ['a part cut inside a tag', '<Song><Track name="Ba', 'XML ends inside an attribute value (cut short?)'],
    ['a part cut before its root closes', '<Song><Track name="Bass"/>', 'XML ends before <Song> closes (cut short?)'],
    ['tags that do not nest', '<a><b></a></b>', 'XML closes <b> with </a>'],
    ['a close tag never opened', '<a/></b>', 'XML closes </b> it never opened'],
    ['two roots', '<a/><b/>', 'XML has more than one root element'],
    ['text outside the root', 'hello<a/>', 'XML has text outside its root element'],
    ['no root', '<?xml version="1.0"?>\n', 'XML has no root element'],
    ['a comment never closed', '<a><!-- forever', 'XML ends inside a comment (cut short?)'],
    ['a malformed tag', '<a><1b/></a>', 'XML has a malformed tag'],
    ['an unquoted value', '<a b=1/>', 'XML has an attribute value without quotes'],
  ])('refuses %s', (_label, text, reason) => {
    expect(refusal(text)).toBe(reason);
  });

  it('refuses nesting past the depth cap and elements past the element cap', () => {
    expect(refusal('<a>'.repeat(300) + '</a>'.repeat(300))).toBe('XML is nested deeper than 256 elements');
    expect(refusal(`<a>${'<b/>'.repeat(11)}</a>`, { maxElements: 10 })).toBe('XML has more than 10 elements');
  });

  it('reads a UTF-8 part with or without its byte order mark, and refuses UTF-16', () => {
    expect(xmlText(Buffer.from('\uFEFF<a/>', 'utf8'))).toBe('<a/>');
    expect(xmlText(Buffer.from('<a/>', 'utf8'))).toBe('<a/>');
    expect(() => xmlText(Buffer.from('\uFEFF<a/>', 'utf16le'))).toThrow('XML is UTF-16 (not read)');
  });

  it.each([
    ['as asked', {}],
    ['from what wellFormed checked', { wellFormed: true }],
  ])('gets one attribute by its exact name, prefix included, %s', (_label, options: XmlOptions) => {
    const seen: (string | undefined)[] = [];
    scanXml(
      `<Attributes x:id="classInfo" id='other' name="Sylenth1 (64bit)" i="&amp;&#x41;" d = "a'b"/>`,
      { open: (_name, attributes) => seen.push(...['x:id', 'id', 'name', 'i', 'd', 'missing', 'x'].map((name) => attributes.get(name))) },
      options,
    );
    expect(seen).toEqual(['classInfo', 'other', 'Sylenth1 (64bit)', '&A', "a'b", undefined, undefined]);
  });
});
