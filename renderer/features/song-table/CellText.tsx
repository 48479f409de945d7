/** What a cell shows when it is not being edited: its text, and for some columns a little more. */
import { secondTempoReading } from '../../../common/audio/analysis-notes';
import { analysisOf } from '../../../common/audio/audio-analysis';
import { dawBadge, dawName, isKnownDaw } from '../../../common/projects/daws';
import type { Song, SongPatch } from '../../../common/songs/song';
import { activityOf } from '../../../common/studio/studio-time';
import { Waveform } from '../ui/Waveform';
import { ActivityStrip } from '../studio';
import type { Column } from './columns';
import styles from './SongTable.module.css';

/**
 * The song's DAW as a small badge in its colour (the table's DAW column, the board's cards); nothing for audio. The
 * badge is short, as musicians call it (common/projects/daws.ts); the full name is its tooltip. A DAW this version does not
 * know reads "Other DAW".
 */
export function DawBadge({ song, title }: { song: Song; title?: string }) {
  const daw = song.meta.daw;
  const badge = dawBadge(daw);
  if (badge === null) return null;
  return (
    <span className={styles.daw} data-daw={isKnownDaw(daw) ? daw : 'other'} title={title ?? dawName(daw)}>
      {badge}
    </span>
  );
}

/**
 * `onOpen` opens the song's panel: a click on its name does (issue 20), as in a file browser. `onEdit` writes an edit
 * of the song, as its editors do: a tempo heard two ways ("87 | 174") keeps the other with one click (issue 31).
 */
export function CellText({ column, song, text, onOpen, onEdit }: { column: Column; song: Song; text: string; onOpen?: () => void; onEdit?: (patch: SongPatch) => void }) {
  if (column.id === 'tags' && song.tags.length > 0) {
    return (
      <span className={styles.tags}>
        {song.tags.map((tag) => (
          <span key={tag} className={styles.tag}>
            {tag}
          </span>
        ))}
      </span>
    );
  }
  if (column.id === 'waveform') {
    const overview = analysisOf(song)?.overview ?? [];
    return overview.length > 0 ? <Waveform peaks={overview} height={18} label={`Waveform of ${song.name}`} /> : <span className={styles.cellText}>—</span>;
  }
  if (column.id === 'studioTime' && text) {
    return (
      <span className={styles.studioCell}>
        <ActivityStrip activity={activityOf(song.meta)} weeks={16} height={14} now={Date.now()} />
        <span className={styles.cellText}>{text}</span>
      </span>
    );
  }
  if (column.id === 'daw' && text) return <DawBadge song={song} title={text} />;
  if (column.id === 'status') return <span className={styles.status} data-status={song.status}>{text}</span>;
  if (column.id === 'priority') return <span className={styles.priority} data-priority={song.priority}>{text}</span>;
  if (column.id === 'name' && song.hidden && song.removedBySyncAt !== undefined) {
    const on = new Date(song.removedBySyncAt).toLocaleDateString();
    return (
      <span className={styles.cellText}>
        {text}{' '}
        <span className={styles.missing} title={`Removed by sync on ${on}: deleted on another device. Restore it to keep it; otherwise it is deleted for good 30 days after.`}>
          removed by sync
        </span>
      </span>
    );
  }
  if (column.id === 'name' && song.meta.projectMissing === true) {
    return (
      <span className={styles.cellText}>
        {text} <span className={styles.missing}>missing</span>
      </span>
    );
  }
  const other = column.id === 'tempo' && onEdit ? secondTempoReading(song) : null;
  if (other !== null && onEdit) {
    return (
      <span className={styles.cellText} title={`Heard at ${text} or ${other} BPM: click ${other} to keep it`}>
        {text} <span className={styles.readingBar}>|</span>{' '}
        <button type="button" tabIndex={-1} className={styles.otherReading} aria-label={`Keep ${other} BPM`} onClick={() => onEdit({ tempo: String(other) })}>
          {other}
        </button>
      </span>
    );
  }
  const note = column.note?.(song) ?? null;
  if (note) {
    return (
      <span className={styles.cellText} title={note}>
        {text || '—'}{' '}
        <span className={styles.note} data-testid="cell-note" aria-label={note}>
          ≠
        </span>
      </span>
    );
  }
  if (column.id === 'name' && onOpen && text) {
    return (
      <span className={styles.cellText}>
        <button type="button" tabIndex={-1} className={styles.nameLink} onClick={onOpen} aria-label={`Open ${text}`}>
          {text}
        </button>
      </span>
    );
  }
  return <span className={styles.cellText}>{text || '—'}</span>;
}
