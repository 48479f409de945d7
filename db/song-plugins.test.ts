// The plug-ins each song needs, as `song_plugins` keeps them from `meta.plugins` (migration 0016), and
// `plugin:` in the search box (issue 31).
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songQuerySchema, type Filter } from '../common/views/query';
import type { JsonValue } from '../common/bridge/schema-parts';
import { summarisePlugins } from '../common/projects/plugins';
import { parseSearch } from '../common/views/search-syntax';
import type { Song } from '../common/songs/song';
import { matchesFilter } from '../common/views/view-rules';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from './connection';
import { replaceInstalledPlugins } from './repositories/installed-plugins';
import { listPlugins } from './repositories/plugins';
import { addSong, deleteSongsForGood, getSong, getSongs } from './repositories/songs';
import { rewriteSongs } from './repositories/song-writer';
import { querySongs } from './song-query';
import { MIGRATIONS_FOLDER, olderDatabase, openTestDatabase, tempDir } from './test-support';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

function withPlugins(name: string, plugins: JsonValue): Song {
  const song = addSong(db, { name });
  const next = { ...song, meta: { ...song.meta, plugins } };
  rewriteSongs(db, [next], null);
  return next;
}

const rows = () => db.sqlite.prepare('SELECT song_seq AS seq, name, format, instances FROM song_plugins ORDER BY song_seq, name, format').all();
const search = (text: string) => querySongs(db, songQuerySchema.parse({ search: text, sort: { column: 'name', direction: 'Ascending' } })).rows.map((song) => song.name);

describe('song_plugins', () => {
  it('follows each song’s meta.plugins through insert, rewrite and removal', () => {
    const serum = { name: 'Serum', format: 'VST2', instances: 3 };
    const proQ = { name: 'FF Pro-Q 3', format: 'AU', instances: 1 };
    const a = withPlugins('A', [serum, proQ]);
    withPlugins('B', [{ ...serum, instances: 1 }]);
    expect(rows()).toHaveLength(3);

    // A new read of A's project: Serum gone, Pro-Q twice.
    rewriteSongs(db, [{ ...a, meta: { ...a.meta, plugins: [{ ...proQ, instances: 2 }] } }], null);
    const seqOfA = (db.sqlite.prepare('SELECT seq FROM songs WHERE id = ?').pluck().get(a.id) as number);
    expect(rows().filter((row) => (row as { seq: number }).seq === seqOfA)).toEqual([{ seq: seqOfA, name: 'FF Pro-Q 3', format: 'AU', instances: 2 }]);

    deleteSongsForGood(db, [getSong(db, a.id) as Song]);
    expect(rows()).toEqual([expect.objectContaining({ name: 'Serum', instances: 1 })]);
  });

  it('keeps only well-formed entries of a meta.plugins from a file or the cloud, and still writes the song', () => {
    const song = withPlugins('Hostile', [
      { name: 'Good', format: 'VST3', instances: 1 },
      { name: '', format: 'VST3', instances: 1 },
      { name: 'No format', format: 'LV2', instances: 1 },
      { name: 'Half', format: 'AU', instances: 1.5 },
      { name: 'None', format: 'AU', instances: 0 },
      { name: 7, format: 'AU', instances: 1 },
      // Counts no song holds, which would overflow a sum.
      { name: 'Huge', format: 'AU', instances: 5e18 },
      { name: 'Huge', format: 'AU', instances: 100_001 },
      'Serum',
      null,
    ]);
    expect(getSong(db, song.id)?.name).toBe('Hostile');
    expect(rows()).toEqual([expect.objectContaining({ name: 'Good', format: 'VST3', instances: 1 })]);

    withPlugins('Not a list', { name: 'Serum', format: 'VST2', instances: 1 });
    withPlugins('Text', 'Serum');
    expect(rows()).toHaveLength(1);
  });

  it('keeps CLAP plug-ins as it keeps the other formats (issue 43)', () => {
    withPlugins('Clap song', [{ name: 'Surge XT', format: 'CLAP', instances: 2 }]);
    expect(rows()).toEqual([expect.objectContaining({ name: 'Surge XT', format: 'CLAP', instances: 2 })]);
    expect(search('plugin:"surge xt"')).toEqual(['Clap song']);
    replaceInstalledPlugins(db, [], []);
    expect(listPlugins(db)).toEqual([{ name: 'Surge XT', format: 'CLAP', songs: 1, instances: 2, installed: false }]);
    expect(search('missing:plugins')).toEqual(['Clap song']);
  });

  it('finds songs by plug-in with plugin: (the whole name, any case) and with the filter panel’s "contains"', () => {
    withPlugins('Bass song', [{ name: 'Serum', format: 'VST2', instances: 1 }]);
    withPlugins('EQ song', [{ name: 'FF Pro-Q 3', format: 'VST3', instances: 2 }, { name: 'Serum FX', format: 'VST3', instances: 1 }]);
    withPlugins('Plain', []);

    expect(search('plugin:"Serum"')).toEqual(['Bass song']);
    expect(search('plugin:serum')).toEqual(['Bass song']);
    expect(search('plugins:"ff pro-q 3"')).toEqual(['EQ song']);
    expect(search('plugin:"Pro-Q"')).toEqual([]);
    const contains = querySongs(db, songQuerySchema.parse({ filters: [{ op: 'contains', field: 'plugins', value: 'serum' }], sort: { column: 'name', direction: 'Ascending' } }));
    expect(contains.rows.map((song) => song.name)).toEqual(['Bass song', 'EQ song']);
    expect(contains.total).toBe(2);
  });

  it('means the same on the website, where views run in memory', () => {
    const song = withPlugins('Bass song', [{ name: 'Serum', format: 'VST2', instances: 1 }]);
    const [filter] = parseSearch('plugin:SERUM').filters as [Filter];
    expect(matchesFilter(song, filter)).toBe(true);
    expect(matchesFilter(song, { op: 'equals', field: 'plugins', value: 'Serum FX' })).toBe(false);
    expect(matchesFilter(song, { op: 'contains', field: 'plugins', value: 'rum' })).toBe(true);
  });
});

describe('plugins:list', () => {
  it('lists each plug-in and format once with its songs and instances, most used first, without hidden songs', () => {
    withPlugins('A', [{ name: 'Serum', format: 'VST2', instances: 3 }, { name: 'Diva', format: 'VST3', instances: 1 }]);
    withPlugins('B', [{ name: 'serum', format: 'VST2', instances: 1 }, { name: 'Serum', format: 'AU', instances: 1 }]);
    const hidden = withPlugins('C', [{ name: 'Only hidden', format: 'AU', instances: 1 }, { name: 'Diva', format: 'VST3', instances: 5 }]);
    rewriteSongs(db, [{ ...hidden, hidden: true }], null);

    const expected = [
      { name: 'Serum', format: 'VST2', songs: 2, instances: 4, installed: null },
      { name: 'Diva', format: 'VST3', songs: 1, instances: 1, installed: null },
      { name: 'Serum', format: 'AU', songs: 1, instances: 1, installed: null },
    ];
    expect(listPlugins(db)).toEqual(expected);
    // The website lists the same from its songs in memory.
    expect(summarisePlugins(getSongs(db))).toEqual(expected);
  });
});

// One fold for a plug-in's name (issue 44): SQLite folded ASCII only (NOCASE, lower()) and the website by Unicode, so
// "Öl Comp" and "öl comp" were two plug-ins on the computer and one on the website.
describe('the plug-in name key, one fold on the computer and on the website', () => {
  it('groups "Öl Comp" and "öl comp" as one plug-in, in SQLite and in memory alike', () => {
    withPlugins('Ölberg', [{ name: 'Öl Comp', format: 'VST3', instances: 1 }]);
    withPlugins('Upper', [{ name: 'öl comp', format: 'VST3', instances: 2 }]);
    const expected = [{ name: 'Öl Comp', format: 'VST3', songs: 2, instances: 3, installed: null }];
    expect(listPlugins(db)).toEqual(expected);
    expect(summarisePlugins(getSongs(db))).toEqual(expected);
  });

  it('lists a mixed library the same way on both: the same groups, spellings and order', () => {
    const mixed: [string, string[]][] = [
      ['A', ['Öl Comp', 'Serum', 'Ärger', 'Ｓｅｒｕｍ', 'Σigma']],
      ['B', ['öl comp', 'SERUM', 'ärger', 'σigma', 'Zebra']],
      // "Ö" written as O and a combining diaeresis (how a macOS file name may spell it) is the same letter.
      ['C', ['O\u0308L COMP', 'serum', 'Äpfel', 'zebra', 'Éclat']],
      ['D', ['éclat', 'ÉCLAT', 'Straße']],
    ];
    for (const [name, plugins] of mixed) withPlugins(name, plugins.map((plugin) => ({ name: plugin, format: 'VST3', instances: 1 })));
    const grouped = listPlugins(db);
    expect(grouped).toEqual(summarisePlugins(getSongs(db)));
    // By songs, then by the key's code points (SQLite's BINARY order); each shown in its smallest spelling.
    expect(grouped.map((plugin) => [plugin.name, plugin.songs])).toEqual([
      ['SERUM', 3],
      ['O\u0308L COMP', 3],
      ['Zebra', 2],
      ['Ärger', 2],
      ['ÉCLAT', 2],
      ['Σigma', 2],
      ['Straße', 1],
      ['Äpfel', 1],
    ]);
  });

  it('finds "Öl Comp" by plugin:"öl comp", with "contains" too, as the website does', () => {
    const song = withPlugins('Ölberg', [{ name: 'Öl Comp', format: 'VST3', instances: 1 }]);
    withPlugins('Upper', [{ name: 'öl comp', format: 'VST3', instances: 1 }]);
    expect(search('plugin:"öl comp"')).toEqual(['Upper', 'Ölberg']);
    expect(search('plugin:"ÖL COMP"')).toEqual(['Upper', 'Ölberg']);
    const contains = querySongs(db, songQuerySchema.parse({ filters: [{ op: 'contains', field: 'plugins', value: 'öl c' }], sort: { column: 'name', direction: 'Ascending' } }));
    expect(contains.rows.map((found) => found.name)).toEqual(['Upper', 'Ölberg']);
    expect(matchesFilter(song, { op: 'equals', field: 'plugins', value: 'öl comp' })).toBe(true);
    expect(matchesFilter(song, { op: 'contains', field: 'plugins', value: 'öl c' })).toBe(true);
  });

  it('knows an installed "öl comp" is the project’s "Öl Comp"', () => {
    withPlugins('Ölberg', [{ name: 'Öl Comp', format: 'VST3', instances: 1 }]);
    replaceInstalledPlugins(db, [{ format: 'VST3', path: '/Library/Audio/Plug-Ins/VST3/öl comp.vst3', names: ['öl comp'] }]);
    expect(listPlugins(db)).toEqual([expect.objectContaining({ name: 'Öl Comp', installed: true })]);
    expect(search('missing:plugins')).toEqual([]);
  });
});

describe('what is missing here', () => {
  it('calls a plug-in missing only where the last look read its format’s folders whole', () => {
    withPlugins('Needs both', [{ name: 'Serum', format: 'VST2', instances: 1 }, { name: 'Diva', format: 'VST3', instances: 1 }]);
    const installed = () => Object.fromEntries(listPlugins(db).map((plugin) => [`${plugin.format} ${plugin.name}`, plugin.installed]));
    expect(installed()).toEqual({ 'VST2 Serum': null, 'VST3 Diva': null });
    expect(search('missing:plugins')).toEqual([]);

    // A VST3 folder could not be read whole: Diva may be there.
    replaceInstalledPlugins(db, [{ format: 'VST2', path: '/Library/Audio/Plug-Ins/VST/Serum.vst', names: ['Serum'] }], ['VST3']);
    expect(installed()).toEqual({ 'VST2 Serum': true, 'VST3 Diva': null });
    expect(search('missing:plugins')).toEqual([]);

    replaceInstalledPlugins(db, [{ format: 'VST2', path: '/Library/Audio/Plug-Ins/VST/Serum.vst', names: ['Serum'] }]);
    expect(installed()).toEqual({ 'VST2 Serum': true, 'VST3 Diva': false });
    expect(search('missing:plugins')).toEqual(['Needs both']);
  });
});

describe('migration 0016_song_plugins', () => {
  it('fills the table from the plug-ins of songs read before it', () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, 16);
    const insert = old.prepare(`INSERT INTO songs (id, name, meta, created_at, modified_at) VALUES (?, ?, ?, 1, 1)`);
    insert.run('read', 'Read', JSON.stringify({ daw: 'ableton', plugins: [{ name: 'Diva', format: 'VST3', instances: 2 }, { name: 'bad', format: 'X', instances: 1 }] }));
    insert.run('audio', 'Audio', JSON.stringify({ plugins: null }));
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    expect(current.sqlite.prepare('SELECT name, format, instances FROM song_plugins').all()).toEqual([{ name: 'Diva', format: 'VST3', instances: 2 }]);
    expect(querySongs(current, songQuerySchema.parse({ search: 'plugin:diva' })).rows.map((song) => song.id)).toEqual(['read']);
    current.close();
  });
});

describe('migration 0023_clap_plugins', () => {
  it('adds the CLAP plug-ins of songs read before it, which 0016 left out', () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, 23);
    const insert = old.prepare(`INSERT INTO songs (id, name, meta, created_at, modified_at) VALUES (?, ?, ?, 1, 1)`);
    insert.run('read', 'Read', JSON.stringify({ daw: 'reaper', plugins: [{ name: 'Diva', format: 'VST3', instances: 2 }, { name: 'Surge XT', format: 'CLAP', instances: 1 }] }));
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    expect(current.sqlite.prepare('SELECT name, format, instances FROM song_plugins ORDER BY name').all()).toEqual([
      { name: 'Diva', format: 'VST3', instances: 2 },
      { name: 'Surge XT', format: 'CLAP', instances: 1 },
    ]);
    current.close();
  });
});

describe('migration 0024_plugin_name_key', () => {
  it('gives the plug-ins of songs read before it, and those installed, their name keys', () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, 24);
    const insert = old.prepare(`INSERT INTO songs (id, name, meta, created_at, modified_at) VALUES (?, ?, ?, 1, 1)`);
    insert.run('olberg', 'Ölberg', JSON.stringify({ plugins: [{ name: 'Öl Comp', format: 'VST3', instances: 1 }, { name: 'Surge XT', format: 'CLAP', instances: 1 }] }));
    insert.run('upper', 'Upper', JSON.stringify({ plugins: [{ name: 'öl comp', format: 'VST3', instances: 2 }] }));
    old.prepare(`INSERT INTO installed_plugins (name, format, path) VALUES ('ÖL COMP', 'VST3', '/Library/Audio/Plug-Ins/VST3/Öl Comp.vst3')`).run();
    old.prepare(`INSERT INTO kv (key, value) VALUES ('plugins.installedLookedAt', '1')`).run();
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    expect(current.sqlite.prepare('SELECT name, name_key AS nameKey FROM song_plugins ORDER BY name').all()).toEqual([
      { name: 'Surge XT', nameKey: 'surge xt' },
      { name: 'Öl Comp', nameKey: 'öl comp' },
      { name: 'öl comp', nameKey: 'öl comp' },
    ]);
    expect(listPlugins(current)).toEqual([
      { name: 'Öl Comp', format: 'VST3', songs: 2, instances: 3, installed: true },
      { name: 'Surge XT', format: 'CLAP', songs: 1, instances: 1, installed: false },
    ]);
    current.close();
  });
});
