/** `songs:query`: one page of a view. */
import { querySongs } from '../../../db/song-query';
import type { HandlerMap } from '../handler';

export const songHandlers = {
  'songs:query': (input, { db }) => querySongs(db, input),
} satisfies Partial<HandlerMap>;
