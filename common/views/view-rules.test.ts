import { describe, expect, it } from 'vitest';
import type { Song } from '../songs/song';
import { compareSongs, matchesFilter, songsOfView } from './view-rules';
import { plainSong } from '../songs/test-songs';

function song(name: string, fields: Partial<Song> = {}): Song {
  return plainSong({ id: name, name, ...fields });
}

describe('view rules in memory', () => {
  const songs = [
    song('Night Drive', { tempo: '124', status: 'Mixing', tags: ['EP 2'], priority: 'High' }),
    song('Blue Hour', { tempo: '90 BPM', status: 'Writing', tags: ['demo'], priority: 'Urgent' }),
    song('Echo', { tempo: '', status: 'Mixing', notes: 'needs a bridge', priority: 'Low', meta: { daw: 'ableton' } }),
    song('Gone', { hidden: true }),
  ];

  it('filters: equals and contains ignore case, range reads the BPM, has-tag matches a tag', () => {
    expect(songs.filter((s) => matchesFilter(s, { op: 'equals', field: 'status', value: 'mixing' })).map((s) => s.name)).toEqual(['Night Drive', 'Echo']);
    expect(songs.filter((s) => matchesFilter(s, { op: 'contains', field: 'notes', value: 'BRIDGE' })).map((s) => s.name)).toEqual(['Echo']);
    expect(songs.filter((s) => matchesFilter(s, { op: 'range', field: 'tempo', min: 85, max: 100 })).map((s) => s.name)).toEqual(['Blue Hour']);
    expect(songs.filter((s) => matchesFilter(s, { op: 'hasTag', field: 'tags', value: 'ep 2' })).map((s) => s.name)).toEqual(['Night Drive']);
    expect(songs.filter((s) => matchesFilter(s, { op: 'equals', field: 'daw', value: 'Ableton' })).map((s) => s.name)).toEqual(['Echo']);
  });

  it('sorts priority by its scale, tempo by number, and leaves hidden songs out', () => {
    expect([...songs].sort(compareSongs({ column: 'priority', direction: 'Descending' })).map((s) => s.name)).toEqual(['Blue Hour', 'Night Drive', 'Gone', 'Echo']);
    const byTempo = { type: 'custom' as const, activeFilters: [], sortConfig: { column: 'tempo' as const, direction: 'Ascending' as const } };
    expect(songsOfView(songs, { view: byTempo, search: '' }).map((s) => s.name)).toEqual(['Blue Hour', 'Night Drive', 'Echo']);
    expect(songsOfView(songs, { view: null, search: 'bridge' }).map((s) => s.name)).toEqual(['Echo']);
    expect(songsOfView(songs, { view: { ...byTempo, type: 'hidden' }, search: '' }).map((s) => s.name)).toEqual(['Gone']);
  });
});
