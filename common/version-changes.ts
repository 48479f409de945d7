/**
 * What changed from one version of a project to the next (issue 19), from what the readers found in each file:
 * tempo and its automation, signature, key, tracks (by name: the readers give no ids; Logic gives only a count),
 * samples (by path) and which of them went missing or came back. A version that changed none of these is marked
 * "no musical change" (a save that only moved the view). The DAW's version is told, but it is not music.
 */
import type { ProjectMeta } from './project-meta';
import type { VersionChange } from './project-versions';

/** How a change is named before its detail, in the table and the song panel. */
const CHANGE_LABELS: Partial<Record<VersionChange['kind'], string>> = {
  tempo: 'Tempo',
  'tempo-automation': 'Tempo',
  'time-signature': 'Signature',
  key: 'Key',
  'tracks-added': 'Tracks added',
  'tracks-removed': 'Tracks removed',
  'track-count': 'Tracks',
  'samples-added': 'Samples added',
  'samples-removed': 'Samples removed',
  'samples-missing': 'Now missing',
  'samples-found': 'Found again',
  'daw-version': 'DAW',
};

/** "Tempo: 120 BPM → 126 BPM"; a change that is its own sentence ("no musical change", a read error) as it is. */
export function changeText(change: VersionChange): string {
  const label = CHANGE_LABELS[change.kind];
  return label ? `${label}: ${change.detail}` : change.detail;
}

/** Names listed in one change's detail before "and N more". */
const NAMES_SHOWN = 5;

export function versionChanges(before: ProjectMeta, after: ProjectMeta): VersionChange[] {
  const changes: VersionChange[] = [];
  const add = (kind: VersionChange['kind'], detail: string) => changes.push({ kind, detail });

  if (!sameTempo(before.tempo, after.tempo)) add('tempo', `${bpmText(before.tempo)} → ${bpmText(after.tempo)}`);
  if (before.tempoAutomated !== after.tempoAutomated) add('tempo-automation', after.tempoAutomated ? 'tempo changes added' : 'tempo changes removed');
  if (before.timeSignature !== after.timeSignature) add('time-signature', `${before.timeSignature ?? 'none'} → ${after.timeSignature ?? 'none'}`);
  if (before.key !== after.key) add('key', `${before.key ?? 'none'} → ${after.key ?? 'none'}`);

  if (before.tracks.length > 0 || after.tracks.length > 0) {
    const { added, removed } = listDifference(before.tracks, after.tracks);
    if (added.length > 0) add('tracks-added', names(added));
    if (removed.length > 0) add('tracks-removed', names(removed));
  } else if (before.trackCount !== after.trackCount) {
    add('track-count', `${before.trackCount ?? '?'} → ${after.trackCount ?? '?'} tracks`);
  }

  const samples = listDifference(before.samples, after.samples);
  if (samples.added.length > 0) add('samples-added', names(samples.added.map(fileName)));
  if (samples.removed.length > 0) add('samples-removed', names(samples.removed.map(fileName)));
  const wasMissing = new Set(before.missingSamples);
  const isMissing = new Set(after.missingSamples);
  const nowMissing = after.missingSamples.filter((sample) => !wasMissing.has(sample) && before.samples.includes(sample));
  const foundAgain = before.missingSamples.filter((sample) => !isMissing.has(sample) && after.samples.includes(sample));
  if (nowMissing.length > 0) add('samples-missing', names(nowMissing.map(fileName)));
  if (foundAgain.length > 0) add('samples-found', names(foundAgain.map(fileName)));

  if (changes.length === 0) add('no-musical-change', 'no musical change');
  if (before.dawVersion !== after.dawVersion && after.dawVersion !== null) add('daw-version', `saved by ${after.dawVersion}`);
  return changes;
}

/** Live stores float32 (119.999992): equal to a hundredth of a BPM is the same tempo. */
function sameTempo(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) < 0.005;
}

function bpmText(tempo: number | null): string {
  return tempo === null ? 'no tempo' : `${Math.round(tempo * 100) / 100} BPM`;
}

/** What `after` has that `before` has not, and the reverse, counting repeats (two tracks may share a name). */
function listDifference(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const counts = new Map<string, number>();
  for (const item of before) counts.set(item, (counts.get(item) ?? 0) + 1);
  const added: string[] = [];
  for (const item of after) {
    const left = counts.get(item) ?? 0;
    if (left > 0) counts.set(item, left - 1);
    else added.push(item);
  }
  const removed = [...counts.entries()].flatMap(([item, left]) => Array<string>(left).fill(item));
  return { added, removed };
}

function names(items: string[]): string {
  const shown = items.slice(0, NAMES_SHOWN).join(', ');
  return items.length > NAMES_SHOWN ? `${shown} and ${items.length - NAMES_SHOWN} more` : shown;
}

function fileName(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || filePath;
}
