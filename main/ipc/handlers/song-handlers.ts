/** `songs:*` and `tags:list`: pages of a view, the table's bulk actions, and tag completion. */
import { bulkDeleteSongs, bulkUpdateSongs } from '../../../db/repositories/bulk-songs';
import { listTags } from '../../../db/repositories/tags';
import { querySongs } from '../../../db/song-query';
import type { HandlerMap } from '../handler';

export const songHandlers = {
  'songs:query': (input, { db }) => querySongs(db, input),
  'songs:bulk-update': (input, ctx) => {
    const result = bulkUpdateSongs(ctx.db, input.ids, input.patch);
    if (result.updated > 0) ctx.events.emit('db:changed', { tables: ['songs', 'sync_records'] });
    return result;
  },
  'songs:bulk-delete': (input, ctx) => {
    const { hidden, deleted } = bulkDeleteSongs(ctx.db, input.ids);
    if (hidden + deleted.length > 0) ctx.events.emit('db:changed', { tables: ['songs', 'sync_records'] });
    void ctx.uploader.releaseCloudFiles(deleted);
    return { hidden, deleted: deleted.length };
  },
  'tags:list': (input, { db }) => listTags(db, input ?? {}),
} satisfies Partial<HandlerMap>;
