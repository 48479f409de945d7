/**
 * What the table and the song's panel say of a song's analysis beside its project (issues 18, 31, 46): where the
 * project and its bounce disagree on tempo or key, how they are related, whether the bounce is older than the
 * project's last save, and the second tempo reading a click may keep. The readings themselves are
 * `audio-analysis.ts`'s (`analysisOf`).
 */
import { isEdited, type EditTimes } from '../songs/song-edits';
import { canonicalKey, parseKey } from '../songs/music-keys';
import { tempoToBpm } from '../songs/tempo';
import { analysisOf, SAME_TEMPO, type SongAnalysis } from './audio-analysis';

export interface AnalysisNotes {
  /** "bounce at 87.5, project at 175: half-time" */
  tempo: string | null;
  /** "bounce in A minor, project says C major" */
  key: string | null;
  /** The bounce was written before the project's last save: it may not be the song as it is now. */
  stale: string | null;
}

/**
 * The other of two close readings of the song's tempo (issue 31: "87 | 174"), which one click makes the song's Tempo:
 * only while the Tempo shown is the analysis's first reading, the project states none and the user has not chosen.
 */
export function secondTempoReading(song: { tempo: string; editedAt: EditTimes; meta: Record<string, unknown> }): number | null {
  const analysis = analysisOf(song);
  if (analysis?.bpmAlternative === undefined || analysis.bpm === null) return null;
  if (typeof song.meta.tempo === 'number' || isEdited(song.editedAt, 'tempo')) return null;
  const shown = tempoToBpm(song.tempo);
  return shown !== null && Math.abs(shown - analysis.bpm) < 0.05 ? analysis.bpmAlternative : null;
}

/**
 * Where the project and its bounce disagree (issue 18). The project's own values (`meta.tempo`, `meta.key`, as its
 * reader found them) against what the analysis heard; the user's edits are theirs and are not questioned.
 */
export function analysisNotes(song: {
  meta: Record<string, unknown>;
  file: { modifiedTime: number | null } | null;
  recordingSession: { sessionModifiedTime: number | null } | null;
}): AnalysisNotes {
  const analysis = analysisOf(song);
  const notes: AnalysisNotes = { tempo: null, key: null, stale: null };
  if (!analysis) return notes;
  const projectTempo = typeof song.meta.tempo === 'number' && song.meta.tempo > 0 ? song.meta.tempo : null;
  if (analysis.bpm !== null && projectTempo !== null) notes.tempo = tempoNote(analysis.bpm, analysis, projectTempo);
  const projectKey = typeof song.meta.key === 'string' && song.meta.key !== '' ? song.meta.key : null;
  if (analysis.key !== null && projectKey !== null) notes.key = keyNote(analysis, projectKey);
  const bounced = song.file?.modifiedTime ?? null;
  const saved = song.recordingSession?.sessionModifiedTime ?? null;
  if (bounced !== null && saved !== null && bounced < saved) notes.stale = "bounce older than the project's last save";
  return notes;
}

/** A half-time or double-time feel is named; a tempo no octave of which the project supports is a disagreement. */
function tempoNote(bpm: number, analysis: Pick<SongAnalysis, 'heardBpm' | 'feel'>, project: number): string | null {
  const heard = analysis.heardBpm ?? bpm;
  if (analysis.feel) return `bounce at ${round1(heard)}, project at ${round1(project)}: ${analysis.feel}`;
  if (Math.abs(bpm - project) <= SAME_TEMPO * project) return null;
  return `bounce at ${round1(heard)}, project at ${round1(project)}`;
}

/**
 * The key heard against the project's (issue 46, as the tempo is): the same key says nothing; the project's key as
 * the analysis's second reading is named as such; a key next to the project's (its relative, parallel, a fifth
 * away) is named by how it is related; another is a disagreement.
 */
function keyNote(analysis: Pick<SongAnalysis, 'key' | 'heardKey'>, projectText: string): string | null {
  const project = canonicalKey(projectText) ?? projectText;
  if (analysis.heardKey !== undefined) return `bounce in ${analysis.heardKey} or ${analysis.key}, project says ${analysis.key}`;
  if (analysis.key === project) return null;
  const relation = keyRelation(analysis.key ?? '', project);
  return `bounce in ${analysis.key}${relation ? ` (the ${relation})` : ''}, project says ${project}`;
}

/** How `heard` is related to `project`: as the MIREX key score names the near misses. */
function keyRelation(heardText: string, projectText: string): string | null {
  const heard = parseKey(heardText);
  const project = parseKey(projectText);
  if (!heard || !project) return null;
  const interval = (heard.pitchClass - project.pitchClass + 12) % 12;
  if (heard.mode === project.mode) return interval === 7 ? 'dominant' : interval === 5 ? 'subdominant' : null;
  if (interval === 0) return 'parallel';
  return (project.mode === 'major' ? interval === 9 : interval === 3) ? 'relative' : null;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
