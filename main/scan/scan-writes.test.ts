// A first scan's songs are written before their full-text index is built (issue 45), so a search typed meanwhile
// finds none of them. When the index is built the pages must read again: the build tells every song as changed.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../common/bridge/change-set';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong } from '../../db/repositories/songs';
import type { OpenedDatabase } from '../../db/connection';
import { openTestDatabase } from '../../db/test-support';
import { noPhases, withSongIndexes } from './scan-writes';

let db: OpenedDatabase | null = null;
afterEach(() => db?.close());

describe('a first scan into an empty library', () => {
  it('tells every song as changed once its indexes are built, after the songs it wrote named themselves', async () => {
    db = openTestDatabase();
    const opened = db;
    const told: ChangeSet[] = [];
    opened.changes.onBackground((changes) => told.push(changes));
    const phases = noPhases();
    await withSongIndexes(opened, true, phases, async () => {
      const songs = ['Night Drive', 'Night Swim'].map((name) => buildSong({ name, source: 'directory', projectPath: `/music/${name}` }, opened.now()));
      inTransaction(opened, () => insertSongs(opened, songs));
    });
    // Before the indexes are back: the insert, naming its two songs (the deferral's and the build's notes are kv).
    const written = told.findIndex((changes) => changes.rowsOf('songs')?.length === 2);
    expect(written).toBeGreaterThanOrEqual(0);
    const last = told.at(-1);
    expect(told.indexOf(last!)).toBeGreaterThan(written);
    expect(last?.tables).toEqual(['songs']);
    expect(last?.rowsOf('songs')).toBeNull();
    expect(last?.fieldsOf('songs')).toBeNull();
  });

  it('tells nothing more for a library that had songs (its indexes were kept)', async () => {
    db = openTestDatabase();
    const opened = db;
    inTransaction(opened, () => insertSongs(opened, [buildSong({ name: 'Old Song', source: 'directory', projectPath: '/music/Old Song' }, opened.now())]));
    const told: ChangeSet[] = [];
    opened.changes.onBackground((changes) => told.push(changes));
    await withSongIndexes(opened, true, noPhases(), async () => {});
    expect(told).toEqual([]);
  });
});
