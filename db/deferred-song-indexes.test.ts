// A first scan's songs are written without the sort and full-text indexes, which are built after (issue 45). Nothing
// may be lost if the app stops in between: the next open builds them, and the full-text index ends as the songs are.
// Real database files in temp folders; the "crash" is the connection closed with the indexes still deferred.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from './connection';
import { deferSongIndexes, restoreSongIndexes, songIndexesDeferred } from './deferred-song-indexes';
import { songQuerySchema } from '../common/views/query';
import { queryShapes } from '../fixtures/query-shapes';
import { inTransaction } from './handle';
import { insertSongs } from './repositories/song-writer';
import { buildSong, updateSong } from './repositories/songs';
import { querySongs } from './song-query';
import { MIGRATIONS_FOLDER, tempDir, testClock } from './test-support';

function open(dir: string): OpenedDatabase {
  return openDatabase(path.join(dir, DATABASE_FILE_NAME), { migrationsFolder: MIGRATIONS_FOLDER, now: testClock().now });
}

/** The songs' indexes and triggers as SQLite holds them, by name. */
function schemaOfSongs(db: OpenedDatabase): string[] {
  return (db.sqlite.prepare("SELECT type || ' ' || name || ': ' || sql AS line FROM sqlite_master WHERE tbl_name = 'songs' AND sql IS NOT NULL ORDER BY name").all() as { line: string }[]).map((row) => row.line);
}

function addSongs(db: OpenedDatabase, names: string[]): string[] {
  const songs = names.map((name) => buildSong({ name, source: 'directory', projectPath: `/music/${name}` }, db.now()));
  inTransaction(db, () => insertSongs(db, songs));
  return songs.map((song) => song.id);
}

/** The songs the full-text index finds for a word, by name. */
function found(db: OpenedDatabase, word: string): string[] {
  return (db.sqlite.prepare('SELECT name FROM songs WHERE seq IN (SELECT rowid FROM songs_fts WHERE songs_fts MATCH ?) ORDER BY name').all(word) as { name: string }[]).map((row) => row.name);
}

function ftsRows(db: OpenedDatabase): number {
  return (db.sqlite.prepare('SELECT count(*) AS n FROM songs_fts').get() as { n: number }).n;
}

describe('the songs indexes a first scan defers', () => {
  it('are dropped for an empty library and built again as they were, the full-text index holding every song', () => {
    const db = open(tempDir());
    const before = schemaOfSongs(db);
    expect(deferSongIndexes(db)).toBe(true);
    expect(schemaOfSongs(db).length).toBeLessThan(before.length);
    addSongs(db, ['Night Drive', 'Morning Run', 'Night Swim']);
    expect(found(db, 'night')).toEqual([]);

    expect(restoreSongIndexes(db.sqlite)).toBe(true);
    expect(schemaOfSongs(db)).toEqual(before);
    expect(found(db, 'night')).toEqual(['Night Drive', 'Night Swim']);
    expect(ftsRows(db)).toBe(3);
    expect(songIndexesDeferred(db.sqlite)).toBe(false);
    db.close();
  });

  it('are kept by a library that already has songs', () => {
    const db = open(tempDir());
    addSongs(db, ['Night Drive']);
    const before = schemaOfSongs(db);
    expect(deferSongIndexes(db)).toBe(false);
    expect(schemaOfSongs(db)).toEqual(before);
    db.close();
  });

  it('are built by the next open when the app stopped in the middle of the scan', () => {
    const dir = tempDir();
    const first = open(dir);
    const before = schemaOfSongs(first);
    deferSongIndexes(first);
    addSongs(first, ['Night Drive', 'Morning Run']);
    first.close();

    const again = open(dir);
    expect(schemaOfSongs(again)).toEqual(before);
    expect(songIndexesDeferred(again.sqlite)).toBe(false);
    expect(found(again, 'drive')).toEqual(['Night Drive']);
    expect(ftsRows(again)).toBe(2);
    again.close();
  });

  it('end with the full-text index as the songs are after an edit made while deferred', () => {
    const db = open(tempDir());
    deferSongIndexes(db);
    const [drive] = addSongs(db, ['Night Drive', 'Morning Run', 'Evening Walk']);
    updateSong(db, drive as string, { name: 'Dawn Drive' });
    restoreSongIndexes(db.sqlite);
    expect(ftsRows(db)).toBe(3);
    expect(found(db, 'night')).toEqual([]);
    expect(found(db, 'dawn')).toEqual(['Dawn Drive']);
    db.close();
  });
});

describe('the songs a first scan is writing, searched and sorted meanwhile', () => {
  it('answers every query shape the library meets: no index a query names by hand is deferred', () => {
    const db = open(tempDir());
    expect(deferSongIndexes(db)).toBe(true);
    addSongs(db, ['Night Drive', 'Morning Run', 'Blue Hour']);
    const refused: string[] = [];
    for (const shape of queryShapes(3)) {
      try {
        querySongs(db, songQuerySchema.parse({ limit: 100, ...shape }));
      } catch (error) {
        refused.push(`${JSON.stringify(shape)}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
    restoreSongIndexes(db.sqlite);
    db.close();
  });
});
