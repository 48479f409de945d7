/**
 * A library export brought back (issue 28, item 4), its text sent in chunks first (`import-upload.ts`):
 * `library:import-preview` shows the plan (`import-plan.ts`) and writes nothing; `library:import` writes the same
 * plan, made again from the library as it is then. Before it writes, the database is copied beside itself
 * (`db/backup.ts`), and what it changes is recorded so that the last import can be undone (`import-undo.ts`). Songs
 * go through the songs writer, with their sync records, a batch per transaction.
 */
import path from 'node:path';
import { MAX_PREVIEW_ENTRIES, type ImportSkip, type LibraryImportPreview, type LibraryImportReport } from '../../common/songs/library-export';
import { backUpDatabase, pruneBackups } from '../../db/backup';
import { inTransaction, type Db } from '../../db/handle';
import { addCustomField } from '../../db/repositories/custom-fields';
import { setLastImport, type ImportRecord } from '../../db/repositories/last-import';
import { insertSongs, rewriteSongs } from '../../db/repositories/song-writer';
import { planImport, readLibraryFile, type ImportPlan, type SongStep } from './import-plan';
import { editTimeAt } from './imported-values';

/** Songs written per transaction: a 20,000-song file does not hold the database for long at a time. */
const IMPORT_BATCH = 500;
/** Copies made before imports that are kept beside the database (each is the whole database); older ones go. */
export const IMPORT_BACKUPS_KEPT = 3;
const BACKUP_LABEL = 'import';

type Added = Extract<SongStep, { kind: 'add' }>;
type Updated = Extract<SongStep, { kind: 'update' }>;

/** The plan's steps by what they do. */
interface Tally {
  added: Added[];
  /** Songs the import changes. */
  changed: Updated[];
  /** Songs here it leaves as they are (some with values kept, edited here later). */
  unchanged: Updated[];
  skipped: ImportSkip[];
  kept: number;
}

export function previewImport(db: Db, json: string): LibraryImportPreview {
  const plan = planImport(db, readLibraryFile(json, db.now()));
  const tally = tallyOf(plan.steps);
  const withValues = [...tally.changed, ...tally.unchanged.filter((step) => step.kept.length > 0)].sort((a, b) => a.index - b.index);
  return {
    exportedAt: plan.file.dated ? plan.file.madeAt : null,
    totals: { added: tally.added.length, changed: tally.changed.length, unchanged: tally.unchanged.length, kept: tally.kept, skipped: tally.skipped.length },
    added: tally.added.slice(0, MAX_PREVIEW_ENTRIES).map(({ index, song }) => ({ index, id: song.id, name: song.name })),
    changed: withValues.slice(0, MAX_PREVIEW_ENTRIES).map(({ index, before, changes, kept }) => ({ index, id: before.id, name: before.name, changes, kept })),
    skipped: tally.skipped.slice(0, MAX_PREVIEW_ENTRIES),
    fieldsAdded: plan.fields.toAdd.map((field) => field.name),
  };
}

export function importLibrary(db: Db, json: string): LibraryImportReport {
  const file = readLibraryFile(json, db.now());
  let plan = planImport(db, file);
  const fieldsAdded = plan.fields.toAdd.length;
  if (!writesAnything(plan)) return reportOf(tallyOf(plan.steps), 0, null);
  const backup = backUpDatabase(db.sqlite, db.file, BACKUP_LABEL, db.now());
  pruneBackups(db.file, BACKUP_LABEL, IMPORT_BACKUPS_KEPT);
  if (fieldsAdded > 0) {
    for (const { name, type, options } of plan.fields.toAdd) addCustomField(db, { name, type, options });
    // Planned again: the new fields are now this library's, matched by name and type, under their own ids.
    plan = planImport(db, file);
  }
  const tally = tallyOf(plan.steps);
  // Recorded before the songs are written: an import stopped halfway is undone as far as it went.
  setLastImport(db, recordOf(tally, db.now()));
  writeSongs(db, [...tally.added, ...tally.changed]);
  return reportOf(tally, fieldsAdded, backup);
}

function writesAnything(plan: ImportPlan): boolean {
  return plan.fields.toAdd.length > 0 || plan.steps.some((step) => step.kind === 'add' || (step.kind === 'update' && step.changes.length > 0));
}

function tallyOf(steps: readonly SongStep[]): Tally {
  const tally: Tally = { added: [], changed: [], unchanged: [], skipped: [], kept: 0 };
  for (const step of steps) {
    if (step.kind === 'skip') tally.skipped.push({ index: step.index, reason: step.reason });
    else if (step.kind === 'add') tally.added.push(step);
    else {
      (step.changes.length > 0 ? tally.changed : tally.unchanged).push(step);
      tally.kept += step.kept.length;
    }
  }
  return tally;
}

/** Each value the import writes, with its value and edit time before and after: what an undo gives back. */
function recordOf(tally: Tally, importedAt: number): ImportRecord {
  return {
    importedAt,
    added: tally.added.map(({ song }) => song.id),
    updated: tally.changed.map(({ before, after, changes }) => ({
      id: before.id,
      values: changes.map(({ key, from, to }) => ({ key, before: from, beforeAt: editTimeAt(before, key), after: to, afterAt: editTimeAt(after, key) })),
    })),
  };
}

function writeSongs(db: Db, steps: readonly (Added | Updated)[]): void {
  for (let start = 0; start < steps.length; start += IMPORT_BATCH) {
    const batch = steps.slice(start, start + IMPORT_BATCH);
    inTransaction(db, () => {
      insertSongs(db, batch.flatMap((step) => (step.kind === 'add' ? [step.song] : [])));
      rewriteSongs(db, batch.flatMap((step) => (step.kind === 'update' ? [step.after] : [])));
    });
  }
}

function reportOf(tally: Tally, fieldsAdded: number, backup: string | null): LibraryImportReport {
  return {
    added: tally.added.length,
    updated: tally.changed.length,
    unchanged: tally.unchanged.length,
    kept: tally.kept,
    fieldsAdded,
    skipped: tally.skipped,
    backupFile: backup ? path.basename(backup) : null,
  };
}
