/**
 * The table's columns: one per song field (spec section 3), the values read from projects (DAW, version), and
 * one per user-defined field. Each says how it reads, sorts and is edited; the table and the view settings
 * are built from this list, so a field is described in one place.
 */
import { analysisNotes } from '../../../common/audio/analysis-notes';
import { analysisOf, formatDuration } from '../../../common/audio/audio-analysis';
import { customFieldKey, type CustomField } from '../../../common/songs/custom-fields';
import { dawName } from '../../../common/projects/daws';
import { KEYS } from '../../../common/songs/music-keys';
import { TIME_SIGNATURES } from '../../../common/songs/music';
import { versionSummaryOf, versionSummaryText } from '../../../common/projects/project-versions';
import type { SortConfig } from '../../../common/views/query';
import { PRIORITIES, STATUSES, TIERS, type Song } from '../../../common/songs/song';
import { openCommentsOf } from '../../../common/cloud/shares';
import { activityOf, sinceText, type StoredActivity } from '../../../common/studio/studio-time';
import { missingHere, missingHereText, type PluginPresence } from '../plugins';

export type EditorKind =
  | { kind: 'text'; field: 'name' | 'tempo' }
  | { kind: 'select'; field: 'priority' | 'tier' | 'status' | 'key' | 'timeSignature'; options: readonly string[]; clearable: boolean }
  | { kind: 'tags' }
  | { kind: 'notes' }
  | { kind: 'file'; which: 'audio' | 'session' }
  | { kind: 'custom'; field: CustomField }
  | { kind: 'readonly' };

export interface Column {
  id: string;
  label: string;
  defaultWidth: number;
  /** The query field the header sorts by; null when the column cannot be sorted. */
  sortField: SortConfig['column'] | null;
  editor: EditorKind;
  /** The cell's text (also its tooltip and what tests read). */
  text(song: Song): string;
  numeric?: boolean;
  /** Shown only once the user ticks it in the view's columns. */
  hiddenByDefault?: true;
  /** Something the cell should tell besides its value (a bounce that disagrees with its project), or null. */
  note?(song: Song): string | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A figure with one decimal at most ("128", "87.5", "-9.1"); empty when unknown. */
function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(Math.round(value * 10) / 10);
}

function metaText(song: Song, key: string): string {
  const value = song.meta[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * The first eight are what a view shows until the user picks (issue 20): what Songshelf reads from the projects and
 * the song's state, all within 1440 px. Every other field is one tick away in the view's Columns.
 */
export const BUILT_IN_COLUMNS: readonly Column[] = [
  { id: 'name', label: 'Name', defaultWidth: 240, sortField: 'name', editor: { kind: 'text', field: 'name' }, text: (song) => song.name },
  { id: 'daw', label: 'DAW', defaultWidth: 96, sortField: 'daw', editor: { kind: 'readonly' }, text: (song) => dawName(song.meta.daw) },
  // A bounce whose tempo or key disagrees with its project says so here too (issue 18), where the user looks first.
  { id: 'tempo', label: 'Tempo', defaultWidth: 84, sortField: 'tempo', editor: { kind: 'text', field: 'tempo' }, text: (song) => song.tempo, numeric: true, note: (song) => analysisNotes(song).tempo },
  { id: 'key', label: 'Key', defaultWidth: 104, sortField: 'key', editor: { kind: 'select', field: 'key', options: KEYS, clearable: true }, text: (song) => song.key, note: (song) => analysisNotes(song).key },
  { id: 'timeSignature', label: 'Signature', defaultWidth: 100, sortField: 'timeSignature', editor: { kind: 'select', field: 'timeSignature', options: TIME_SIGNATURES, clearable: true }, text: (song) => song.timeSignature },
  { id: 'status', label: 'Status', defaultWidth: 110, sortField: 'status', editor: { kind: 'select', field: 'status', options: STATUSES, clearable: false }, text: (song) => song.status },
  { id: 'file', label: 'Audio', defaultWidth: 180, sortField: 'fileName', editor: { kind: 'file', which: 'audio' }, text: (song) => song.file?.fileName ?? '' },
  { id: 'modifiedAt', label: 'Modified', defaultWidth: 160, sortField: 'modifiedAt', editor: { kind: 'readonly' }, text: (song) => dateFormat.format(song.modifiedAt) },
  { id: 'priority', label: 'Priority', defaultWidth: 96, sortField: 'priority', editor: { kind: 'select', field: 'priority', options: PRIORITIES, clearable: false }, hiddenByDefault: true, text: (song) => song.priority },
  { id: 'tier', label: 'Tier', defaultWidth: 64, sortField: 'tier', editor: { kind: 'select', field: 'tier', options: TIERS, clearable: false }, hiddenByDefault: true, text: (song) => song.tier },
  { id: 'tags', label: 'Tags', defaultWidth: 180, sortField: 'tags', editor: { kind: 'tags' }, hiddenByDefault: true, text: (song) => song.tags.join(', ') },
  { id: 'notes', label: 'Notes', defaultWidth: 220, sortField: 'notes', editor: { kind: 'notes' }, hiddenByDefault: true, text: (song) => song.notes },
  // What the analysis heard in the song's audio (issue 18); a bounce that disagrees with its project says so.
  { id: 'audioBpm', label: 'BPM (audio)', defaultWidth: 112, sortField: 'audioBpm', editor: { kind: 'readonly' }, numeric: true, hiddenByDefault: true, text: (song) => numberText(analysisOf(song)?.bpm), note: (song) => analysisNotes(song).tempo },
  { id: 'audioKey', label: 'Key (audio)', defaultWidth: 104, sortField: 'audioKey', editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => analysisOf(song)?.key ?? '', note: (song) => analysisNotes(song).key },
  { id: 'lufs', label: 'LUFS', defaultWidth: 70, sortField: 'lufs', editor: { kind: 'readonly' }, numeric: true, hiddenByDefault: true, text: (song) => numberText(analysisOf(song)?.lufs), note: (song) => analysisNotes(song).stale },
  { id: 'waveform', label: 'Waveform', defaultWidth: 132, sortField: null, editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => (analysisOf(song)?.overview.length ? 'waveform' : '') },
  { id: 'truePeak', label: 'True peak', defaultWidth: 84, sortField: 'truePeak', editor: { kind: 'readonly' }, numeric: true, hiddenByDefault: true, text: (song) => numberText(analysisOf(song)?.truePeak) },
  { id: 'durationS', label: 'Duration', defaultWidth: 80, sortField: 'durationS', editor: { kind: 'readonly' }, numeric: true, hiddenByDefault: true, text: (song) => formatDuration(analysisOf(song)?.durationS) },
  { id: 'recordingSession', label: 'Recording session', defaultWidth: 180, sortField: null, editor: { kind: 'file', which: 'session' }, hiddenByDefault: true, text: (song) => song.recordingSession?.fileName ?? '' },
  { id: 'dawVersion', label: 'DAW version', defaultWidth: 170, sortField: null, editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => metaText(song, 'dawVersion') },
  // Issue 19: the versions the project keeps and what its last save changed; the song's panel shows them all.
  // Issue 32: when the song was last worked on, from its saves (sorts by it), with its weeks of work as a strip.
  { id: 'studioTime', label: 'Studio time', defaultWidth: 190, sortField: 'lastWorked', editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => studioTimeText(activityOf(song.meta)) },
  // Issue 33: its listeners' comments not yet resolved (sorts, and `comments:open` finds them).
  { id: 'comments', label: 'Comments', defaultWidth: 100, sortField: 'openComments', editor: { kind: 'readonly' }, numeric: true, hiddenByDefault: true, text: (song) => (openCommentsOf(song.meta) ? `${openCommentsOf(song.meta)} open` : '') },
  { id: 'versions', label: 'Versions', defaultWidth: 220, sortField: null, editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => versionSummaryText(versionSummaryOf(song.meta)) },
];

/** "3 days ago · 12.5 h": the Studio time column's words beside its strip. */
function studioTimeText(activity: StoredActivity | null): string {
  if (!activity || activity.lastWorked === null) return '';
  return `${sinceText(activity.lastWorked, Date.now())} · ${activity.hours} h`;
}

/**
 * Issue 31, "will it open here?": how many of the song's plug-ins are not installed on this computer and how many of
 * its samples are on no disk it can reach. Built with what this computer has (`usePluginPresence`); not sortable.
 * `missing:plugins` finds the songs whose plug-ins are missing.
 */
export function missingHereColumn(presence: PluginPresence): Column {
  return { id: 'missingHere', label: 'Missing here', defaultWidth: 150, sortField: null, editor: { kind: 'readonly' }, hiddenByDefault: true, text: (song) => missingHereText(missingHere(song, presence)) };
}

/** An input typed into the cell itself (the others open under the cell, which keeps showing its value). */
export function editsInPlace(column: Column): boolean {
  const editor = column.editor;
  if (editor.kind === 'text') return true;
  return editor.kind === 'custom' && (editor.field.type === 'text' || editor.field.type === 'number' || editor.field.type === 'date');
}

export function customColumn(field: CustomField): Column {
  const key = customFieldKey(field.id);
  return {
    id: key,
    label: field.name,
    defaultWidth: field.type === 'checkbox' ? 84 : field.type === 'multiSelect' ? 180 : 130,
    sortField: key,
    editor: { kind: 'custom', field },
    numeric: field.type === 'number',
    text: (song) => customValueText(song.custom[field.id]),
  };
}

export function customValueText(value: Song['custom'][string] | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (value === true) return '✓';
  if (value === false) return '';
  return typeof value === 'object' ? '' : String(value);
}

export interface ColumnLayout {
  columnOrder: string[];
  columnWidths: Record<string, number>;
  columnVisibility: Record<string, boolean>;
}

/** Every column in the view's order (columns it does not list follow in their default order). */
export function orderedColumns(all: readonly Column[], layout: ColumnLayout): Column[] {
  const byId = new Map(all.map((column) => [column.id, column]));
  const ordered = layout.columnOrder.flatMap((id) => byId.get(id) ?? []);
  const listed = new Set(ordered.map((column) => column.id));
  return [...ordered, ...all.filter((column) => !listed.has(column.id))];
}

/** A column the view ticked or unticked is as it says; otherwise it shows unless it is hidden by default. */
export function isColumnVisible(column: Column, layout: ColumnLayout): boolean {
  return layout.columnVisibility[column.id] ?? !column.hiddenByDefault;
}

export function visibleColumns(all: readonly Column[], layout: ColumnLayout): Column[] {
  return orderedColumns(all, layout).filter((column) => isColumnVisible(column, layout));
}

export function columnWidth(column: Column, layout: ColumnLayout): number {
  return layout.columnWidths[column.id] ?? column.defaultWidth;
}
