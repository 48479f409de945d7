/**
 * One statement of a REAPER project as tokens, and the plug-in an FX block names (FORMATS-MORE.md, REAPER).
 *
 * Tokens are separated by spaces; one holding spaces or quotes is wrapped in `"`, `'` or `` ` ``, whichever it does not
 * contain (`'"hey'` is the name `"hey`), so a quoted token ends at the next copy of its own quote. A quote left open
 * takes the rest of the line, as REAPER reads it.
 */
import type { PluginFormat } from '../../../common/projects/plugins';

const QUOTES = new Set(['"', "'", '`']);

export function rppTokens(line: string): string[] {
  const tokens: string[] = [];
  let at = 0;
  while (at < line.length) {
    while (at < line.length && isSpace(line[at])) at++;
    if (at >= line.length) break;
    const first = line[at]!;
    if (QUOTES.has(first)) {
      const close = line.indexOf(first, at + 1);
      tokens.push(close === -1 ? line.slice(at + 1) : line.slice(at + 1, close));
      at = close === -1 ? line.length : close + 1;
    } else {
      const start = at;
      while (at < line.length && !isSpace(line[at])) at++;
      tokens.push(line.slice(start, at));
    }
  }
  return tokens;
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/**
 * The prefixes of an FX block's first string (`VST3: BD BG-Drums (Joey Sturgis Tones)`) and their formats: `VST`
 * and `VSTi` are VST2, `VST3`/`VST3i` VST3, `AU`/`AUi` Audio Units, `CLAP`/`CLAPi` CLAP. JS, DX, LV2 and video
 * effects are not plug-ins in a format the app tracks.
 */
const PREFIX_FORMATS: ReadonlyMap<string, PluginFormat> = new Map([
  ['VST', 'VST2'],
  ['VSTi', 'VST2'],
  ['VST3', 'VST3'],
  ['VST3i', 'VST3'],
  ['AU', 'AU'],
  ['AUi', 'AU'],
  ['CLAP', 'CLAP'],
  ['CLAPi', 'CLAP'],
]);

/** REAPER's prefixes of effects in formats the app does not track. */
const UNTRACKED_PREFIXES = new Set(['JS', 'DX', 'DXi', 'LV2', 'LV2i', 'ReWire']);

/** The block tags that hold a plug-in of a tracked format. */
export const PLUGIN_TAGS: ReadonlySet<string> = new Set(['VST', 'AU', 'CLAP']);

/** REAPER's note of a multi-output instrument's channels, after its vendor: "(8 out)", "(2->18ch)". */
const CHANNELS_SUFFIX = /\s+\((?:\d+\s*out|\d+(?:->\d+)?\s*ch)\)$/i;
/** The bridge REAPER runs a plug-in of another architecture in, after its name: "Massive (x86) (Native Instruments GmbH)". */
const BRIDGE_SUFFIX = /\s+\((?:x86|x64|x86_64|arm64|arm64ec)\)$/i;
/** The vendor REAPER adds after the plug-in's own name: "ReaEQ (Cockos)". */
const VENDOR_SUFFIX = /\s+\([^()]*\)$/;

/**
 * The plug-in an FX block header names (`<VST "VST3: Name (Vendor)" "Name.vst3" 0 "" …`), or null when it names none
 * in a tracked format. The name is the plug-in's own, without the vendor REAPER adds, so that it matches the names
 * installed plug-ins answer to (`common/projects/plugins.ts` `installedNames`); the user's rename (the fourth token) is not it.
 */
export function pluginOfBlock(tag: string, tokens: readonly string[]): { name: string; format: PluginFormat } | null {
  const descriptor = tokens[1];
  if (descriptor === undefined) return null;
  const colon = descriptor.indexOf(': ');
  const prefix = colon === -1 ? null : descriptor.slice(0, colon);
  if (prefix !== null && UNTRACKED_PREFIXES.has(prefix)) return null;
  const prefixFormat = prefix === null ? undefined : PREFIX_FORMATS.get(prefix);
  // Without a known prefix the tag and the file say it: a `.vst3` file in a VST block is a VST3.
  const format = prefixFormat ?? formatOfTag(tag, tokens[2]);
  if (format === null) return null;
  const full = prefixFormat === undefined ? descriptor : descriptor.slice(colon + 2);
  // The bridge comes before the vendor ("Massive (x86) (Native Instruments GmbH)"), or last when there is none.
  const name = full.replace(CHANNELS_SUFFIX, '').replace(BRIDGE_SUFFIX, '').replace(VENDOR_SUFFIX, '').replace(BRIDGE_SUFFIX, '').trim() || full.trim();
  return name === '' ? null : { name, format };
}

function formatOfTag(tag: string, file: string | undefined): PluginFormat | null {
  if (tag === 'VST') return file?.toLowerCase().endsWith('.vst3') ? 'VST3' : 'VST2';
  if (tag === 'AU') return 'AU';
  if (tag === 'CLAP') return 'CLAP';
  return null;
}
