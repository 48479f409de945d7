/**
 * The focus list (issue 32): the songs the user is finishing, in the order they were pinned, each with its one-line
 * next step (edited here, saved on Enter or when the field is left) and a way to unpin it. The first screen shows it
 * above the table; Studio time shows it too. Pinning is the song panel's (`FocusControl`).
 */
import { useState } from 'react';
import { NEXT_STEP_MAX_LENGTH } from '../../../common/constants';
import type { Song } from '../../../common/songs/song';
import { activityOf, sinceText } from '../../../common/studio/studio-time';
import { useFocusQuery } from '../../api/songshelf-api';
import { saveSongEdit } from '../songs';
import styles from './Studio.module.css';

export function FocusList({ onOpenSong, compact = false }: { onOpenSong: (id: string) => void; compact?: boolean }) {
  const { data: songs = [] } = useFocusQuery();
  if (songs.length === 0) {
    return compact ? null : <p className={styles.panelLine}>Pin the songs you are finishing from their panel: they show here and first on the library's first screen, each with its next step.</p>;
  }
  return (
    <section className={compact ? styles.focusCompact : styles.block} aria-label="Finishing">
      <h3 className={styles.blockTitle}>Finishing</h3>
      <ol className={styles.focusList}>
        {songs.map((song) => (
          <FocusItem key={song.id} song={song} onOpen={() => onOpenSong(song.id)} />
        ))}
      </ol>
    </section>
  );
}

function FocusItem({ song, onOpen }: { song: Song; onOpen: () => void }) {
  const [step, setStep] = useState(song.nextStep);
  const lastWorked = activityOf(song.meta)?.lastWorked ?? null;
  const save = () => {
    if (step.trim() !== song.nextStep) void saveSongEdit(song, { nextStep: step });
  };
  return (
    <li className={styles.focusItem} data-testid="focus-item" data-song={song.name}>
      <div className={styles.focusTop}>
        <button type="button" className={styles.focusName} onClick={onOpen} title={`Open ${song.name}`}>
          {song.name}
        </button>
        <span className={styles.focusStatus} data-status={song.status}>
          {song.status}
        </span>
        <button type="button" className={styles.unpin} aria-label={`Unpin ${song.name}`} title="Unpin" onClick={() => void saveSongEdit(song, { focus: null })}>
          ×
        </button>
      </div>
      <input
        className={styles.nextStep}
        aria-label={`Next step for ${song.name}`}
        placeholder="Next step…"
        maxLength={NEXT_STEP_MAX_LENGTH}
        value={step}
        onChange={(event) => setStep(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setStep(song.nextStep);
        }}
      />
      <span className={styles.focusWhen}>{lastWorked === null ? 'No sessions yet' : `Worked on ${sinceText(lastWorked, Date.now())}`}</span>
    </li>
  );
}
