// A library document never crosses in one call (issue 42): the page sends it a chunk at a time, the core assembles it
// in a file of the data folder, in order and within MAX_IMPORT_BYTES, and the preview and the import read it by its
// uploadId. Real cores on real data folders, driven through the router as the page drives them.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/bridge/ipc';
import { IMPORT_CHUNK_CHARS, MAX_IMPORT_BYTES, type ImportUploadReceipt, type LibraryExportFile, type LibraryImportPreview, type LibraryImportReport } from '../../common/songs/library-export';
import type { Song } from '../../common/songs/song';
import { getSongs } from '../../db/repositories/songs';
import { tempDir, testClock, type TestClock } from '../../db/test-support';
import { sweepTemporaryFiles } from '../files/temp-files';
import { call, createTestCore, type TestCore } from '../test-support';
import { uploadDocument } from './import-test-support';
import { IMPORT_IDLE_MS, MAX_OPEN_IMPORTS } from './import-upload';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function computer(clock?: TestClock): Promise<TestCore> {
  const started = createTestCore(tempDir(), { ...(clock ? { now: clock.now } : {}), library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
  cores.push(started);
  await started.start();
  return started;
}

/** The upload files in the data folder. */
function uploadFiles(core: TestCore): string[] {
  return fs.readdirSync(core.dataDir).filter((name) => name.startsWith('library-import.'));
}

function chunk(core: TestCore, input: Record<string, unknown>): Promise<Envelope<unknown>> {
  return core.router.dispatch('library:import-upload', input);
}

function refusal(result: Envelope<unknown>): { code: string; message: string } | null {
  return result.ok ? null : { code: result.error.code, message: result.error.message };
}

/** A real export of a library whose names need every width of UTF-8 and a surrogate pair. */
async function exportOf(names: string[]): Promise<string> {
  const there = await computer();
  for (const name of names) await call<Song>(there, 'db:add-song', { name });
  return (await call<LibraryExportFile>(there, 'library:export', { format: 'json' })).content;
}

const NAMES = ['Plain', 'Café crème', '夜のドライブ', 'Bass 🎸 take', 'Quote " and \\ slash'];

describe('library:import-upload', () => {
  it('assembles a document sent in chunks; the preview reads it by its uploadId and leaves it; the import reads it and removes it', async () => {
    const json = await exportOf(NAMES);
    const here = await computer();
    // 7 characters a chunk: surrogate pairs and escapes are cut between chunks and come back whole.
    const uploadId = await uploadDocument(here, json, 7);
    expect(uploadFiles(here)).toEqual([`library-import.${uploadId}.part`]);

    const preview = await call<LibraryImportPreview>(here, 'library:import-preview', { uploadId });
    expect(preview.totals).toMatchObject({ added: NAMES.length, skipped: 0 });
    expect(preview.added.map((song) => song.name).sort()).toEqual([...NAMES].sort());
    // Previewed again, as the page may: the upload is still there, and reads the same.
    expect(await call<LibraryImportPreview>(here, 'library:import-preview', { uploadId })).toEqual(preview);
    expect(uploadFiles(here)).toHaveLength(1);
    expect(getSongs(here.db)).toHaveLength(0);

    const report = await call<LibraryImportReport>(here, 'library:import', { uploadId });
    expect(report).toMatchObject({ added: NAMES.length, skipped: [] });
    expect(getSongs(here.db).map((song) => song.name).sort()).toEqual([...NAMES].sort());
    expect(uploadFiles(here)).toEqual([]);
    // Imported once: the uploadId names nothing now.
    expect(refusal(await here.router.dispatch('library:import', { uploadId }))).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no longer open.*pick the file again/i) });
  });

  it('answers each chunk with what it has received, and a chunk after the last is refused', async () => {
    const here = await computer();
    const first = (await call<ImportUploadReceipt>(here, 'library:import-upload', { offset: 0, text: '{"a":', done: false }));
    expect(first).toEqual({ uploadId: expect.any(String), received: 5, done: false });
    expect(await call(here, 'library:import-upload', { uploadId: first.uploadId, offset: 5, text: '1}', done: true })).toEqual({ uploadId: first.uploadId, received: 7, done: true });
    expect(refusal(await chunk(here, { uploadId: first.uploadId, offset: 7, text: 'x', done: true }))).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/already sent whole/) });
  });

  it('refuses a chunk out of order: a first chunk not at 0, a gap, a chunk sent again', async () => {
    const here = await computer();
    expect(refusal(await chunk(here, { offset: 3, text: 'abc', done: false }))).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/out of order.*3.*0/) });
    expect(uploadFiles(here)).toEqual([]);
    const { uploadId } = await call<ImportUploadReceipt>(here, 'library:import-upload', { offset: 0, text: 'abc', done: false });
    expect(refusal(await chunk(here, { uploadId, offset: 4, text: 'def', done: false }))).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/out of order.*4.*3/) });
    expect(refusal(await chunk(here, { uploadId, offset: 0, text: 'abc', done: false }))).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/out of order.*0.*3/) });
    // Refused chunks wrote nothing: the document goes on from where it was.
    expect(await call(here, 'library:import-upload', { uploadId, offset: 3, text: 'def', done: true })).toMatchObject({ received: 6, done: true });
    expect(fs.readFileSync(path.join(here.dataDir, `library-import.${uploadId}.part`), 'utf16le')).toBe('abcdef');
  });

  it('refuses a chunk larger than IMPORT_CHUNK_CHARS at the door', async () => {
    const here = await computer();
    expect(refusal(await chunk(here, { offset: 0, text: 'x'.repeat(IMPORT_CHUNK_CHARS + 1), done: true }))).toMatchObject({ code: 'invalid_input' });
    expect(uploadFiles(here)).toEqual([]);
  });

  it('refuses a document past MAX_IMPORT_BYTES characters, says why, and removes what it had received', async () => {
    const here = await computer();
    const text = 'x'.repeat(IMPORT_CHUNK_CHARS);
    let uploadId: string | undefined;
    for (let offset = 0; offset < MAX_IMPORT_BYTES; offset += IMPORT_CHUNK_CHARS) {
      const receipt = await call<ImportUploadReceipt>(here, 'library:import-upload', { ...(uploadId ? { uploadId } : {}), offset, text, done: false });
      uploadId = receipt.uploadId;
    }
    expect(fs.statSync(path.join(here.dataDir, `library-import.${uploadId}.part`)).size).toBe(2 * MAX_IMPORT_BYTES);
    const over = await chunk(here, { uploadId, offset: MAX_IMPORT_BYTES, text: 'x', done: true });
    expect(refusal(over)).toMatchObject({ code: 'file_too_large', message: expect.stringMatching(/too large to import.*64 MiB/) });
    expect(uploadFiles(here)).toEqual([]);
    expect(refusal(await here.router.dispatch('library:import-preview', { uploadId }))).toMatchObject({ code: 'not_found' });
  }, 120_000);

  it('refuses an unknown uploadId for a chunk, a preview and an import, and a document not sent whole', async () => {
    const here = await computer();
    const unknown = '8f4b8a2e-6a53-4c1e-9f53-0b6d2f4f1a77';
    const notOpen = { code: 'not_found', message: expect.stringMatching(/no longer open/) };
    expect(refusal(await chunk(here, { uploadId: unknown, offset: 0, text: '{}', done: true }))).toMatchObject(notOpen);
    expect(refusal(await here.router.dispatch('library:import-preview', { uploadId: unknown }))).toMatchObject(notOpen);
    expect(refusal(await here.router.dispatch('library:import', { uploadId: unknown }))).toMatchObject(notOpen);
    // Not a name the core gives: refused at the door. And the whole document is never taken as an input any more.
    expect(refusal(await here.router.dispatch('library:import', { uploadId: '../../session.vault' }))).toMatchObject({ code: 'invalid_input' });
    expect(refusal(await here.router.dispatch('library:import', { json: '{}' }))).toMatchObject({ code: 'invalid_input' });

    const { uploadId } = await call<ImportUploadReceipt>(here, 'library:import-upload', { offset: 0, text: '{"format":', done: false });
    const unfinished = { code: 'invalid_input', message: expect.stringMatching(/not been sent whole/) };
    expect(refusal(await here.router.dispatch('library:import-preview', { uploadId }))).toMatchObject(unfinished);
    expect(refusal(await here.router.dispatch('library:import', { uploadId }))).toMatchObject(unfinished);
    expect(uploadFiles(here)).toHaveLength(1);
  });

  it('drops an upload left unused for IMPORT_IDLE_MS: its file goes, its uploadId is refused', async () => {
    const clock = testClock(Date.UTC(2026, 0, 1));
    const here = await computer(clock);
    const uploadId = await uploadDocument(here, await exportOf(['Waiting']));
    clock.advance(IMPORT_IDLE_MS - 1);
    // A preview uses it: the wait starts again.
    await call(here, 'library:import-preview', { uploadId });
    clock.advance(IMPORT_IDLE_MS - 1);
    await call(here, 'library:import-preview', { uploadId });
    clock.advance(IMPORT_IDLE_MS + 1);
    expect(refusal(await here.router.dispatch('library:import', { uploadId }))).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no longer open/) });
    expect(uploadFiles(here)).toEqual([]);
  });

  it(`keeps at most MAX_OPEN_IMPORTS uploads: a new one replaces the least used document sent whole, never one still coming`, async () => {
    const here = await computer();
    const json = await exportOf(['One']);
    const whole: string[] = [];
    for (let index = 0; index < MAX_OPEN_IMPORTS; index += 1) whole.push(await uploadDocument(here, json));
    await call(here, 'library:import-preview', { uploadId: whole[0] });
    // The least used is now the second: it gives way.
    const next = await uploadDocument(here, json);
    expect(refusal(await here.router.dispatch('library:import-preview', { uploadId: whole[1] }))).toMatchObject({ code: 'not_found' });
    expect(await call(here, 'library:import-preview', { uploadId: whole[0] })).toMatchObject({ totals: { added: 1 } });
    expect(uploadFiles(here).sort()).toEqual([whole[0], ...whole.slice(2), next].map((id) => `library-import.${id}.part`).sort());

    const other = await computer();
    for (let index = 0; index < MAX_OPEN_IMPORTS; index += 1) await call(other, 'library:import-upload', { offset: 0, text: '{', done: false });
    expect(refusal(await chunk(other, { offset: 0, text: '{', done: false }))).toMatchObject({ code: 'limit_reached' });
  });

  it('a file an upload left behind when its process ended is removed by the start-up sweep; look-alikes stay', async () => {
    const dataDir = tempDir('songshelf-import-leftovers-');
    const anHourAgo = (Date.now() - 60 * 60 * 1000) / 1000;
    const place = (name: string) => {
      fs.writeFileSync(path.join(dataDir, name), 'x');
      fs.utimesSync(path.join(dataDir, name), anHourAgo, anHourAgo);
      return path.join(dataDir, name);
    };
    const leftover = place('library-import.8f4b8a2e-6a53-4c1e-9f53-0b6d2f4f1a77.part');
    const lookAlikes = [place('library-import.notes.part'), place('library-import.8f4b8a2e-6a53-4c1e-9f53-0b6d2f4f1a77.json')];
    expect(await sweepTemporaryFiles(dataDir)).toEqual([leftover]);
    expect(lookAlikes.every((file) => fs.existsSync(file))).toBe(true);
  });
});
