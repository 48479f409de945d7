/**
 * A song's links in its Sharing section: what each plays, until when, copy and revoke, and its comments against its
 * cap (issue 42: one listener could fill a link for everyone). A full link says so, and its owner takes more (the
 * new cap is written to the link here, and the change feed lists the links again).
 */
import { useState } from 'react';
import { commentsLine, raisedCommentCap, type SongShare } from '../../../common/cloud/shares';
import { callCore } from '../../api/calls';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import { SHARE_DATE } from './ShareForm';
import styles from './ShareSection.module.css';

const COUNT = new Intl.NumberFormat('en-US');

/** What a link plays: the song's latest bounce (it follows the song), or the version chosen when it was made. */
const playsWhat = (share: SongShare) => (share.versionPath ? (share.versionPath.split(/[\\/]/).pop() ?? share.versionPath) : 'latest bounce');

export function ShareLinks(props: { shares: SongShare[]; onCopy: (url: string) => void; onRevoke: (share: SongShare) => void }) {
  const { shares, onCopy, onRevoke } = props;
  if (shares.length === 0) return null;
  return (
    <ul className={styles.links}>
      {shares.map((share) => (
        <li key={share.token} className={styles.link} data-testid="share-link" data-active={share.state === 'open'}>
          <span className={styles.linkLine}>
            <span className={styles.url} title={share.url}>
              {share.url}
            </span>
            <span className={styles.muted}>
              {playsWhat(share)} · {share.state === 'open' ? `until ${SHARE_DATE.format(share.expiresAt)}` : share.state}
              {share.hasPassword ? ' · password' : ''}
              {share.allowDownload ? ' · Download button' : ''}
            </span>
            {share.state === 'open' ? (
              <>
                <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => onCopy(share.url)}>
                  Copy
                </button>
                <button type="button" className={`${controls.ghost} ${controls.small}`} onClick={() => onRevoke(share)}>
                  Revoke
                </button>
              </>
            ) : null}
          </span>
          {share.state === 'open' || share.comments > 0 ? <CommentCap share={share} /> : null}
        </li>
      ))}
    </ul>
  );
}

function CommentCap({ share }: { share: SongShare }) {
  const [raising, setRaising] = useState(false);
  const line = commentsLine(share);
  const raised = raisedCommentCap(share.commentCap);
  const raise = async (cap: number) => {
    setRaising(true);
    const result = await callCore('songs:share-comment-cap', { token: share.token, cap });
    setRaising(false);
    if (!result.ok) showToast({ kind: 'error', message: result.error.message });
  };
  return (
    <span className={styles.linkLine} data-testid="share-comment-cap" data-full={line.full}>
      <span className={line.full ? styles.problem : styles.hint}>{line.text}</span>
      {line.full && share.state === 'open' && raised !== null ? (
        <button type="button" className={`${controls.ghost} ${controls.small}`} disabled={raising} onClick={() => void raise(raised)}>
          Take {COUNT.format(raised - share.commentCap)} more
        </button>
      ) : null}
      {line.full && raised === null ? <span className={styles.hint}>the most a link takes</span> : null}
    </span>
  );
}
