/** Building blocks of the bridge's input schemas: every string is bounded, every object strict. */
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PATH_LENGTH, MAX_TEXT_LENGTH } from '../constants';
import { isPrototypeKey, jsonBoundsProblem } from './json-bounds';

export const idSchema = z.string().min(1).max(100);
export const nameSchema = z.string().trim().min(1, 'A name is required').max(MAX_NAME_LENGTH);
export const shortTextSchema = z.string().max(MAX_NAME_LENGTH);
export const longTextSchema = z.string().max(MAX_TEXT_LENGTH);
export const pathSchema = z.string().min(1).max(MAX_PATH_LENGTH);
/** Milliseconds since the epoch. */
export const timestampSchema = z.number().int().nonnegative();

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A JSON value as data (a custom field's value, a sync record): text up to `MAX_TEXT_LENGTH`, finite numbers,
 * booleans, null, lists of up to 1,000 and plain objects, at most `MAX_JSON_DEPTH` deep. Checked by an iterative
 * walk, never recursion: a hostile value nested thousands deep gets an answer, not a stack overflow.
 */
export const jsonValueSchema: z.ZodType<JsonValue> = z.custom<JsonValue>(
  (value) => jsonBoundsProblem(value, { check: jsonDataProblem }) === null,
  'A value must be text, a number, true or false, null, a list or an object, at most 32 levels deep',
);

function jsonDataProblem(value: unknown): string | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'string') return value.length <= MAX_TEXT_LENGTH ? null : 'text too long';
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'not a finite number';
  if (Array.isArray(value)) return value.length <= 1000 ? null : 'a list too long';
  if (typeof value !== 'object') return `not data (${typeof value})`;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return 'not a plain object';
  for (const key of Object.keys(value)) {
    if (key.length > MAX_NAME_LENGTH) return 'a key too long';
    if (isPrototypeKey(key)) return `a reserved key (${key})`;
  }
  return null;
}

/** Domain objects (songs, views, settings) are plain data: strings, numbers, booleans, arrays and objects. */
export function asJson(value: object): JsonValue {
  return value as unknown as JsonValue;
}
