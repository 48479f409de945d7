import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewFromCloud, viewToCloud } from '../../common/cloud/cloud-records';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import { getUnsyncedChanges } from './sync-records';
import { addView, deleteView, getViews, updateView } from './views';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

const LIMIT_MESSAGE =
  "You've reached the limit of 3 custom views on the Free tier. Upgrade to Pro for unlimited custom views!";

function viewRecords() {
  return getUnsyncedChanges(db).filter((record) => record.table === 'views');
}

describe('views repository', () => {
  it('db:add-view creates a custom view with its sort, filters and visibility, and a sync record', () => {
    const { view, created } = addView(
      db,
      {
        type: 'custom',
        title: 'Mixing now',
        sortConfig: { column: 'tempo', direction: 'Descending' },
        activeFilters: [{ op: 'equals', field: 'status', value: 'Mixing' }],
        columnVisibility: { tempo: false },
      },
      'free',
    );
    expect(created).toBe(true);
    expect(view.path).toBe(`/${view.id}`);
    expect(getViews(db).find((candidate) => candidate.id === view.id)).toEqual(view);
    expect(viewRecords().at(-1)).toMatchObject({ type: 'add', recordId: view.id });
  });

  it('refuses a 4th custom view on the free tier with the spec message and creates nothing', () => {
    addView(db, { type: 'custom', title: 'Two' }, 'free');
    addView(db, { type: 'custom', title: 'Three' }, 'free');
    const before = getViews(db).length;
    expect(() => addView(db, { type: 'custom', title: 'Four' }, 'free')).toThrow(LIMIT_MESSAGE);
    expect(getViews(db)).toHaveLength(before);
  });

  it('keeps a board view as a custom view: it counts against the free tier, switches layout, and travels to the cloud whole', () => {
    const { view } = addView(db, { type: 'custom', title: 'Board', layout: 'board' }, 'free');
    expect(getViews(db).find((candidate) => candidate.id === view.id)?.layout).toBe('board');
    addView(db, { type: 'custom', title: 'Three' }, 'free');
    expect(() => addView(db, { type: 'custom', title: 'Four board', layout: 'board' }, 'free')).toThrow(LIMIT_MESSAGE);
    expect(updateView(db, view.id, { layout: 'table' }).layout).toBe('table');
    expect(viewRecords().at(-1)).toMatchObject({ type: 'update', recordId: view.id });
    const board = updateView(db, view.id, { layout: 'board' });
    expect(viewFromCloud(JSON.parse(JSON.stringify(viewToCloud(board))))).toMatchObject({ id: view.id, layout: 'board' });
    // A view written by a version before boards, or a hostile one, is a table.
    expect(viewFromCloud({ ...viewToCloud(board), layout: undefined })?.layout).toBe('table');
    expect(viewFromCloud({ ...viewToCloud(board), layout: 'kanban<script>' })?.layout).toBe('table');
  });

  it('lets a pro user create custom views past three', () => {
    for (const title of ['Two', 'Three', 'Four', 'Five']) addView(db, { type: 'custom', title }, 'pro');
    expect(getViews(db).filter((view) => view.type === 'custom')).toHaveLength(5);
  });

  it('reuses the directory view of a path instead of duplicating it', () => {
    const first = addView(db, { type: 'directory', directoryPath: '/Users/me/Music/Projects' }, 'free');
    const second = addView(db, { type: 'directory', directoryPath: '/Users/me/Music/Projects' }, 'free');
    expect(first.view.title).toBe('Projects');
    expect(second).toEqual({ view: first.view, created: false });
    expect(getViews(db).filter((view) => view.type === 'directory')).toHaveLength(1);
  });

  it('db:update-view saves the patch and writes an update record', () => {
    const { view } = addView(db, { type: 'custom', title: 'Old' }, 'free');
    const updated = updateView(db, view.id, { title: 'New', sortConfig: { column: 'name', direction: 'Ascending' } });
    expect(getViews(db).find((candidate) => candidate.id === view.id)).toEqual(updated);
    expect(viewRecords().at(-1)).toMatchObject({ type: 'update', data: null });
  });

  it('a new view starts with the default column layout: no order, no widths', () => {
    const { view } = addView(db, { type: 'custom', title: 'Fresh' }, 'free');
    expect(view).toMatchObject({ columnOrder: [], columnWidths: {} });
    expect(getViews(db).every((candidate) => candidate.columnOrder.length === 0 && Object.keys(candidate.columnWidths).length === 0)).toBe(true);
  });

  it('db:update-view persists column order and widths, and queues the view for the push', () => {
    const { view } = addView(db, { type: 'custom', title: 'Layout' }, 'free');
    const updated = updateView(db, view.id, { columnOrder: ['tempo', 'name', 'custom.abc'], columnWidths: { name: 320, tempo: 64 } });
    expect(getViews(db).find((candidate) => candidate.id === view.id)).toMatchObject({
      columnOrder: ['tempo', 'name', 'custom.abc'],
      columnWidths: { name: 320, tempo: 64 },
    });
    expect(viewRecords().at(-1)).toMatchObject({ type: 'update', recordId: updated.id, data: null });
    const retitled = updateView(db, view.id, { title: 'Renamed' });
    expect(retitled).toMatchObject({ columnOrder: ['tempo', 'name', 'custom.abc'], columnWidths: { name: 320, tempo: 64 } });
  });

  it('db:delete-view never deletes the Hidden view', () => {
    const hidden = getViews(db).find((view) => view.type === 'hidden');
    expect(() => deleteView(db, hidden?.id ?? '')).toThrow('The Hidden view cannot be deleted.');
  });

  it('db:delete-view never deletes the last custom view', () => {
    const allSongs = getViews(db).find((view) => view.type === 'custom');
    expect(() => deleteView(db, allSongs?.id ?? '')).toThrow('The last custom view cannot be deleted.');
  });

  it('db:delete-view deletes, writes a delete record and points at the first remaining view', () => {
    const allSongs = getViews(db)[0];
    const { view } = addView(db, { type: 'custom', title: 'Temp' }, 'free');
    expect(deleteView(db, view.id)).toEqual({ nextPath: allSongs?.path });
    expect(getViews(db).some((candidate) => candidate.id === view.id)).toBe(false);
    expect(viewRecords().at(-1)).toMatchObject({ type: 'delete', recordId: view.id });
  });
});
