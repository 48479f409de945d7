/**
 * What changed from one version of a project to the next (issue 19), from what the readers found in each file:
 * tempo and its automation, signature, key, tracks (by id where Live gives ids, so a rename is a rename; by name
 * for Pro Tools; Logic gives only a count), Live's devices and plug-ins (the other DAWs' plug-ins, where they list
 * no devices), clip count and arrangement length, samples (by path) and which of them went missing or came back. A
 * version that changed none of these is marked "no musical change" (a save that only moved the view). The DAW's
 * version is told, but it is not music.
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
  'tracks-renamed': 'Renamed',
  'track-count': 'Tracks',
  'devices-added': 'Devices added',
  'devices-removed': 'Devices removed',
  'plugins-added': 'Plug-ins added',
  'plugins-removed': 'Plug-ins removed',
  'clip-count': 'Clips',
  length: 'Length',
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

  const byId = trackIdsOf(before) && trackIdsOf(after) ? trackDifferenceById(before, after) : null;
  if (byId) {
    if (byId.added.length > 0) add('tracks-added', names(byId.added));
    if (byId.removed.length > 0) add('tracks-removed', names(byId.removed));
    if (byId.renamed.length > 0) add('tracks-renamed', names(byId.renamed));
  } else if (before.tracks.length > 0 || after.tracks.length > 0) {
    const { added, removed } = listDifference(before.tracks, after.tracks);
    if (added.length > 0) add('tracks-added', names(added));
    if (removed.length > 0) add('tracks-removed', names(removed));
  } else if (before.trackCount !== after.trackCount) {
    add('track-count', `${before.trackCount ?? '?'} → ${after.trackCount ?? '?'} tracks`);
  }

  if (before.devices && after.devices) {
    const devices = listDifference(before.devices, after.devices);
    if (devices.added.length > 0) add('devices-added', names(devices.added));
    if (devices.removed.length > 0) add('devices-removed', names(devices.removed));
  } else if (before.plugins && after.plugins) {
    // The formats that list no devices (every DAW but Live, whose devices name its plug-ins already): a plug-in the
    // project loads now and did not before, by name, however many instances.
    const plugins = listDifference(pluginNames(before), pluginNames(after));
    if (plugins.added.length > 0) add('plugins-added', names(plugins.added));
    if (plugins.removed.length > 0) add('plugins-removed', names(plugins.removed));
  }
  if (before.clipCount !== undefined && after.clipCount !== undefined && before.clipCount !== after.clipCount) {
    add('clip-count', `${before.clipCount} → ${after.clipCount} clips`);
  }
  if (before.arrangementBeats !== undefined && after.arrangementBeats !== undefined && before.arrangementBeats !== after.arrangementBeats) {
    add('length', `${barsText(before.arrangementBeats, before.timeSignature)} → ${barsText(after.arrangementBeats, after.timeSignature)}`);
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

/** A version's track ids when every track has one, unique (else its tracks are compared by name). */
function trackIdsOf(meta: ProjectMeta): string[] | null {
  const ids = meta.trackIds;
  if (!ids || ids.length !== meta.tracks.length || ids.some((id) => id === '')) return null;
  return new Set(ids).size === ids.length ? ids : null;
}

/** Tracks matched by id: a track that kept its id and changed its name is renamed ("Bass → Sub Bass"). */
function trackDifferenceById(before: ProjectMeta, after: ProjectMeta): { added: string[]; removed: string[]; renamed: string[] } {
  const named = (meta: ProjectMeta) => new Map((meta.trackIds ?? []).map((id, index) => [id, meta.tracks[index] ?? '']));
  const was = named(before);
  const is = named(after);
  const added = [...is].filter(([id]) => !was.has(id)).map(([, name]) => name);
  const removed = [...was].filter(([id]) => !is.has(id)).map(([, name]) => name);
  const renamed = [...is].flatMap(([id, name]) => {
    const old = was.get(id);
    return old !== undefined && old !== name ? [`${old} → ${name}`] : [];
  });
  return { added, removed, renamed };
}

/** 288 beats in 4/4 -> "72 bars"; no clips -> "empty". A bar holds numerator x (4 / denominator) beats. */
export function barsText(beats: number | null, timeSignature: string | null): string {
  if (beats === null) return 'empty';
  const [numerator, denominator] = (timeSignature ?? '4/4').split('/').map(Number);
  const perBar = numerator && denominator ? (numerator * 4) / denominator : 4;
  const bars = Math.round((beats / perBar) * 10) / 10;
  return `${bars} ${bars === 1 ? 'bar' : 'bars'}`;
}

/** "EQ Eight ×7, Serum, OTT ×2": each device once, with how many times the set uses it, most used first. */
export function deviceSummary(devices: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const device of devices) counts.set(device, (counts.get(device) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([device, count]) => (count > 1 ? `${device} ×${count}` : device))
    .join(', ');
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

/** Each plug-in's name once, in the order the project lists them. */
function pluginNames(meta: ProjectMeta): string[] {
  return [...new Set((meta.plugins ?? []).map((plugin) => plugin.name))];
}

function names(items: string[]): string {
  const shown = items.slice(0, NAMES_SHOWN).join(', ');
  return items.length > NAMES_SHOWN ? `${shown} and ${items.length - NAMES_SHOWN} more` : shown;
}

function fileName(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || filePath;
}
