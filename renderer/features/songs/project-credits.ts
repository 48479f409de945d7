/**
 * The song panel's rows for the title, artist and genre the project stores (`meta.credits`). Shown beside the song,
 * never as its fields: the song's name is the user's. The stored value may come from another computer or an older
 * app, so it is read through `creditsOf` (strings only, each cut to MAX_CREDIT_CHARS). Only what is present is shown,
 * and the title only where it says more than the song's name (Studio One names a new song's title after its file).
 */
import { creditsOf } from '../../../common/project-meta';
import type { Song } from '../../../common/song';

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
