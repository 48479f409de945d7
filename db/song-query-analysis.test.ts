// What the audio analysis heard (issue 18), as the table sorts, filters and searches it: `lufs:`, `peak:`,
// `duration:`, `audiobpm:`, `audiokey:`, and `bpm:` finding a tempo from either source.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songQuerySchema, type SongQuery } from '../common/views/query';
import type { JsonValue } from '../common/bridge/schema-parts';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { insertSongs } from './repositories/song-writer';
import { buildSong } from './repositories/songs';
import { querySongs } from './song-query';
import { openTestDatabase, testClock } from './test-support';

let db: OpenedDatabase;

const names = (query: SongQuery) => querySongs(db, songQuerySchema.parse(query)).rows.map((song) => song.name);

function analysis(bpm: number | null, key: string | null, lufs: number | null, truePeak: number | null, durationS: number): JsonValue {
  return { bpm, bpmConfidence: 0.9, key, keyConfidence: 0.8, lufs, loudnessRange: 5, truePeak, durationS, overview: [], version: 1 };
}

beforeEach(() => {
  const clock = testClock();
  db = openTestDatabase(clock);
  const songs: { name: string; tempo: string; meta: Record<string, JsonValue> }[] = [
    { name: 'loud', tempo: '', meta: { analysis: analysis(174, 'F# minor', -7.5, 0.4, 200) } },
    { name: 'club', tempo: '128', meta: { analysis: analysis(128, 'A minor', -9, -0.9, 360) } },
    { name: 'halftime', tempo: '175', meta: { analysis: analysis(87.5, 'Eb major', -14, -1.5, 180) } },
    { name: 'quiet', tempo: '90', meta: { analysis: analysis(90, 'C major', -23, -12, 95.5) } },
    { name: 'unheard', tempo: '120', meta: {} },
  ];
  inTransaction(db, () =>
    insertSongs(
      db,
      songs.map(({ meta, ...song }) => {
        clock.advance(1000);
        return { ...buildSong(song, clock.now()), meta };
      }),
    ),
  );
});
afterEach(() => db.close());

describe('what the analysis heard, in a query', () => {
  it.each([
    ['lufs:-14..-8', ['club', 'halftime']],
    ['lufs:..-20', ['quiet']],
    ['peak:-1..', ['club', 'loud']],
    ['duration:180..240', ['halftime', 'loud']],
    ['audiobpm:87.5', ['halftime']],
    ['audiokey:ebmaj', ['halftime']],
    ['audiokey:F#m', ['loud']],
    // Either source: "halftime" is 175 in its project and 87.5 in its bounce; "loud" has only its audio's tempo.
    ['bpm:170-180', ['halftime', 'loud']],
    ['bpm:85-90', ['halftime', 'quiet']],
    ['tempo:170-180', ['halftime']],
    ['bpm:120', ['unheard']],
  ])('%s', (search, expected) => {
    expect(names({ search, sort: { column: 'name', direction: 'Ascending' } })).toEqual(expected);
  });

  it.each([
    ['lufs', 'Ascending', ['quiet', 'halftime', 'club', 'loud', 'unheard']],
    ['lufs', 'Descending', ['loud', 'club', 'halftime', 'quiet', 'unheard']],
    ['audioBpm', 'Ascending', ['halftime', 'quiet', 'club', 'loud', 'unheard']],
    ['truePeak', 'Descending', ['loud', 'club', 'halftime', 'quiet', 'unheard']],
    ['durationS', 'Ascending', ['quiet', 'halftime', 'loud', 'club', 'unheard']],
    ['audioKey', 'Ascending', ['club', 'quiet', 'halftime', 'loud', 'unheard']],
  ] as const)('sorted by %s %s, the songs not heard come last', (column, direction, expected) => {
    expect(names({ sort: { column, direction } })).toEqual(expected);
  });
});

describe('a bounce heard at an octave of its project’s tempo (issue 31)', () => {
  it('is filtered and sorted at the project’s octave, as the table shows it', () => {
    const clock = testClock();
    const own = openTestDatabase(clock);
    inTransaction(own, () =>
      insertSongs(own, [{ ...buildSong({ name: 'felt half', tempo: '174' }, clock.now()), meta: { tempo: 174, analysis: analysis(87, null, -10, -1, 200) } }]),
    );
    const found = (search: string) => querySongs(own, songQuerySchema.parse({ search })).rows.map((song) => song.name);
    expect(found('audiobpm:170..180')).toEqual(['felt half']);
    expect(found('audiobpm:85..90')).toEqual([]);
    own.close();
  });
});
