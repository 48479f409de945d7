/** Building blocks of the bridge's input schemas: every string is bounded, every object strict. */
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PATH_LENGTH, MAX_TEXT_LENGTH } from './constants';

export const idSchema = z.string().min(1).max(100);
export const nameSchema = z.string().trim().min(1, 'A name is required').max(MAX_NAME_LENGTH);
export const shortTextSchema = z.string().max(MAX_NAME_LENGTH);
export const longTextSchema = z.string().max(MAX_TEXT_LENGTH);
export const pathSchema = z.string().min(1).max(MAX_PATH_LENGTH);
/** Milliseconds since the epoch. */
export const timestampSchema = z.number().int().nonnegative();

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string().max(MAX_TEXT_LENGTH),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema).max(1000),
    z.record(z.string().max(MAX_NAME_LENGTH), jsonValueSchema),
  ]),
);

/** Domain objects (songs, views, settings) are plain data: strings, numbers, booleans, arrays and objects. */
export function asJson(value: object): JsonValue {
  return value as unknown as JsonValue;
}
