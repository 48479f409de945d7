/**
 * Whether a song list on screen (a table, a board's column) reads its rows again after a change of songs. A change
 * names its fields and, where it can, its songs (`common/bridge/change-set.ts`); the list reads again only when the change
 * reaches it:
 *
 * - a song it holds changed a field that places rows (`editCanMoveRows`): the song may move or leave;
 * - a song it holds changed what a row shows, and the reply did not carry the song as written;
 * - a song it does not hold may now be in it, or may have been (past the rows it holds: its count changes), as far
 *   as the song as written tells (`songMayBelong`), or the song is not known as written.
 *
 * Where the change names no songs, or no fields, any row may have changed: it reads, unless the reply settled the
 * edit and its fields cannot move rows. A list with a read in flight reads again whatever the change: the answer on
 * its way may be older than the change. A missed read shows a wrong row; an extra one costs a call.
 */
import { editCanMoveRows, songMayBelong, type SongListShape } from '../../../common/views/row-moves';
import type { SongsChange } from '../../api/core-changes';

export interface ListState {
  /** Its sort, filters and search; null: no query yet. */
  shape: SongListShape | null;
  /** Whether it holds the song `id` among its rows (read, or kept beside the screen). */
  holds(id: string): boolean;
  /** A read of its rows is in flight or waiting. */
  busy: boolean;
}

export function changeNeedsRead(list: ListState, { fields, rows, settled, before }: SongsChange): boolean {
  if (list.busy || list.shape === null) return true;
  const placing = editCanMoveRows(list.shape, fields);
  if (fields === null || rows === null) return placing || settled === null;
  const written = new Map((settled ?? []).map((song) => [song.id, song]));
  if (!placing) return rows.some((id) => list.holds(id) && !written.has(id));
  if (rows.some((id) => list.holds(id))) return true;
  const shape = list.shape;
  return rows.some((id) => {
    const song = written.get(id);
    return song === undefined || songMayBelong(shape, song, fields, before.get(id));
  });
}
