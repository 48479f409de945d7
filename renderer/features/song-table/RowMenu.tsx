import { useEffect, useRef } from 'react';
import type { Song } from '../../../common/songs/song';
import { deleteOutcome } from '../../../common/songs/song-delete';
import { currentBuild } from '../auth';
import { projectTarget } from '../songs';
import styles from './SongTable.module.css';

export type RowAction = 'details' | 'share' | 'play' | 'reveal-audio' | 'open-project' | 'reveal-project' | 'hide' | 'restore' | 'delete';

interface Item {
  action: RowAction;
  label: string;
  danger?: boolean;
}

/**
 * What a row's ⋯ menu offers for this song: only actions that apply to it. On the website (`onComputer` false) the
 * song's files are elsewhere and deleting is the app's: a song is moved to Hidden there instead.
 */
export function rowActions(song: Song, onComputer: boolean): Item[] {
  const items: Item[] = [{ action: 'details', label: onComputer ? 'Details and versions' : 'Details' }];
  // Issue 33: a listening link, made in the song's panel (the cloud says whether this account may).
  if (onComputer && !song.hidden) items.push({ action: 'share', label: 'Share…' });
  if (song.file) items.push({ action: 'play', label: 'Play' });
  if (onComputer && song.file?.localPath) items.push({ action: 'reveal-audio', label: 'Reveal audio file' });
  if (onComputer && song.recordingSession) items.push({ action: 'open-project', label: 'Open in DAW' });
  const project = projectTarget(song);
  if (onComputer && project) items.push({ action: 'reveal-project', label: 'Reveal project' });
  if (song.hidden) items.push({ action: 'restore', label: 'Restore from Hidden' });
  else if (deleteOutcome(song) === 'hidden' || !onComputer) items.push({ action: 'hide', label: 'Move to Hidden' });
  if (onComputer && deleteOutcome(song) === 'deleted') items.push({ action: 'delete', label: 'Delete for good…', danger: true });
  return items;
}

export function RowMenu({ song, onPick, onClose }: { song: Song; onPick: (action: RowAction) => void; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const away = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [onClose]);
  return (
    <div
      ref={menu}
      className={styles.rowMenu}
      role="menu"
      aria-label={`Actions for ${song.name}`}
      onKeyDown={(event) => {
        const buttons = [...(menu.current?.querySelectorAll('button') ?? [])];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (event.key === 'Escape') onClose();
        else if (event.key === 'ArrowDown') buttons[(at + 1) % buttons.length]?.focus();
        else if (event.key === 'ArrowUp') buttons[(at - 1 + buttons.length) % buttons.length]?.focus();
        else return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {rowActions(song, currentBuild() === 'desktop').map((item) => (
        <button key={item.action} type="button" role="menuitem" className={item.danger ? styles.rowMenuDanger : styles.rowMenuItem} onClick={() => onPick(item.action)}>
          {item.label}
        </button>
      ))}
    </div>
  );
}
