/** In the song panel (issue 32): pin the song to the focus list, or unpin it; a pinned song's next step. */
import { useState } from 'react';
import { NEXT_STEP_MAX_LENGTH } from '../../../common/constants';
import type { Song } from '../../../common/songs/song';
import controls from '../ui/controls.module.css';
import { saveSongEdit } from '../songs';
import styles from './Studio.module.css';

export function FocusControl({ song, onSaved }: { song: Song; onSaved: (song: Song) => void }) {
  const [step, setStep] = useState(song.nextStep);
  const pinned = song.focus !== null;
  const save = async (patch: Parameters<typeof saveSongEdit>[1]) => {
    const saved = await saveSongEdit(song, patch);
    if (saved) onSaved(saved);
  };
  return (
    <div className={styles.focusControl}>
      <button type="button" className={pinned ? controls.button : controls.primary} aria-pressed={pinned} onClick={() => void save({ focus: pinned ? null : Date.now() })}>
        {pinned ? 'Unpin from Finishing' : 'Pin to Finishing'}
      </button>
      {pinned ? (
        <input
          className={`${controls.input} ${styles.nextStepWide}`}
          aria-label="Next step"
          placeholder="Next step…"
          maxLength={NEXT_STEP_MAX_LENGTH}
          value={step}
          onChange={(event) => setStep(event.target.value)}
          onBlur={() => step.trim() !== song.nextStep && void save({ nextStep: step })}
          onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        />
      ) : null}
    </div>
  );
}
