/**
 * The song panel's rows for the title, artist and genre the project stores (`meta.credits`). Shown beside the song,
 * never as its fields: the song's name is the user's. The stored value may come from another computer or an older
 * app, so it is read through `creditsOf` (strings only, each cut to MAX_CREDIT_CHARS). Only what is present is shown,
 * and the title only where it says more than the song's name (Studio One names a new song's title after its file).
 */
import { creditsOf, formatTempo } from '../../../common/projects/project-meta';
import type { Song } from '../../../common/songs/song';

export function creditFacts(song: Pick<Song, 'name' | 'meta'>): [label: string, value: string][] {
  const credits = creditsOf(song.meta.credits);
  if (!credits) return [];
  const title = credits.title !== undefined && credits.title.toLowerCase() !== song.name.trim().toLowerCase() ? credits.title : undefined;
  const rows: [string, string | undefined][] = [
    ['Title in project', title],
    ['Artist', credits.artist],
    ['Genre', credits.genre],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/**
 * The values the reader found by a pattern seen in real files rather than read where the format states them
 * (`meta.heuristic`: Bitwig's tempo), so the user knows to check them; null when every value is stated.
 */
export function patternFacts(song: Pick<Song, 'meta'>): string | null {
  const stated = song.meta.heuristic;
  const found = Array.isArray(stated) ? stated : [];
  const parts = [
    found.includes('tempo') && typeof song.meta.tempo === 'number' ? `tempo ${formatTempo(song.meta.tempo)} BPM` : null,
    found.includes('timeSignature') && typeof song.meta.timeSignature === 'string' ? song.meta.timeSignature : null,
    found.includes('key') && typeof song.meta.key === 'string' ? song.meta.key : null,
  ].filter((part): part is string => part !== null && part !== '');
  return parts.length > 0 ? `${parts.join(', ')} (found by pattern: check it)` : null;
}
