/**
 * In the song panel (issue 33): share the song by a private listening link (pro; the cloud says no to a free
 * account; the form: `ShareForm.tsx`), its links with a way to copy and revoke each and to let a full one take more
 * comments (`ShareLinks.tsx`), and what its listeners wrote, each comment at its moment
 * (a click plays the song from there). A listener's "Approved" or "Needs changes" is offered as the song's status,
 * applied with one click.
 *
 * The links and comments are RTK Query reads the change feed refreshes (issue 44): a link made, revoked or given more
 * room, a reply, a resolve and a pull each write `song_shares` or `song_comments`, and the feed reads them again. The
 * comments are pulled from the cloud once when the section opens (`songs:comments-pull`), as the poller does every
 * five minutes.
 */
import { useEffect, useState } from 'react';
import { audacityLabels, markersCsv, markersMidi } from '../../../common/audio/comment-markers';
import type { ShareComment, SongShare } from '../../../common/cloud/shares';
import type { Song, Status } from '../../../common/songs/song';
import { callCore } from '../../api/calls';
import { usePullCommentsMutation, useSongCommentsQuery, useSongSharesQuery } from '../../api/detail-endpoints';
import { clock } from '../ui/clock';
import controls from '../ui/controls.module.css';
import { saveFile } from '../ui/save-file';
import { showToast } from '../ui/toasts';
import { ShareForm } from './ShareForm';
import { ShareLinks } from './ShareLinks';
import { suggestedStatus } from './verdicts';
import styles from './ShareSection.module.css';

/** The comments as markers a DAW imports (issue 33, part 5): a CSV, an Audacity label track, a MIDI file. */
const MARKER_FORMATS = [
  { label: 'CSV', extension: 'csv', mimeType: 'text/csv', write: (comments: ShareComment[]) => markersCsv(comments) },
  { label: 'Audacity labels', extension: 'txt', mimeType: 'text/plain', write: (comments: ShareComment[]) => audacityLabels(comments) },
  { label: 'MIDI markers', extension: 'mid', mimeType: 'audio/midi', write: (comments: ShareComment[], bpm: number | null) => markersMidi(comments, bpm) },
] as const;

const NO_SHARES: SongShare[] = [];
const NO_COMMENTS: ShareComment[] = [];

const fileBase = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 120) || 'song';
const tempoOf = (song: Song) => (song.tempo !== '' && Number.isFinite(Number(song.tempo)) ? Number(song.tempo) : null);

export function ShareSection(props: { song: Song; startSharing?: boolean; onPlayAt: (seconds: number) => void; onStatus: (status: Status) => void }) {
  const { song, onPlayAt, onStatus } = props;
  const { data: shares = NO_SHARES } = useSongSharesQuery(song.id);
  const { data: comments = NO_COMMENTS } = useSongCommentsQuery(song.id);
  // Opened from the row menu's Share…: the form is shown at once.
  const [creating, setCreating] = useState(props.startSharing ?? false);
  // What listeners wrote since the last pull, brought now: what it files, the feed shows.
  const [pullComments] = usePullCommentsMutation();
  useEffect(() => {
    void pullComments();
  }, [song.id, pullComments]);

  const copy = (url: string) => void navigator.clipboard?.writeText(url).then(() => showToast({ kind: 'info', message: 'The link is copied.' }));
  const revoke = async (share: SongShare) => {
    const result = await callCore('songs:share-revoke', { token: share.token });
    if (!result.ok) showToast({ kind: 'error', message: result.error.message });
  };
  const suggestion = suggestedStatus(comments, song.status);
  const [replyAt, setReplyAt] = useState<number | null>(null);
  const [replyText, setReplyText] = useState('');
  const reply = async () => {
    if (replyAt === null || replyText.trim() === '') return;
    const result = await callCore('songs:comment-reply', { id: song.id, atS: replyAt, body: replyText });
    if (!result.ok) return showToast({ kind: 'error', message: result.error.message });
    setReplyAt(null);
    setReplyText('');
  };
  const resolve = async (comment: ShareComment) => {
    const result = await callCore('songs:comment-resolve', { commentId: comment.id, resolved: !comment.resolved });
    if (!result.ok) showToast({ kind: 'error', message: result.error.message });
  };

  return (
    <section className={styles.section} aria-label="Sharing">
      <div className={styles.row}>
        <h3 className={styles.heading}>Sharing</h3>
        <button type="button" className={controls.button} onClick={() => setCreating(!creating)}>
          Share…
        </button>
      </div>
      {creating ? (
        <ShareForm
          songId={song.id}
          onMade={(url) => {
            setCreating(false);
            copy(url);
          }}
        />
      ) : null}
      <ShareLinks shares={shares} onCopy={copy} onRevoke={(share) => void revoke(share)} />
      {suggestion ? (
        <p className={styles.suggestion}>
          {suggestion.by} marked it {suggestion.verdict === 'approved' ? 'Approved' : 'Needs changes'}.{' '}
          <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => onStatus(suggestion.status)}>
            Set status to {suggestion.status}
          </button>
        </p>
      ) : null}
      {comments.length > 0 ? (
        <div className={styles.row}>
          <span className={styles.muted}>Markers for the DAW:</span>
          <span>
            {MARKER_FORMATS.map(({ label, extension, mimeType, write }) => (
              <button key={extension} type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => saveFile(`${fileBase(song.name)} comments.${extension}`, mimeType, write(comments, tempoOf(song)))}>
                {label}
              </button>
            ))}
          </span>
        </div>
      ) : null}
      {comments.length > 0 ? (
        <ol className={styles.comments} aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment.id} className={styles.comment} data-testid="song-comment" data-resolved={comment.resolved}>
              <button type="button" className={styles.at} onClick={() => onPlayAt(comment.atS)} title="Play from here" aria-label={`Play from ${clock(comment.atS)}`}>
                {clock(comment.atS)}
              </button>
              <span className={styles.author}>{comment.fromOwner ? 'You' : comment.name}</span>
              <span className={styles.body}>{comment.body}</span>
              {comment.fromOwner ? null : (
                <span className={styles.commentActions}>
                  <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => setReplyAt(comment.atS)}>
                    Reply
                  </button>
                  <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => void resolve(comment)}>
                    {comment.resolved ? 'Reopen' : 'Resolve'}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {replyAt !== null ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void reply();
          }}
        >
          <input className={`${controls.input} ${styles.reply}`} aria-label={`Reply at ${clock(replyAt)}`} placeholder={`Reply at ${clock(replyAt)}…`} value={replyText} onChange={(event) => setReplyText(event.target.value)} autoFocus />
          <button type="submit" className={controls.primary}>
            Reply
          </button>
        </form>
      ) : null}
    </section>
  );
}
