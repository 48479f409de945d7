// Bringing an export back never reverts newer work (issue 28, item 4): each value keeps the time it was edited where
// it was exported, a field edited here since stays, a preview comes first, a backup before, and the last import undoes.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomField } from '../../common/songs/custom-fields';
import type { ImportUndoReport, LastImport, LibraryExportFile, LibraryImportPreview, LibraryImportReport } from '../../common/songs/library-export';
import type { Song } from '../../common/songs/song';
import { mergeSongCopies } from '../../common/songs/song-merge';
import { getSong, getSongs } from '../../db/repositories/songs';
import { getUnsyncedChanges, markSynced } from '../../db/repositories/sync-records';
import { tempDir, testClock, type TestClock } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';
import { importDocument, uploadDocument } from './import-test-support';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1);
const at = (days: number) => T0 + days * DAY;

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function computer(clock: TestClock): Promise<TestCore> {
  const started = createTestCore(tempDir(), { now: clock.now, library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
  cores.push(started);
  await started.start();
  return started;
}

async function exportJson(core: TestCore): Promise<string> {
  return (await call<LibraryExportFile>(core, 'library:export', { format: 'json' })).content;
}

describe('library:import and newer work', () => {
  it('an old export imported after newer edits keeps the newer edits and stamps imported values with export time', async () => {
    const laptopClock = testClock(at(0));
    const studioClock = testClock(at(0));
    const laptop = await computer(laptopClock);
    const studio = await computer(studioClock);
    const song = await call<Song>(laptop, 'db:add-song', { name: 'Night Drive' });
    laptopClock.set(at(1));
    await call(laptop, 'db:update-song', { id: song.id, patch: { status: 'Writing', notes: 'laptop notes' } });
    laptopClock.set(at(2));
    studioClock.set(at(2));
    await importDocument(studio, await exportJson(laptop));

    // The studio writes newer notes; later the laptop moves the status on and exports.
    studioClock.set(at(3));
    await call(studio, 'db:update-song', { id: song.id, patch: { notes: 'studio notes' } });
    laptopClock.set(at(4));
    await call(laptop, 'db:update-song', { id: song.id, patch: { status: 'Mixing' } });
    laptopClock.set(at(5));
    const oldExport = await exportJson(laptop);

    studioClock.set(at(6));
    await importDocument(studio, oldExport);
    const imported = getSong(studio.db, song.id)!;
    expect(imported.notes).toBe('studio notes');
    expect(imported.editedAt.notes).toBe(at(3));
    expect(imported.status).toBe('Mixing');
    expect(imported.editedAt.status).toBe(at(4));

    // At the next sync, a status set on a third computer after the laptop's (but before this import) still wins.
    const phone: Song = { ...imported, status: 'Mastering', editedAt: { ...imported.editedAt, status: at(4.5) } };
    expect(mergeSongCopies([imported, phone], { own: imported, fallback: phone }).status).toBe('Mastering');
  });

  it('stamps the values of a document without edit times with the time it was made', async () => {
    const clock = testClock(at(0));
    const here = await computer(clock);
    const song = await call<Song>(here, 'db:add-song', { name: 'Undated' });
    clock.set(at(1));
    await call(here, 'db:update-song', { id: song.id, patch: { tags: ['older'] } });
    clock.set(at(5));
    await call(here, 'db:update-song', { id: song.id, patch: { notes: 'written after the export' } });
    const document = { format: 'songshelf-library', version: 1, exportedAt: new Date(at(3)).toISOString(), songs: [{ id: song.id, name: 'Undated', tags: ['from the file'], notes: 'older notes' }] };
    clock.set(at(6));
    const report = await importDocument(here, JSON.stringify(document));
    expect(report).toMatchObject({ updated: 1, kept: 1 });
    const imported = getSong(here.db, song.id)!;
    expect(imported).toMatchObject({ tags: ['from the file'], notes: 'written after the export' });
    expect(imported.editedAt).toMatchObject({ tags: at(3), notes: at(5) });
  });

  it('previews an import without writing: songs to add, values old -> new, values kept as newer here, entries skipped and why', async () => {
    const clock = testClock(at(0));
    const here = await computer(clock);
    const song = await call<Song>(here, 'db:add-song', { name: 'Night Drive' });
    clock.set(at(1));
    await call(here, 'db:update-song', { id: song.id, patch: { status: 'Writing' } });
    clock.set(at(5));
    await call(here, 'db:update-song', { id: song.id, patch: { notes: 'mine' } });
    const document = JSON.stringify({
      format: 'songshelf-library',
      version: 1,
      exportedAt: new Date(at(3)).toISOString(),
      fields: [{ id: ENERGY, name: 'Energy', type: 'text' }],
      songs: [
        { id: song.id, name: 'Night Drive', status: 'Mixing', notes: 'theirs', editedAt: { status: at(2), notes: at(2) } },
        { id: NEW_SONG, name: 'New Song', custom: { [ENERGY]: 'high' }, editedAt: {} },
        { id: 'not-an-id', name: 'Bad' },
      ],
    });
    clock.set(at(6));
    const uploadId = await uploadDocument(here, document);
    const preview = await call<LibraryImportPreview>(here, 'library:import-preview', { uploadId });
    expect(preview).toEqual({
      exportedAt: at(3),
      totals: { added: 1, changed: 1, unchanged: 0, kept: 1, skipped: 1 },
      added: [{ index: 1, id: NEW_SONG, name: 'New Song' }],
      changed: [{ index: 0, id: song.id, name: 'Night Drive', changes: [{ key: 'status', label: 'Status', from: 'Writing', to: 'Mixing' }], kept: [{ key: 'notes', label: 'Notes', from: 'mine', to: 'theirs' }] }],
      skipped: [{ index: 2, reason: expect.stringContaining('is not a song id') }],
      fieldsAdded: ['Energy'],
    });
    // Nothing was written: no song, no field, no backup, nothing to undo.
    expect(getSongs(here.db)).toEqual([getSong(here.db, song.id)]);
    expect(getSong(here.db, song.id)).toMatchObject({ status: 'Writing', notes: 'mine' });
    expect(await call<CustomField[]>(here, 'fields:list')).toEqual([]);
    expect(backupsIn(here)).toEqual([]);
    expect(await call(here, 'library:last-import')).toEqual({ lastImport: null });

    // Applied, the import does what the preview said, reading the document the preview read.
    const report = await call<LibraryImportReport>(here, 'library:import', { uploadId });
    expect(report).toMatchObject({ added: 1, updated: 1, unchanged: 0, kept: 1, fieldsAdded: 1 });
    const energy = (await call<CustomField[]>(here, 'fields:list'))[0]!;
    expect(getSong(here.db, NEW_SONG)?.custom).toEqual({ [energy.id]: 'high' });
    expect(getSong(here.db, song.id)).toMatchObject({ status: 'Mixing', notes: 'mine' });
  });

  it('copies the database beside it before an import writes, keeping the last three copies', async () => {
    const clock = testClock(at(0));
    const here = await computer(clock);
    const song = await call<Song>(here, 'db:add-song', { name: 'Backed Up', notes: 'before any import' });
    const reports: LibraryImportReport[] = [];
    for (const day of [1, 2, 3, 4]) {
      clock.set(at(day));
      const document = { format: 'songshelf-library', version: 1, exportedAt: new Date(at(day)).toISOString(), songs: [{ id: song.id, notes: `import ${day}` }] };
      reports.push(await importDocument(here, JSON.stringify(document)));
    }
    expect(getSong(here.db, song.id)?.notes).toBe('import 4');
    expect(backupsIn(here)).toEqual(reports.slice(1).map((report) => report.backupFile).sort());
    const copy = new BetterSqlite3(path.join(here.dataDir, reports[3]!.backupFile!), { readonly: true });
    try {
      expect(copy.prepare('SELECT notes FROM songs WHERE id = ?').get(song.id)).toEqual({ notes: 'import 3' });
    } finally {
      copy.close();
    }
  });

  it('undoes the last import: changed values and their edit times back, added songs removed, edits made since kept', async () => {
    const clock = testClock(at(0));
    const here = await computer(clock);
    const song = await call<Song>(here, 'db:add-song', { name: 'Night Drive' });
    clock.set(at(1));
    await call(here, 'db:update-song', { id: song.id, patch: { status: 'Writing' } });
    const before = getSong(here.db, song.id)!;
    const document = {
      format: 'songshelf-library',
      version: 1,
      exportedAt: new Date(at(3)).toISOString(),
      songs: [
        { id: song.id, status: 'Mixing', tags: ['live'], notes: 'nobody edited these', editedAt: { status: at(2), tags: at(2) } },
        { id: NEW_SONG, name: 'New Song', editedAt: {} },
      ],
    };
    clock.set(at(4));
    await importDocument(here, JSON.stringify(document));
    expect(getSong(here.db, song.id)).toMatchObject({ status: 'Mixing', tags: ['live'], notes: 'nobody edited these', editedAt: { status: at(2), tags: at(2) } });
    clock.set(at(5));
    await call(here, 'db:update-song', { id: song.id, patch: { tags: ['live', 'mine'] } });
    markSynced(here.db, getUnsyncedChanges(here.db).map((record) => record.id));
    const { lastImport } = await call<{ lastImport: LastImport }>(here, 'library:last-import');
    expect(lastImport).toEqual({ importedAt: at(4), updated: 1, added: 1 });

    clock.set(at(6));
    const report = await call<ImportUndoReport>(here, 'library:import-undo', { importedAt: lastImport.importedAt });
    expect(report).toEqual({ restored: 1, removed: 1, kept: 1 });
    const undone = getSong(here.db, song.id)!;
    expect(undone).toMatchObject({ status: 'Writing', notes: '', tags: ['live', 'mine'] });
    expect(undone.editedAt).toEqual({ status: before.editedAt.status, tags: at(5) });
    expect(getSong(here.db, NEW_SONG)).toBeNull();
    // Through the songs writer: the restored song goes to the cloud again; the added one had reached it, so it leaves it.
    expect(getUnsyncedChanges(here.db).map(({ type, recordId }) => ({ type, recordId }))).toEqual(
      expect.arrayContaining([
        { type: 'update', recordId: song.id },
        { type: 'delete', recordId: NEW_SONG },
      ]),
    );
    expect(await call(here, 'library:last-import')).toEqual({ lastImport: null });
    const again = await here.router.dispatch('library:import-undo', { importedAt: lastImport.importedAt });
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('removes an added song the cloud never had without telling the cloud, and keeps one edited since the import', async () => {
    const clock = testClock(at(0));
    const here = await computer(clock);
    const other = '01a20d87-265f-73c1-bba7-d5b791c71541';
    const document = { format: 'songshelf-library', version: 1, exportedAt: new Date(at(1)).toISOString(), songs: [{ id: NEW_SONG, name: 'Never Pushed' }, { id: other, name: 'Edited Since' }] };
    clock.set(at(2));
    await importDocument(here, JSON.stringify(document));
    clock.set(at(3));
    await call(here, 'db:update-song', { id: other, patch: { notes: 'worked on after the import' } });
    const { lastImport } = await call<{ lastImport: LastImport }>(here, 'library:last-import');
    const report = await call<ImportUndoReport>(here, 'library:import-undo', { importedAt: lastImport.importedAt });
    expect(report).toEqual({ restored: 0, removed: 1, kept: 1 });
    expect(getSongs(here.db).map((song) => song.name)).toEqual(['Edited Since']);
    expect(getUnsyncedChanges(here.db).filter((record) => record.type === 'delete')).toEqual([]);
  });
});

const ENERGY = '01a20d87-265f-73c1-bba7-d5b791c71590';
const NEW_SONG = '01a20d87-265f-73c1-bba7-d5b791c71540';

function backupsIn(core: TestCore): string[] {
  return fs.readdirSync(core.dataDir).filter((name) => name.includes('.before-import-')).sort();
}
