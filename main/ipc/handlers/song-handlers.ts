/** `songs:*` and `tags:list`: pages of a view, the table's bulk actions, and tag completion. */
import { bulkDeleteSongs, bulkUpdateSongs } from '../../../db/repositories/bulk-songs';
import { listTags } from '../../../db/repositories/tags';
import { querySongs } from '../../../db/song-query';
import type { HandlerMap } from '../handler';

export const songHandlers = {
  'songs:query': (input, { db }) => querySongs(db, input),
  'songs:bulk-update': (input, { db }) => bulkUpdateSongs(db, input.ids, input.patch),
  'songs:bulk-delete': (input, ctx) => {
    const { hidden, deleted } = bulkDeleteSongs(ctx.db, input.ids);
    void ctx.uploader.releaseCloudFiles(deleted);
    return { hidden, deleted: deleted.length };
  },
  'tags:list': (input, { db }) => listTags(db, input ?? {}),
} satisfies Partial<HandlerMap>;
