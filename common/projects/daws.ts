/**
 * Every DAW the app knows, by its id (`meta.daw`): the name the table and the website show, the short badge, and the
 * names musicians type after `daw:` (spaces, case, `-` and `_` ignored). One table for every screen and the search.
 *
 * A song from a DAW this version does not know (a newer app's, pulled from the cloud) keeps its id untouched, and is
 * shown as "Other DAW": nothing is dropped or rewritten for not being known here.
 */
import type { Daw } from './project-meta';

export interface DawInfo {
  /** The full name: "Ableton Live", "FL Studio". */
  name: string;
  /** The badge: short, as musicians call it. */
  badge: string;
  /** What `daw:` takes for it, beside its id and its name. */
  aliases: readonly string[];
}

export const DAW_INFO: Readonly<Record<Daw, DawInfo>> = {
  ableton: { name: 'Ableton Live', badge: 'Live', aliases: ['live', 'ableton live'] },
  logic: { name: 'Logic Pro', badge: 'Logic', aliases: ['logic pro x'] },
  protools: { name: 'Pro Tools', badge: 'Pro Tools', aliases: ['pt'] },
  flstudio: { name: 'FL Studio', badge: 'FL', aliases: ['fl', 'fruity', 'fruity loops', 'fruityloops'] },
  reaper: { name: 'REAPER', badge: 'REAPER', aliases: ['rpp'] },
  studioone: { name: 'Studio One', badge: 'Studio One', aliases: ['s1', 'studio one pro', 'fender', 'fender studio', 'fender studio pro', 'studio pro', 'presonus'] },
  cubase: { name: 'Cubase', badge: 'Cubase', aliases: ['nuendo', 'steinberg'] },
  bitwig: { name: 'Bitwig Studio', badge: 'Bitwig', aliases: ['bitwig'] },
  dawproject: { name: 'DAWproject', badge: 'DAWproject', aliases: ['dawproject'] },
  garageband: { name: 'GarageBand', badge: 'GarageBand', aliases: ['garage band', 'gb'] },
  ardour: { name: 'Ardour', badge: 'Ardour', aliases: ['mixbus'] },
  lmms: { name: 'LMMS', badge: 'LMMS', aliases: [] },
};

/** What a song of a DAW this version does not know shows. */
export const OTHER_DAW = 'Other DAW';

export function isKnownDaw(id: unknown): id is Daw {
  return typeof id === 'string' && Object.hasOwn(DAW_INFO, id);
}

/** The DAW's full name; "Other DAW" for an id this version does not know; '' for no DAW (loose audio). */
export function dawName(id: unknown): string {
  if (typeof id !== 'string' || id === '') return '';
  return isKnownDaw(id) ? DAW_INFO[id].name : OTHER_DAW;
}

/** The DAW's badge; "Other DAW" for an id this version does not know; null for no DAW. */
export function dawBadge(id: unknown): string | null {
  if (typeof id !== 'string' || id === '') return null;
  return isKnownDaw(id) ? DAW_INFO[id].badge : OTHER_DAW;
}

const folded = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

const BY_TYPED_NAME = new Map<string, Daw>(
  (Object.entries(DAW_INFO) as [Daw, DawInfo][]).flatMap(([id, info]) => [id, info.name, info.badge, ...info.aliases].map((typed) => [folded(typed), id] as const)),
);

/** The DAW a typed name means ("Live", "pro tools", "fruity", "S1"), or null. */
export function dawFromText(text: string): Daw | null {
  return BY_TYPED_NAME.get(folded(text)) ?? null;
}
