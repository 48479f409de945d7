// One rule in two homes (issue 20): the website answers a view's songs in memory (`common/views/view-rules.ts`), the app
// in SQLite (`song-query.ts`). Over one generated library, every search and sort below must find the same songs in
// the same order in both, so a view means the same on the web as on the computer.
import { beforeAll, describe, expect, it } from 'vitest';
import { songQuerySchema, type Filter, type SortConfig } from '../common/views/query';
import type { JsonValue } from '../common/bridge/schema-parts';
import type { Song } from '../common/songs/song';
import { songsOfView } from '../common/views/view-rules';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { insertSongs } from './repositories/song-writer';
import { buildSong, getSongs } from './repositories/songs';
import { getViews } from './repositories/views';
import { querySongs } from './song-query';
import { openTestDatabase, testClock } from './test-support';

let db: OpenedDatabase;
let library: Song[];

/** A small deterministic generator: the same library every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

beforeAll(() => {
  const clock = testClock();
  db = openTestDatabase(clock);
  const next = random(20);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const words = ['night', 'blue', 'harbour', 'echo', 'paper', 'moon', 'drive', 'lights', 'river', 'glass'];
  const songs = Array.from({ length: 300 }, (_, i) => {
    clock.advance(1000 + Math.floor(next() * 5000));
    const heard = next() < 0.6;
    const meta: Record<string, JsonValue> = {
      ...(next() < 0.7 ? { daw: pick(['ableton', 'logic', 'protools']) } : {}),
      ...(heard ? { analysis: { bpm: Math.round((70 + next() * 110) * 10) / 10, bpmConfidence: 0.9, key: pick(['A minor', 'C major', 'F# minor', 'Eb major']), keyConfidence: 0.8, lufs: Math.round(-6 - next() * 18), loudnessRange: 5, truePeak: -1, durationS: 60 + Math.floor(next() * 300), overview: [], version: 1 } } : {}),
    };
    const song = buildSong(
      {
        name: `${pick(words)} ${pick(words)} ${i}`,
        tempo: pick(['', '', '90', '120', '124', '128 BPM', '140', '87.5', '174']),
        key: pick(['', 'Am', 'A minor', 'C major', 'C', 'F#m', 'Eb major', 'D minor']),
        timeSignature: pick(['', '4/4', '3/4', '6/8']),
        status: pick(['Backlog', 'Writing', 'Mixing', 'Mastering', 'Done']),
        priority: pick(['Low', 'Medium', 'High', 'Urgent']),
        tier: pick(['S', 'A', 'B', 'C']),
        tags: next() < 0.5 ? [pick(['EP 2', 'demo', 'club', 'Live set'])] : [],
        notes: next() < 0.3 ? `needs a ${pick(['bridge', 'vocal', 'master'])}` : '',
      },
      clock.now(),
    );
    return { ...song, meta, hidden: next() < 0.1 };
  });
  inTransaction(db, () => insertSongs(db, songs));
  library = getSongs(db, { includeHidden: true });
});

const SEARCHES = ['', 'night', 'key:Am', 'key:c', 'bpm:120-128', 'bpm:-100', 'tempo:128', 'audiobpm:80..120', 'audiokey:"F# minor"', 'lufs:-14..-8', 'duration:120..', 'status:mix', 'priority:urgent', 'tier:s', 'tag:"ep 2"', 'daw:live', 'daw:"pro tools" blue', 'notes:bridge', 'bpm:120- key:am moon',
  // Words with several lists the filter row answers, read from their smallest side (db/intersection-plan.ts): the
  // words, the audio key, the loudness; and with a tag, which is merged as before.
  'night daw:logic lufs:-20..', 'e audiokey:am duration:100.. daw:ableton', 'e lufs:-7.. bpm:90- missing:false', 'moon lufs:-18.. daw:protools tag:"ep 2"'];
const SORTS: (SortConfig | undefined)[] = [undefined, { column: 'name', direction: 'Ascending' }, { column: 'tempo', direction: 'Descending' }, { column: 'priority', direction: 'Descending' }, { column: 'status', direction: 'Ascending' }, { column: 'lufs', direction: 'Ascending' }];

/** What decides a song's place under a sort: ties (equal keys) may fall either way in the two homes. */
function sortKey(song: Song, sort: SortConfig | undefined): string {
  if (!sort) return String(song.modifiedAt);
  const value = sort.column === 'lufs' ? ((song.meta.analysis as { lufs?: number } | undefined)?.lufs ?? '') : (song as unknown as Record<string, unknown>)[sort.column];
  return String(value ?? '');
}

describe('the website’s view rules agree with the app’s SQLite', () => {
  it.each(SEARCHES.flatMap((search) => SORTS.map((sort) => [search, sort] as const)))('search %j, sort %j', (search, sort) => {
    const inSqlite = querySongs(db, songQuerySchema.parse({ search, limit: 500, ...(sort ? { sort } : {}) })).rows;
    const inMemory = songsOfView(library, { view: null, search, sort });
    expect(inMemory.map((song) => song.id).sort()).toEqual(inSqlite.map((song) => song.id).sort());
    expect(inMemory.map((song) => sortKey(song, sort))).toEqual(inSqlite.map((song) => sortKey(song, sort)));
  });

  it('a view’s saved filters and Hidden agree too', () => {
    const filters: Filter[] = [{ op: 'range', field: 'bpm', min: 100 }, { op: 'equals', field: 'key', value: 'A minor' }];
    const inSqlite = querySongs(db, songQuerySchema.parse({ filters, limit: 500, sort: { column: 'name', direction: 'Ascending' } })).rows;
    const sort: SortConfig = { column: 'name', direction: 'Ascending' };
    expect(songsOfView(library, { view: null, search: '', filters, sort }).map((song) => song.id)).toEqual(inSqlite.map((song) => song.id));
    expect(inSqlite.length).toBeGreaterThan(3);

    const hidden = getViews(db).find((view) => view.type === 'hidden')!;
    const hiddenInSqlite = querySongs(db, songQuerySchema.parse({ viewId: hidden.id, limit: 500, sort })).rows;
    expect(songsOfView(library, { view: hidden, search: '', sort }).map((song) => song.id)).toEqual(hiddenInSqlite.map((song) => song.id));
    expect(hiddenInSqlite.length).toBeGreaterThan(5);
  });
});
