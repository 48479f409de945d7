/** The one mapping between a `views` row and the domain `View`. */
import type { Filter, SortConfig } from '../../common/views/query';
import type { View, ViewType } from '../../common/views/view';
import type { views } from '../schema';
import { parseJsonColumn } from './json-column';

export type ViewRow = typeof views.$inferSelect;
export type ViewInsert = typeof views.$inferInsert;

export function viewFromRow(row: ViewRow): View {
  return {
    id: row.id,
    title: row.title,
    type: row.type as ViewType,
    layout: row.layout === 'board' ? 'board' : 'table',
    sortConfig: parseJsonColumn<SortConfig | null>(row.sortConfig, null),
    activeFilters: parseJsonColumn<Filter[]>(row.activeFilters, []),
    columnVisibility: parseJsonColumn<Record<string, boolean>>(row.columnVisibility, {}),
    columnOrder: parseJsonColumn<string[]>(row.columnOrder, []),
    columnWidths: parseJsonColumn<Record<string, number>>(row.columnWidths, {}),
    path: row.path,
    directoryPath: row.directoryPath,
    position: row.position,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
    supabaseId: row.supabaseId,
  };
}

export function viewToColumns(view: View): ViewInsert {
  return {
    id: view.id,
    title: view.title,
    type: view.type,
    layout: view.layout,
    sortConfig: view.sortConfig === null ? null : JSON.stringify(view.sortConfig),
    activeFilters: JSON.stringify(view.activeFilters),
    columnVisibility: JSON.stringify(view.columnVisibility),
    columnOrder: JSON.stringify(view.columnOrder),
    columnWidths: JSON.stringify(view.columnWidths),
    path: view.path,
    directoryPath: view.directoryPath,
    position: view.position,
    createdAt: view.createdAt,
    modifiedAt: view.modifiedAt,
    supabaseId: view.supabaseId,
  };
}
