/** Views of the song table (spec section 3): All Songs, Hidden, one per project directory, and custom ones. */
import { z } from 'zod';
import { filterSchema, sortConfigSchema, type Filter, type SortConfig } from './query';
import { idSchema, nameSchema, pathSchema } from '../bridge/schema-parts';

export const VIEW_TYPES = ['custom', 'hidden', 'directory'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** How a custom view shows its songs: the table, or a board with a column per status (issue 32). */
export const VIEW_LAYOUTS = ['table', 'board'] as const;
export type ViewLayout = (typeof VIEW_LAYOUTS)[number];

export interface View {
  id: string;
  title: string;
  type: ViewType;
  layout: ViewLayout;
  sortConfig: SortConfig | null;
  activeFilters: Filter[];
  /** Column id -> shown. Columns not listed are shown. */
  columnVisibility: Record<string, boolean>;
  /** Column ids in the order the user arranged them; columns not listed follow in their default order. */
  columnOrder: string[];
  /** Column id -> width in pixels, where the user resized it. */
  columnWidths: Record<string, number>;
  /** The view's route, built from its id. */
  path: string;
  directoryPath: string | null;
  position: number;
  createdAt: number;
  modifiedAt: number;
  supabaseId: string | null;
}

const columnVisibilitySchema = z.record(z.string().max(100), z.boolean());
const columnOrderSchema = z.array(z.string().max(100)).max(200);
const columnWidthsSchema = z.record(z.string().max(100), z.number().int().min(40).max(2000));

export const newViewSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('custom'),
    title: nameSchema,
    layout: z.enum(VIEW_LAYOUTS).optional(),
    sortConfig: sortConfigSchema.nullable().optional(),
    activeFilters: z.array(filterSchema).max(50).optional(),
    columnVisibility: columnVisibilitySchema.optional(),
  }),
  z.strictObject({
    type: z.literal('directory'),
    directoryPath: pathSchema,
    title: nameSchema.optional(),
  }),
]);
export type NewView = z.infer<typeof newViewSchema>;

export const viewPatchSchema = z
  .strictObject({
    title: nameSchema,
    layout: z.enum(VIEW_LAYOUTS),
    sortConfig: sortConfigSchema.nullable(),
    activeFilters: z.array(filterSchema).max(50),
    columnVisibility: columnVisibilitySchema,
    columnOrder: columnOrderSchema,
    columnWidths: columnWidthsSchema,
    position: z.number().int(),
    supabaseId: idSchema.nullable(),
  })
  .partial();
export type ViewPatch = z.infer<typeof viewPatchSchema>;

export function viewPath(id: string): string {
  return `/${encodeURIComponent(id)}`;
}
