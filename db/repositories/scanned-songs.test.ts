import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatTempo, type ProjectMeta } from '../../common/projects/project-meta';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import type { Song } from '../../common/songs/song';
import { applyScanPatches, clearStaleProcessingFlags, mergeAudioAnalysis, mergeProjectMeta, scanStateOfDirectory } from './scanned-songs';
import { insertSongs } from './song-writer';
import { addSong, buildSong, getSong, updateSong } from './songs';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

const file = (value: string) => ({ value, localPath: value, fileName: value.split('/').at(-1) ?? value, modifiedTime: 1 });

describe('scan writes', () => {
  it('a patch planned before the user edited a field leaves that field as the user set it', () => {
    const song = addSong(db, { name: 'Tape', source: 'directory', projectPath: '/m/Tape', file: file('/m/Tape/old.wav') });
    const planned = { id: song.id, set: { file: file('/m/Tape/new bounce.wav'), name: 'Tape' }, projectMissing: false };
    // The user links another bounce while the scan is still running.
    updateSong(db, song.id, { file: file('/elsewhere/master.wav') });
    applyScanPatches(db, [planned]);
    expect(getSong(db, song.id)?.file?.value).toBe('/elsewhere/master.wav');
  });

  it('marks a song missing and clears the mark when it is found again', () => {
    const song = addSong(db, { name: 'Gone', source: 'directory', projectPath: '/m/Gone' });
    applyScanPatches(db, [{ id: song.id, set: {}, projectMissing: true }]);
    expect(scanStateOfDirectory(db, '/m').get('/m/Gone')?.projectMissing).toBe(true);
    applyScanPatches(db, [{ id: song.id, set: {}, projectMissing: false }]);
    expect(getSong(db, song.id)?.meta).not.toHaveProperty('projectMissing');
  });

  it('fills tempo, key and signature from the project except where the user edited them', () => {
    const song = updateSong(db, addSong(db, { name: 'Mine' }).id, { key: 'F# minor' });
    const meta: ProjectMeta = {
      daw: 'ableton', dawVersion: 'Ableton Live 12.1', tempo: 119.999992, tempoAutomated: false, timeSignature: '6/8',
      key: 'C major', sampleRate: null, trackCount: 4, tracks: [], samples: [], missingSamples: [],
    };
    expect(mergeProjectMeta(song, meta, 5)).toMatchObject({ tempo: '120', timeSignature: '6/8', key: 'F# minor', meta: { tempo: 119.999992, daw: 'ableton' } });
  });

  it('keeps the project’s title, artist and genre in meta only, never as the song’s name, and clears them when a read has none', () => {
    const song = addSong(db, { name: 'Tape 3' });
    const meta: ProjectMeta = {
      daw: 'studioone', dawVersion: 'Studio One/6.5', tempo: null, tempoAutomated: false, timeSignature: null, key: null,
      sampleRate: null, trackCount: 0, tracks: [], samples: [], missingSamples: [], credits: { title: 'Night Drive', artist: 'Ana', genre: '' },
    };
    const read = mergeProjectMeta(song, meta, 5);
    expect(read).toMatchObject({ name: 'Tape 3', notes: '', meta: { credits: { title: 'Night Drive', artist: 'Ana' } } });
    const { credits: _none, ...without } = meta;
    expect(mergeProjectMeta(read, without, 6).meta.credits).toBeNull();
  });

  it('keeps which values the reader found by pattern (Bitwig’s tempo), so the song says so; a later read without clears it', () => {
    const song = addSong(db, { name: 'Loop' });
    const meta: ProjectMeta = {
      daw: 'bitwig', dawVersion: 'Bitwig Studio 5.3', tempo: 128, tempoAutomated: false, timeSignature: null, key: null,
      sampleRate: null, trackCount: 2, tracks: [], samples: [], missingSamples: [], heuristic: ['tempo'],
    };
    const read = mergeProjectMeta(song, meta, 5);
    expect(read).toMatchObject({ tempo: '128', meta: { tempo: 128, heuristic: ['tempo'] } });
    const { heuristic: _none, ...stated } = meta;
    expect(mergeProjectMeta(read, stated, 6).meta.heuristic).toBeNull();
  });

  it.each([
    [119.999992, '120'],
    [99.5, '99.5'],
    [140, '140'],
    [87.1234, '87.12'],
  ])('shows the tempo %d as %s', (tempo, shown) => {
    expect(formatTempo(tempo)).toBe(shown);
  });
});

describe('processing flags', () => {
  it('clears a processing flag older than 2 minutes and keeps a fresh one', () => {
    const start = db.now();
    const [old, fresh] = [buildSong({ name: 'Old', source: 'directory', projectPath: '/m/Old' }, start), buildSong({ name: 'Fresh', source: 'directory', projectPath: '/m/Fresh' }, start + 60_000)].map(
      (song) => ({ ...song, isBeingProcessedByHandleNewProject: true }),
    ) as [Song, Song];
    insertSongs(db, [old, fresh]);
    expect(clearStaleProcessingFlags(db, start + 121_000)).toEqual([old.id]);
    expect(getSong(db, old.id)?.isBeingProcessedByHandleNewProject).toBe(false);
    expect(getSong(db, fresh.id)?.isBeingProcessedByHandleNewProject).toBe(true);
  });
});

describe('mergeAudioAnalysis', () => {
  const heardAt = 2_000_000;
  const analysis = { bpm: 126, key: 'A minor', lufs: -9 };

  it('keeps a song’s place under Modified when what was heard changes nothing the table shows (its project gave tempo and key)', () => {
    const song = { ...buildSong({ name: 'Project Song', tempo: '128', key: 'C major' }, 1_000_000), meta: { daw: 'ableton', tempo: 128, key: 'C major' } };
    const merged = mergeAudioAnalysis(song, analysis, { bpm: 126, key: 'A minor' }, heardAt);
    expect(merged).toMatchObject({ tempo: '128', key: 'C major', modifiedAt: 1_000_000 });
    expect(merged.meta.analysis).toEqual(analysis);
  });

  it('moves a song up when the heard tempo or key fills a value the table shows (loose audio)', () => {
    const song = buildSong({ name: 'Loose Bounce' }, 1_000_000);
    expect(mergeAudioAnalysis(song, analysis, { bpm: 126, key: null }, heardAt)).toMatchObject({ tempo: '126', key: '', modifiedAt: heardAt });
    // Heard again, the same values: nothing moves.
    const filled = mergeAudioAnalysis(song, analysis, { bpm: 126, key: null }, heardAt);
    expect(mergeAudioAnalysis(filled, analysis, { bpm: 126, key: null }, heardAt + 5000).modifiedAt).toBe(heardAt);
  });
});
