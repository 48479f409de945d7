/**
 * `fields:*`: the user's own song columns. Every change writes the field's sync record; changing a field's options
 * or removing it also changes songs.
 */
import { addCustomField, listCustomFields, removeCustomField, updateCustomField } from '../../../db/repositories/custom-fields';
import type { HandlerMap } from '../handler';

export const fieldHandlers = {
  'fields:list': (_input, { db }) => listCustomFields(db),
  'fields:add': (input, { db }) => addCustomField(db, input),
  'fields:update': (input, { db }) => updateCustomField(db, input.id, input.patch).field,
  'fields:remove': (input, { db }) => {
    removeCustomField(db, input.id);
    return { id: input.id };
  },
} satisfies Partial<HandlerMap>;
