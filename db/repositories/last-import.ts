/**
 * What the last import changed, kept so it can be undone (issue 28): for each song it changed, each value it wrote
 * with the value and edit time before and after; and the songs it added. One record, this computer's (the key-value
 * table, not synced): a new import replaces it, an undo clears it.
 */
import { z } from 'zod';
import { jsonValueSchema } from '../../common/bridge/schema-parts';
import type { Db } from '../handle';
import { getKv, setKv } from './account';

const KV_LAST_IMPORT = 'library.last_import';

const editTimeSchema = z.number().int().min(0).nullable();

const importedValueSchema = z.object({
  key: z.string().min(1).max(150),
  before: jsonValueSchema.nullable(),
  /** The field's edit time before the import; null when it had none. */
  beforeAt: editTimeSchema,
  after: jsonValueSchema.nullable(),
  afterAt: editTimeSchema,
});
/** One value an import wrote (null for a custom value that is not set). */
export type ImportedValue = z.infer<typeof importedValueSchema>;

const importRecordSchema = z.object({
  importedAt: z.number().int().min(0),
  updated: z.array(z.object({ id: z.string().min(1), values: z.array(importedValueSchema) })),
  added: z.array(z.string().min(1)),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

/** The last import's record, or null when there is none to undo (or what is stored is not one: an older or damaged file). */
export function getLastImport(db: Db): ImportRecord | null {
  const parsed = importRecordSchema.safeParse(getKv<unknown>(db, KV_LAST_IMPORT, null));
  return parsed.success ? parsed.data : null;
}

export function setLastImport(db: Db, record: ImportRecord | null): void {
  setKv(db, KV_LAST_IMPORT, record);
}
