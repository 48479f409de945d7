/**
 * One page of songs: which view, which order, which filters, which search. The core runs it in SQLite; the
 * renderer never holds the whole library.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../constants';
import { CUSTOM_FIELD_PREFIX } from '../songs/custom-fields';
import { idSchema, shortTextSchema } from '../bridge/schema-parts';
import type { Song } from '../songs/song';

/** Song fields that can be sorted and filtered on. */
const SONG_QUERY_FIELDS = [
  'name',
  'priority',
  'tier',
  'status',
  'tempo',
  'key',
  'timeSignature',
  'notes',
  'tags',
  'fileName',
  'projectPath',
  'createdAt',
  'modifiedAt',
  /** The project's DAW as read from its file (`meta.daw`): ableton, logic or protools. */
  'daw',
  /** Whether the song's project folder has vanished (`meta.projectMissing`): "true" or "false". */
  'missing',
  /** What the analysis of the song's audio heard (`meta.analysis`, issue 18). */
  'audioBpm',
  'audioKey',
  'lufs',
  'truePeak',
  'durationS',
  /** When the song was last worked on: the end of its last work session (`meta.activity`, issue 32). */
  'lastWorked',
  /** How many of its listeners' comments are not resolved (`meta.openComments`, issue 33). */
  'openComments',
  /** A tempo from either source: the song's own (typed or read from the project) or its audio's. Filters only. */
  'bpm',
  /** The plug-ins the song's project loads (`meta.plugins`, issue 31), by name: "is" one of them, or one "contains". */
  'plugins',
] as const;
export type SongQueryField = (typeof SONG_QUERY_FIELDS)[number];

/** A user-defined field, named `custom.<fieldId>` (`customFieldKey`); the id is kept to safe characters. */
const customFieldKeySchema = z.templateLiteral([CUSTOM_FIELD_PREFIX, z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)]);
export type CustomFieldKey = z.infer<typeof customFieldKeySchema>;
/** What a sort or a filter may name: a song field, or a custom field. */
export type QueryField = SongQueryField | CustomFieldKey;

const fieldSchema = z.union([z.enum(SONG_QUERY_FIELDS), customFieldKeySchema]);

export function isCustomFieldKey(field: QueryField): field is CustomFieldKey {
  return field.startsWith(CUSTOM_FIELD_PREFIX);
}

const SORT_DIRECTIONS = ['Ascending', 'Descending'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const sortConfigSchema = z.strictObject({
  column: fieldSchema,
  direction: z.enum(SORT_DIRECTIONS),
});
export type SortConfig = z.infer<typeof sortConfigSchema>;

/** Newest work first, unless the view or the caller says otherwise (the app's SQLite and the website alike). */
export const DEFAULT_SORT: SortConfig = { column: 'modifiedAt', direction: 'Descending' };

export const filterSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('equals'), field: fieldSchema, value: shortTextSchema }),
  z.strictObject({ op: z.literal('contains'), field: fieldSchema, value: shortTextSchema }),
  z.strictObject({
    op: z.literal('range'),
    field: fieldSchema,
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  }),
  z.strictObject({ op: z.literal('hasTag'), field: z.literal('tags'), value: shortTextSchema }),
]);
export type Filter = z.infer<typeof filterSchema>;

export const songQuerySchema = z.strictObject({
  /** The view whose songs to list; without one, every song that is not hidden. */
  viewId: idSchema.optional(),
  offset: z.number().int().nonnegative().max(10_000_000).default(0),
  limit: z.number().int().positive().max(MAX_PAGE_SIZE).default(100),
  /** Overrides the view's own sort. */
  sort: sortConfigSchema.optional(),
  /** Added to the view's own filters. */
  filters: z.array(filterSchema).max(50).default([]),
  /** The search box: plain words (full-text) and operators such as `bpm:120-128 key:Am` (search-syntax.ts). */
  search: z.string().max(MAX_SEARCH_LENGTH).default(''),
});
export type SongQuery = z.input<typeof songQuerySchema>;

export interface SongPage {
  rows: Song[];
  total: number;
  offset: number;
}
