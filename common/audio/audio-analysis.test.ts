import { describe, expect, it } from 'vitest';
import { analysisNotes, secondTempoReading } from './analysis-notes';
import { analysisOf, foldPeaks, formatDuration, storedAnalysis } from './audio-analysis';

const heard = { bpm: 87.5, bpmConfidence: 0.8, key: 'A minor', keyConfidence: 0.7, lufs: -9.2, loudnessRange: 5, truePeak: -0.4, durationS: 187.3, overview: [-10, 12], version: 2, fingerprint: 'f'.repeat(64) };

function song(meta: Record<string, unknown>, times: { bounced?: number; saved?: number } = {}) {
  return {
    meta,
    file: times.bounced === undefined ? null : { modifiedTime: times.bounced },
    recordingSession: times.saved === undefined ? null : { sessionModifiedTime: times.saved },
  };
}

describe('a song’s analysis, as the table reads it', () => {
  it('reads what the analysis stored', () => {
    expect(analysisOf(song({ analysis: heard }))).toEqual(heard);
  });

  it('a row from elsewhere (the cloud) is checked figure by figure: nothing strange reaches the table', () => {
    expect(analysisOf(song({}))).toBeNull();
    expect(analysisOf(song({ analysis: 'loud' }))).toBeNull();
    expect(analysisOf(song({ analysis: [] }))).toBeNull();
    expect(analysisOf(song({ analysis: { error: 'The audio could not be decoded.' } }))).toBeNull();
    const hostile = analysisOf(song({ analysis: { ...heard, bpm: '120; DROP TABLE', lufs: null, key: 'x'.repeat(500), overview: [1, 2, 999], truePeak: Infinity } }));
    expect(hostile).toMatchObject({ bpm: null, lufs: null, key: null, overview: [], truePeak: null, durationS: 187.3 });
  });

  it('keeps the overview in meta as text, two hex digits a value, and reads it back, as it reads the older array', () => {
    const overview = [-128, -1, 0, 1, 127, -10, 12, 99];
    const { fingerprint, ...analysis } = { ...heard, overview };
    const stored = storedAnalysis(analysis, fingerprint);
    expect(stored).toEqual({ ...heard, overview: '80ff00017ff60c63' });
    expect(analysisOf(song({ analysis: JSON.parse(JSON.stringify(stored)) }))).toEqual({ ...heard, overview });
    expect(analysisOf(song({ analysis: { ...heard, overview } }))?.overview).toEqual(overview);
    // As long as the table's waveform and no longer; hex digits in pairs, nothing else.
    for (const bad of ['0', '0g', 'ZZ', '00'.repeat(241), ' 00', '0x00']) {
      expect(analysisOf(song({ analysis: { ...heard, overview: bad } }))?.overview, bad).toEqual([]);
    }
    expect(analysisOf(song({ analysis: { ...heard, overview: '' } }))?.overview).toEqual([]);
  });

  it('formats a length as a musician reads it', () => {
    expect([formatDuration(187.3), formatDuration(59.6), formatDuration(3725), formatDuration(null), formatDuration(-1)]).toEqual(['3:07', '1:00', '1:02:05', '', '']);
  });

  it('folds peaks exactly: the min of the mins and the max of the maxes', () => {
    expect(foldPeaks([-1, 1, -5, 2, -3, 9, 0, 0], 2)).toEqual([-5, 2, -3, 9]);
    expect(foldPeaks(Int8Array.from([-1, 1]), 120)).toEqual([-1, 1]);
  });
});

describe('where a bounce and its project disagree', () => {
  it.each([
    [{ tempo: 175 }, 'bounce at 87.5, project at 175: half-time'],
    [{ tempo: 43.75 }, 'bounce at 87.5, project at 43.8: double-time'],
    [{ tempo: 120 }, 'bounce at 87.5, project at 120'],
    [{ tempo: 88 }, null],
    // A third of the project's tempo, or two thirds: a misreading the project settles, not a feel to name.
    [{ tempo: 262.5 }, null],
    [{ tempo: 131 }, null],
    [{}, null],
  ])('project %o: %s', (project, note) => {
    expect(analysisNotes(song({ ...project, analysis: heard })).tempo).toBe(note);
  });

  it.each([
    [175, { bpm: 175, heardBpm: 87.5, feel: 'half-time' }],
    [43.75, { bpm: 43.8, heardBpm: 87.5, feel: 'double-time' }],
    [262.5, { bpm: 262.5, heardBpm: 87.5 }],
    [131, { bpm: 131.3, heardBpm: 87.5 }],
    [86, { bpm: 87.5 }],
    [120, { bpm: 87.5 }],
  ])('gives the audio a project at %s asks for the octave the project supports: %o', (tempo, expected) => {
    const analysis = analysisOf(song({ tempo, analysis: heard }))!;
    expect({ bpm: analysis.bpm, heardBpm: analysis.heardBpm, feel: analysis.feel }).toEqual({ heardBpm: undefined, feel: undefined, ...expected });
  });

  it('names another key, and a bounce older than the project’s last save', () => {
    const notes = analysisNotes(song({ key: 'C major', analysis: heard }, { bounced: 1000, saved: 2000 }));
    expect(notes).toEqual({ tempo: null, key: 'bounce in A minor (the relative), project says C major', stale: "bounce older than the project's last save" });
    expect(analysisNotes(song({ key: 'A minor', analysis: heard }, { bounced: 3000, saved: 2000 }))).toEqual({ tempo: null, key: null, stale: null });
  });
});

describe('a key heard two ways, checked against the project’s as the tempo is (issue 46)', () => {
  const unsure = { ...heard, keyConfidence: 0.3, keyAlternative: 'C major' };

  it.each([
    ['C major', 'A minor (the relative)'],
    ['D minor', 'A minor (the dominant)'],
    ['E minor', 'A minor (the subdominant)'],
    ['A major', 'A minor (the parallel)'],
    ['F# major', 'A minor'],
  ])('names how the key heard is related to the project’s %s', (project, heardAs) => {
    expect(analysisNotes(song({ key: project, analysis: heard })).key).toBe(`bounce in ${heardAs}, project says ${project}`);
  });

  it('takes the project’s key where it is the second reading, and says it heard both', () => {
    const analysis = analysisOf(song({ key: 'C major', analysis: unsure }))!;
    expect({ key: analysis.key, heardKey: analysis.heardKey, keyAlternative: analysis.keyAlternative }).toEqual({ key: 'C major', heardKey: 'A minor', keyAlternative: 'A minor' });
    expect(analysisNotes(song({ key: 'C major', analysis: unsure })).key).toBe('bounce in A minor or C major, project says C major');
  });

  it('keeps its first reading where the project states another key or none, and reads the project’s spelling', () => {
    expect(analysisOf(song({ key: 'G major', analysis: unsure }))).toMatchObject({ key: 'A minor', keyAlternative: 'C major' });
    expect(analysisOf(song({ analysis: unsure }))?.heardKey).toBeUndefined();
    expect(analysisOf(song({ key: 'Cmaj', analysis: unsure }))?.key).toBe('C major');
    expect(analysisNotes(song({ key: 'Am', analysis: heard })).key).toBeNull();
  });

  it('takes a second key from meta only when it is one of the 24 keys', () => {
    expect(analysisOf(song({ analysis: { ...heard, keyAlternative: 'H major' } }))?.keyAlternative).toBeUndefined();
    expect(analysisOf(song({ analysis: { ...heard, keyAlternative: 7 } }))?.keyAlternative).toBeUndefined();
  });
});

describe('a compound beat heard as its quarter notes (issue 46)', () => {
  // A 6/8 typed at 90: its dotted-quarter beat at 60 is the second reading.
  const compound = { ...heard, bpm: 90, bpmAlternative: 60 };

  it('keeps the dotted-quarter beat as the second reading', () => {
    expect(analysisOf(song({ analysis: compound }))?.bpmAlternative).toBe(60);
  });

  it('takes the second reading where the project states it, and offers the first instead', () => {
    const analysis = analysisOf(song({ tempo: 60, analysis: compound }))!;
    expect({ bpm: analysis.bpm, heardBpm: analysis.heardBpm, bpmAlternative: analysis.bpmAlternative }).toEqual({ bpm: 60, heardBpm: 90, bpmAlternative: 90 });
    expect(analysisNotes(song({ tempo: 60, analysis: compound })).tempo).toBeNull();
    expect(analysisOf(song({ tempo: 90, analysis: compound }))).toMatchObject({ bpm: 90, bpmAlternative: 60 });
  });
});

describe('a tempo heard two ways (issue 31)', () => {
  const heard = { bpm: 87, bpmConfidence: 0.8, bpmAlternative: 174, key: null, keyConfidence: 0, lufs: -14, durationS: 120, overview: [] };
  const withTempo = (tempo: string, meta: Record<string, unknown> = {}, editedAt: Record<string, number> = {}) => ({ tempo, editedAt, meta: { analysis: heard, ...meta } });

  it('offers the other reading while the Tempo is the analysis’s first one', () => {
    expect(secondTempoReading(withTempo('87'))).toBe(174);
  });

  it('offers none once the user chose, where the project states a tempo, or where the Tempo is another', () => {
    expect(secondTempoReading(withTempo('174', {}, { tempo: 5 }))).toBeNull();
    expect(secondTempoReading(withTempo('87', {}, { tempo: 5 }))).toBeNull();
    expect(secondTempoReading(withTempo('87', { tempo: 87 }))).toBeNull();
    expect(secondTempoReading(withTempo('120'))).toBeNull();
  });

  it('takes a second reading from meta only when it is an octave or a compound beat from the first (meta comes from the cloud too)', () => {
    expect(analysisOf({ meta: { analysis: { ...heard, bpmAlternative: 43.5 } } })?.bpmAlternative).toBe(43.5);
    expect(analysisOf({ meta: { analysis: { ...heard, bpmAlternative: 120 } } })?.bpmAlternative).toBeUndefined();
    expect(analysisOf({ meta: { analysis: { ...heard, bpmAlternative: '174' } } })?.bpmAlternative).toBeUndefined();
    expect(secondTempoReading(withTempo('87', { analysis: { ...heard, bpmAlternative: 120 } }))).toBeNull();
  });
});
