/** One song on the board: its name, DAW, tempo and key, its waveform, and when it was last worked on. */
import { useEffect, useRef } from 'react';
import { analysisOf } from '../../../common/audio/audio-analysis';
import type { Song, Status } from '../../../common/songs/song';
import { activityOf, sinceText } from '../../../common/studio/studio-time';
import { Waveform } from '../ui/Waveform';
import { DawBadge } from '../song-table';
import { CARD_DRAG_TYPE, dragPayload } from './board-moves';
import styles from './SongBoard.module.css';

/** A card's slot in its column (px): the card and the gap below it. */
export const CARD_HEIGHT = 104;

interface BoardCardProps {
  song: Song;
  status: Status;
  focused: boolean;
  tabbable: boolean;
  pending: boolean;
  onFocus: () => void;
  onOpen: () => void;
}

export function BoardCard({ song, status, focused, tabbable, pending, onFocus, onOpen }: BoardCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The keyboard's card takes the focus when it is drawn (also in its new column after a move, when the focus fell
    // to the page as its old card went), unless the focus is elsewhere now (the search box, a dialog). It is brought
    // whole onto the screen by the least scroll: focus's own scroll leaves a card half showing as it is (a card moved
    // to a column at the board's edge on a phone stayed half off the screen).
    const active = document.activeElement;
    const free = active === null || active === document.body || ref.current?.closest('[data-board]')?.contains(active) === true;
    if (!focused || !ref.current || !free) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focused]);
  const heard = analysisOf(song);
  const tempo = song.tempo !== '' ? `${song.tempo} BPM` : heard?.bpm ? `${Math.round(heard.bpm)} BPM` : null;
  const key = song.key !== '' ? song.key : (heard?.key ?? null);
  const lastWorked = activityOf(song.meta)?.lastWorked ?? null;
  return (
    <div
      ref={ref}
      role="button"
      aria-roledescription="card"
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Enter"
      tabIndex={tabbable ? 0 : -1}
      className={styles.card}
      data-testid="board-card"
      data-song={song.name}
      data-pending={pending || undefined}
      aria-label={`${song.name}, ${status}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, dragPayload(song.id, status));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onFocus={onFocus}
      onClick={onFocus}
      onDoubleClick={onOpen}
    >
      <div className={styles.cardTop}>
        <span className={styles.cardName} title={song.name}>
          {song.name}
        </span>
        <DawBadge song={song} />
      </div>
      <div className={styles.cardFacts}>{[tempo, key].filter(Boolean).join(' · ') || '—'}</div>
      <div className={styles.cardWave}>{heard && heard.overview.length > 0 ? <Waveform peaks={heard.overview} height={16} label={`Waveform of ${song.name}`} /> : null}</div>
      <div className={styles.cardWhen} title={lastWorked === null ? undefined : new Date(lastWorked).toLocaleString()}>
        {lastWorked === null ? 'No sessions yet' : `Worked on ${sinceText(lastWorked, Date.now())}`}
      </div>
    </div>
  );
}
