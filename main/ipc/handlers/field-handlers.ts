/**
 * `fields:*`: the user's own song columns. Every change writes the field's sync record; changing a field's options
 * or removing it also changes songs.
 */
import type { ChangedTable } from '../../../common/ipc';
import { addCustomField, listCustomFields, removeCustomField, updateCustomField } from '../../../db/repositories/custom-fields';
import type { CoreContext, HandlerMap } from '../handler';

function changed(ctx: CoreContext, songsChanged: number): void {
  const tables: ChangedTable[] = songsChanged > 0 ? ['custom_fields', 'songs', 'sync_records'] : ['custom_fields', 'sync_records'];
  ctx.events.emit('db:changed', { tables });
}

export const fieldHandlers = {
  'fields:list': (_input, { db }) => listCustomFields(db),
  'fields:add': (input, ctx) => {
    const field = addCustomField(ctx.db, input);
    changed(ctx, 0);
    return field;
  },
  'fields:update': (input, ctx) => {
    const { field, songsChanged } = updateCustomField(ctx.db, input.id, input.patch);
    changed(ctx, songsChanged);
    return field;
  },
  'fields:remove': (input, ctx) => {
    const { songsChanged } = removeCustomField(ctx.db, input.id);
    changed(ctx, songsChanged);
    return { id: input.id };
  },
} satisfies Partial<HandlerMap>;
