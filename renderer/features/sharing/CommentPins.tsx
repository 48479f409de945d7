/**
 * The listeners' comments as pins on the player's waveform (issue 33): each at its moment of the playing song; a
 * click plays from there, the comment is its tooltip. Read from what the app pulled (`songs:comments`).
 */
import { useEffect, useState } from 'react';
import type { ShareComment } from '../../../common/shares';
import type { Song } from '../../../common/song';
import { openCommentsOf } from '../../../common/shares';
import { callCore, hasCore } from '../../api/calls';
import { clock } from '../listen/ListenPage';
import styles from './CommentPins.module.css';

export function CommentPins({ song, duration, onSeek }: { song: Song; duration: number; onSeek: (seconds: number) => void }) {
  const [comments, setComments] = useState<ShareComment[]>([]);
  // Asked again when the song changes or its open count does (a pull brought new ones).
  const open = openCommentsOf(song.meta);
  useEffect(() => {
    let live = true;
    if (hasCore()) void callCore('songs:comments', { id: song.id }).then((result) => live && result.ok && setComments(result.data));
    return () => {
      live = false;
    };
  }, [song.id, open]);
  if (!duration || comments.length === 0) return null;
  return (
    <div className={styles.pins} data-testid="comment-pins">
      {comments
        .filter((comment) => comment.atS <= duration)
        .map((comment) => (
          <button
            key={comment.id}
            type="button"
            className={styles.pin}
            data-resolved={comment.resolved || undefined}
            style={{ left: `${(comment.atS / duration) * 100}%` }}
            title={`${clock(comment.atS)} ${comment.name}: ${comment.body}`}
            aria-label={`Comment at ${clock(comment.atS)} by ${comment.name}`}
            onClick={() => onSeek(comment.atS)}
          />
        ))}
    </div>
  );
}
