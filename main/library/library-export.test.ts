// The library taken out and brought back (issue 20): through the core's channels, into a second data folder as a
// second computer would, and hostile documents that change nothing they should not.
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomField } from '../../common/songs/custom-fields';
import type { LibraryDocument, LibraryExportFile } from '../../common/songs/library-export';
import type { Song } from '../../common/songs/song';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';
import { importDocument, importDocumentEnvelope } from './import-test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function core(): Promise<TestCore> {
  const started = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
  cores.push(started);
  await started.start();
  return started;
}

async function libraryWithSongs(): Promise<{ core: TestCore; mood: CustomField; songs: Song[] }> {
  const here = await core();
  const mood = await call<CustomField>(here, 'fields:add', { name: 'Mood', type: 'singleSelect', options: ['Dark', 'Bright'] });
  const a = await call<Song>(here, 'db:add-song', { name: 'Night Drive', tempo: '92', key: 'A minor', tags: ['demo', 'synth'], notes: 'Verse, "needs" work\nbridge', custom: { [mood.id]: 'Dark' } });
  const b = await call<Song>(here, 'db:add-song', { name: '=HYPERLINK("http://x")', status: 'Mixing' });
  const c = await call<Song>(here, 'db:add-song', { name: 'Old Idea' });
  await call(here, 'db:update-song', { id: c.id, patch: { hidden: true } });
  return { core: here, mood, songs: [a, b, c] };
}

describe('library:export and library:import', () => {
  it('takes every song out as JSON, hidden ones and custom fields too, and brings them into another library once', async () => {
    const { core: here, songs } = await libraryWithSongs();
    const file = await call<LibraryExportFile>(here, 'library:export', { format: 'json' });
    expect(file.fileName).toMatch(/^Songshelf library \d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(file.content) as LibraryDocument;
    expect(document.songs.map((song) => song.id).sort()).toEqual(songs.map((song) => song.id).sort());
    expect(document.fields.map((field) => field.name)).toEqual(['Mood']);

    const there = await core();
    const first = await importDocument(there, file.content);
    expect(first).toEqual({ added: 3, updated: 0, unchanged: 0, kept: 0, fieldsAdded: 1, skipped: [], backupFile: expect.stringMatching(/^songshelf\.db\.before-import-\d+\.bak$/) });
    const imported = getSongs(there.db).find((song) => song.id === songs[0]!.id)!;
    expect(imported).toMatchObject({ name: 'Night Drive', tempo: '92', key: 'A minor', tags: ['demo', 'synth'], notes: 'Verse, "needs" work\nbridge' });
    const moodThere = (await call<CustomField[]>(there, 'fields:list')).find((field) => field.name === 'Mood')!;
    expect(imported.custom).toEqual({ [moodThere.id]: 'Dark' });
    expect(getSongs(there.db).find((song) => song.name === 'Old Idea')?.hidden).toBe(true);

    // The same file again: matched by id, nothing added, nothing duplicated, nothing written (so no backup either).
    const second = await importDocument(there, file.content);
    expect(second).toEqual({ added: 0, updated: 0, unchanged: 3, kept: 0, fieldsAdded: 0, skipped: [], backupFile: null });
    expect(getSongs(there.db)).toHaveLength(3);
  });

  it('writes CSV a spreadsheet opens safely: quoted commas, quotes and line breaks, formulas kept as text, a column per custom field', async () => {
    const { core: here } = await libraryWithSongs();
    const file = await call<LibraryExportFile>(here, 'library:export', { format: 'csv' });
    const lines = file.content.split('\r\n');
    expect(lines[0]).toBe('id,name,status,priority,tier,tempo,key,time signature,tags,notes,audio file,project,daw,daw version,hidden,modified,Mood');
    expect(file.content).toContain(',Night Drive,Backlog,Medium,C,92,A minor,,demo; synth,"Verse, ""needs"" work\nbridge",');
    expect(file.content).toContain(`,"'=HYPERLINK(""http://x"")",Mixing,`);
    expect(file.songs).toBe(3);
  });

  it('exports a view as the page shows it: its search narrows it, hidden songs stay out', async () => {
    const { core: here } = await libraryWithSongs();
    const file = await call<LibraryExportFile>(here, 'library:export', { format: 'json', query: { search: 'night' } });
    expect(file.fileName).toMatch(/^Songshelf view /);
    expect((JSON.parse(file.content) as LibraryDocument).songs.map((song) => song.name)).toEqual(['Night Drive']);
  });

  it('refuses a file that is not a library export, and changes nothing', async () => {
    const here = await core();
    for (const json of ['not json', '{"format":"something-else","version":1,"songs":[]}', '{"format":"songshelf-library","version":2,"songs":[]}', '[]']) {
      const result = await importDocumentEnvelope(here, json);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toBe('This file is not a Songshelf library export.');
    }
    expect(getSongs(here.db)).toHaveLength(0);
  });

  it('skips each entry that does not check out, naming it, and imports the rest', async () => {
    const here = await core();
    const good = { id: '01a20d87-265f-73c1-bba7-d5b791c71525', name: 'Good Song', status: 'Done' };
    const document = {
      format: 'songshelf-library',
      version: 1,
      fields: [{ id: '01a20d87-265f-73c1-bba7-d5b791c71599', name: 'Bad field', type: 'script' }],
      songs: [
        good,
        { id: '../../etc/passwd', name: 'Bad id' },
        { id: '01a20d87-265f-73c1-bba7-d5b791c71526', name: 'Bad status', status: 'Shipped' },
        { id: '01a20d87-265f-73c1-bba7-d5b791c71527', name: 'x'.repeat(10_000) },
        { id: '01a20d87-265f-73c1-bba7-d5b791c71528' },
        { id: '01a20d87-265f-73c1-bba7-d5b791c71529', name: 'Unknown field value', custom: { '01a20d87-265f-73c1-bba7-d5b791c71598': 'x' } },
        'a string',
      ],
    };
    const report = await importDocument(here, JSON.stringify(document));
    expect(report.added).toBe(2);
    expect(report.fieldsAdded).toBe(0);
    expect(report.skipped.map((skip) => skip.index)).toEqual([1, 2, 3, 4, 6]);
    expect(report.skipped.find((skip) => skip.index === 4)?.reason).toBe('a new song needs a name');
    const names = getSongs(here.db).map((song) => song.name).sort();
    expect(names).toEqual(['Good Song', 'Unknown field value']);
    // A value for a field this library does not have is left out, not kept as an orphan.
    expect(getSongs(here.db).find((song) => song.name === 'Unknown field value')?.custom).toEqual({});
  });

  it('matches a song of another computer by the project it came from when the ids differ', async () => {
    const here = await core();
    const scanned = await call<Song>(here, 'db:add-song', { name: 'Scanned Here', projectPath: '/Music/Live/Song Project/Song.als', source: 'directory' });
    const document = { format: 'songshelf-library', version: 1, songs: [{ id: '01a20d87-265f-73c1-bba7-d5b791c71530', name: 'Song', projectPath: '/Music/Live/Song Project/Song.als', status: 'Mastering', notes: 'from the laptop' }] };
    const report = await importDocument(here, JSON.stringify(document));
    expect(report).toMatchObject({ added: 0, updated: 1 });
    expect(getSongs(here.db)).toEqual([expect.objectContaining({ id: scanned.id, status: 'Mastering', notes: 'from the laptop' })]);
  });
});
