/** `tags:*`: the tags in use, most used first, for completion. */
import { listTags } from '../../../db/repositories/tags';
import type { HandlerMap } from '../handler';

export const tagHandlers = {
  'tags:list': (input, { db }) => listTags(db, input ?? {}),
} satisfies Partial<HandlerMap>;
