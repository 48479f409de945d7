import { describe, expect, it } from 'vitest';
import type { SongSource } from './song';
import { deleteOutcome, type DeleteOutcome } from './song-delete';

describe('deleteOutcome', () => {
  const cases: [source: SongSource, outcome: DeleteOutcome][] = [
    ['directory', 'hidden'],
    ['manual', 'deleted'],
  ];
  it.each(cases)('a song from %s is %s', (source, outcome) => {
    expect(deleteOutcome({ source })).toBe(outcome);
  });
});
