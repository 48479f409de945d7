/** The small XML pieces every part of a generated Live set is made of (als.ts). */
import type { AlsStyle } from './als';

export function routing(element: string, target: string, display: string): string {
  return `\t\t\t\t\t<${element}>\n\t\t\t\t\t\t<Target Value="${target}" />\n\t\t\t\t\t\t<UpperDisplayString Value="${display}" />\n\t\t\t\t\t\t<LowerDisplayString Value="" />\n\t\t\t\t\t</${element}>\n`;
}

export function mixerParameter(element: string, manual: number | string, min: number, max: number, targetId: number): string {
  return (
    `\t\t\t\t\t\t<${element}>\n\t\t\t\t\t\t\t<LomId Value="0" />\n\t\t\t\t\t\t\t<Manual Value="${manual}" />\n` +
    `\t\t\t\t\t\t\t<MidiControllerRange>\n\t\t\t\t\t\t\t\t<Min Value="${min}" />\n\t\t\t\t\t\t\t\t<Max Value="${max}" />\n\t\t\t\t\t\t\t</MidiControllerRange>\n` +
    `\t\t\t\t\t\t\t<AutomationTarget Id="${targetId}">\n\t\t\t\t\t\t\t\t<LockEnvelope Value="0" />\n\t\t\t\t\t\t\t</AutomationTarget>\n` +
    `\t\t\t\t\t\t</${element}>\n`
  );
}

/** Live 8 to 10 save sample paths as folder lists and a track's colour as ColorIndex, and have no InKey. */
export function olderThan11(style: AlsStyle): boolean {
  return style === 'live8' || style === 'live10';
}

/** mulberry32: the same seed gives the same set on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function targetId(random: () => number): number {
  return 20000 + Math.floor(random() * 80000);
}

export function hex(random: () => number, digits: number): string {
  let out = '';
  while (out.length < digits) out += Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
  return out.slice(0, digits).toUpperCase();
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;', '\r': '&#xD;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (char) => XML_ESCAPES[char] ?? char);
}
