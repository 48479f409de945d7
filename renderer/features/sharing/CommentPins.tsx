/**
 * The listeners' comments as pins on the player's waveform (issue 33): each at its moment of the playing song; a
 * click plays from there, the comment is its tooltip. Read from what the app pulled (`songs:comments`), and read again
 * by the change feed when a pull files new ones (`song_comments`).
 */
import type { ShareComment } from '../../../common/cloud/shares';
import type { Song } from '../../../common/songs/song';
import { hasCore } from '../../api/calls';
import { useSongCommentsQuery } from '../../api/detail-endpoints';
import { clock } from '../ui/clock';
import styles from './CommentPins.module.css';

const NO_COMMENTS: ShareComment[] = [];

export function CommentPins({ song, duration, onSeek }: { song: Song; duration: number; onSeek: (seconds: number) => void }) {
  // Only the app pulls comments (the website has no links of its own).
  const { data: comments = NO_COMMENTS } = useSongCommentsQuery(song.id, { skip: !hasCore() });
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
