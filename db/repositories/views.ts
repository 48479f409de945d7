/**
 * Views: the `db:*-view` operations and their rules (spec sections 3 to 5): the free tier's custom view limit,
 * one view per directory path, and which views can never be deleted.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SubscriptionTier } from '../../common/cloud/account';
import { FREE_TIER_MAX_CUSTOM_VIEWS } from '../../common/constants';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import { viewPath, type NewView, type View, type ViewPatch, type ViewType } from '../../common/views/view';
import { inTransaction, type Db } from '../handle';
import { newId } from '../ids';
import { insertRows } from '../prepared-writes';
import { viewFromRow, viewToColumns } from '../rows/view-row';
import { views } from '../schema';
import { writeSyncRecord } from './sync-records';

/** Hidden sorts last; the others keep their position, then their age. */
const VIEW_ORDER = [sql`CASE ${views.type} WHEN 'hidden' THEN 1 ELSE 0 END`, asc(views.position), asc(views.createdAt)];

export function getViews(db: Db): View[] {
  return db.orm.select().from(views).orderBy(...VIEW_ORDER).all().map(viewFromRow);
}

export function getView(db: Db, id: string): View | null {
  const row = db.orm.select().from(views).where(eq(views.id, id)).get();
  return row ? viewFromRow(row) : null;
}

export function countViews(db: Db, type: ViewType): number {
  const row = db.orm
    .select({ n: sql<number>`count(*)` })
    .from(views)
    .where(eq(views.type, type))
    .get();
  return row?.n ?? 0;
}

export interface AddViewResult {
  view: View;
  /** False when an existing directory view for the same path was returned instead. */
  created: boolean;
}

/**
 * Adds a custom or directory view. A directory view for a path that already has one is reused, never
 * duplicated. Free users get at most 3 custom views; past that nothing is created.
 */
export function addView(db: Db, input: NewView | { type: 'hidden'; title: string }, tier: SubscriptionTier): AddViewResult {
  return inTransaction(db, () => {
    if (input.type === 'directory') {
      const existing = db.orm
        .select()
        .from(views)
        .where(and(eq(views.type, 'directory'), eq(views.directoryPath, input.directoryPath)))
        .get();
      if (existing) return { view: viewFromRow(existing), created: false };
    }
    if (input.type === 'custom' && tier === 'free' && countViews(db, 'custom') >= FREE_TIER_MAX_CUSTOM_VIEWS) {
      throw new AppError('limit_reached', MESSAGES.customViewLimit);
    }
    const now = db.now();
    const id = newId();
    const view: View = {
      id,
      title: input.title ?? titleOfDirectory(input.type === 'directory' ? input.directoryPath : ''),
      type: input.type,
      layout: input.type === 'custom' ? (input.layout ?? 'table') : 'table',
      sortConfig: input.type === 'custom' ? (input.sortConfig ?? null) : null,
      activeFilters: input.type === 'custom' ? (input.activeFilters ?? []) : [],
      columnVisibility: input.type === 'custom' ? (input.columnVisibility ?? {}) : {},
      columnOrder: [],
      columnWidths: {},
      path: viewPath(id),
      directoryPath: input.type === 'directory' ? input.directoryPath : null,
      position: nextPosition(db),
      createdAt: now,
      modifiedAt: now,
      supabaseId: null,
    };
    db.orm.insert(views).values(viewToColumns(view)).run();
    writeSyncRecord(db, { type: 'add', table: 'views', recordId: id });
    return { view, created: true };
  });
}

export function updateView(db: Db, id: string, patch: ViewPatch): View {
  return inTransaction(db, () => {
    const current = getView(db, id);
    if (!current) throw new AppError('not_found', MESSAGES.viewNotFound);
    const next: View = { ...current, ...patch, modifiedAt: db.now() };
    db.orm.update(views).set(viewToColumns(next)).where(eq(views.id, id)).run();
    writeSyncRecord(db, { type: 'update', table: 'views', recordId: id });
    return next;
  });
}

/**
 * Deletes a view. The Hidden view and the last custom view stay. Returns where to go next: the first
 * remaining view, or `/` when none remains.
 */
export function deleteView(db: Db, id: string): { nextPath: string } {
  return inTransaction(db, () => {
    const current = getView(db, id);
    if (!current) throw new AppError('not_found', MESSAGES.viewNotFound);
    if (current.type === 'hidden') throw new AppError('not_allowed', MESSAGES.hiddenViewUndeletable);
    if (current.type === 'custom' && countViews(db, 'custom') <= 1) {
      throw new AppError('not_allowed', MESSAGES.lastCustomViewUndeletable);
    }
    db.orm.delete(views).where(eq(views.id, id)).run();
    writeSyncRecord(db, { type: 'delete', table: 'views', recordId: id });
    const first = getViews(db)[0];
    return { nextPath: first ? first.path : '/' };
  });
}

/** Rows written a batch at a time (SQLite's bound parameters). */
const CHUNK = 500;

/** Custom views pulled from the cloud, newer than this computer's copies: written as the cloud has them, no sync record. */
export function writePulledViews(db: Db, pulled: readonly View[]): void {
  insertRows(db, views, pulled.map(viewToColumns), views.id);
}

/** Views the cloud now holds carry their cloud id (the same id); written without a sync record or a new time. */
export function markViewsPushed(db: Db, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += CHUNK) {
    db.orm
      .update(views)
      .set({ supabaseId: sql`${views.id}` })
      .where(and(inArray(views.id, ids.slice(i, i + CHUNK)), isNull(views.supabaseId)))
      .run();
  }
}

/** Views the cloud no longer holds, gone from here (`removed-by-sync.ts` keeps their copies first). */
export function removeViewsForGood(db: Db, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += CHUNK) db.orm.delete(views).where(inArray(views.id, ids.slice(i, i + CHUNK))).run();
}

function nextPosition(db: Db): number {
  const row = db.orm
    .select({ max: sql<number | null>`max(${views.position})` })
    .from(views)
    .get();
  return (row?.max ?? -1) + 1;
}

/** The last segment of a folder path, whichever separator the OS uses. */
function titleOfDirectory(directoryPath: string): string {
  const parts = directoryPath.split(/[\\/]+/).filter(Boolean);
  return parts.at(-1) ?? directoryPath;
}
