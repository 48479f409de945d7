/**
 * `/s/:token` on the website (issue 33): a listener with no account hears a shared song and comments at moments of
 * it. Everything goes through the cloud's functions with the token (`share_listen`, `share_comment`, the
 * `share-audio` function's signed address): the page holds no other right. A revoked, expired or unknown link
 * shows one plain page; a protected one asks for its password first.
 *
 * Over 300 lines: the player, the comments and the audio lease's renewals share one audio element's state.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { LINK_NOT_AVAILABLE, MAX_COMMENT_LENGTH, MAX_LISTENER_NAME_LENGTH, type ShareComment } from '../../../common/cloud/shares';
import { getCloudClient } from '../auth';
import { audioRenewDelayMs, mayAskAgain } from './audio-lease';
import { clock } from '../ui/clock';
import { Waveform } from '../ui/Waveform';
import controls from '../ui/controls.module.css';
import styles from './ListenPage.module.css';

interface Listening {
  name: string;
  versionTime: number | null;
  waveform: number[];
  allowDownload: boolean;
  hasAudio: boolean;
  /** The link takes no more comments (its cap, which the owner may raise, is reached). */
  commentsFull?: boolean;
  comments: ShareComment[];
}

/** A wrong password is answered, not raised, so that the cloud keeps its count (cloud/migrations/0009). */
const isRefused = (data: unknown): data is { refused: 'password'; message: string } => typeof data === 'object' && data !== null && 'refused' in data;

type PageState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'password'; problem: string | null } | { kind: 'ready'; page: Listening };

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const NAME_KEY = 'songshelf.listener-name';

export default function ListenPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [password, setPassword] = useState<string | null>(null);

  const load = async (withPassword: string | null) => {
    const cloud = await getCloudClient();
    const answer = cloud ? await cloud.rpc('share_listen', { p_token: token, p_password: withPassword }) : null;
    if (answer && !answer.error && isRefused(answer.data)) return setState({ kind: 'password', problem: answer.data.message });
    if (answer && !answer.error && answer.data) return setState({ kind: 'ready', page: answer.data as Listening });
    const message = answer?.error?.message ?? '';
    if (message === 'This link needs its password') return setState({ kind: 'password', problem: null });
    // Ten wrong passwords lock the link for a while: the listener is told so, and may try later.
    if (message.startsWith('Too many wrong passwords')) return setState({ kind: 'password', problem: message });
    setState({ kind: 'unavailable' });
  };
  useEffect(() => {
    void load(null);
  }, [token]);

  if (state.kind === 'loading') return <main className={styles.page} aria-busy="true" />;
  if (state.kind === 'unavailable') {
    return (
      <main className={styles.page}>
        <p className={styles.unavailable} role="alert">
          {LINK_NOT_AVAILABLE}
        </p>
      </main>
    );
  }
  if (state.kind === 'password') {
    return (
      <main className={styles.page}>
        <PasswordForm
          problem={state.problem}
          onSubmit={(typed) => {
            setPassword(typed);
            void load(typed);
          }}
        />
      </main>
    );
  }
  return <Player token={token} password={password} page={state.page} onComments={(comments) => setState({ kind: 'ready', page: { ...state.page, comments } })} />;
}

function PasswordForm({ problem, onSubmit }: { problem: string | null; onSubmit: (password: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      className={styles.card}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(typed);
      }}
    >
      <h1 className={styles.title}>This song needs a password</h1>
      <input className={controls.input} type="password" aria-label="Password" value={typed} onChange={(event) => setTyped(event.target.value)} autoFocus />
      {problem ? <p className={controls.error}>{problem}</p> : null}
      <button type="submit" className={controls.primary}>
        Listen
      </button>
    </form>
  );
}

function Player({ token, password, page, onComments }: { token: string; password: string | null; page: Listening; onComments: (comments: ShareComment[]) => void }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState<number | null>(null);

  const { source, lapsed, renew } = useAudioLease(token, password, page.hasAudio);
  // Where playback was when the address was renewed: the new address starts there, playing if it was.
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  useEffect(() => {
    const element = audio.current;
    if (element && source && element.currentSrc && element.currentSrc !== source) resume.current = { at: element.currentTime, playing: !element.paused };
  }, [source]);

  // A key marks the moment to comment on (c), or plays and pauses (space), unless the listener is typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.key === 'c') {
        event.preventDefault();
        setAt(audio.current?.currentTime ?? 0);
      } else if (event.key === ' ') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  };
  const seek = (seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setPosition(seconds);
  };
  const length = duration || Math.max(1, ...page.comments.map((comment) => comment.atS));

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-label="Shared song">
        <header className={styles.header}>
          <button type="button" className={styles.play} aria-label={playing ? 'Pause' : 'Play'} onClick={toggle} disabled={!source}>
            {playing ? '❚❚' : '▶'}
          </button>
          <div>
            <h1 className={styles.title}>{page.name}</h1>
            <p className={styles.muted}>{page.versionTime ? `Version of ${DATE.format(page.versionTime)}` : 'Shared from Songshelf'}</p>
          </div>
          <span className={styles.time} data-testid="listen-position">
            {clock(position)} / {clock(duration)}
          </span>
        </header>
        <div className={styles.wave}>
          {page.waveform.length > 0 ? (
            <Waveform
              peaks={page.waveform}
              height={96}
              label={`Waveform of ${page.name}: click to comment at a moment`}
              progress={duration > 0 ? position / duration : 0}
              onSeek={(fraction) => {
                seek(fraction * length);
                setAt(fraction * length);
              }}
            />
          ) : (
            <button type="button" className={styles.noWave} onClick={() => setAt(audio.current?.currentTime ?? 0)}>
              Comment at {clock(position)}
            </button>
          )}
          {page.comments.map((comment) => (
            <button
              key={comment.id}
              type="button"
              className={comment.fromOwner ? styles.pinOwner : styles.pin}
              style={{ left: `${Math.min(100, (comment.atS / length) * 100)}%` }}
              title={`${clock(comment.atS)} ${comment.name}: ${comment.body}`}
              aria-label={`Comment at ${clock(comment.atS)} by ${comment.name}`}
              onClick={() => seek(comment.atS)}
            />
          ))}
        </div>
        {source ? (
          <audio
            ref={audio}
            src={source}
            preload="metadata"
            onLoadedMetadata={(event) => {
              const element = event.currentTarget;
              setDuration(element.duration);
              const from = resume.current;
              resume.current = null;
              if (!from) return;
              element.currentTime = from.at;
              if (from.playing) void element.play();
            }}
            onError={() => renew()}
            onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
          />
        ) : null}
        {lapsed ? (
          <p className={styles.muted} role="alert">
            {LINK_NOT_AVAILABLE}
          </p>
        ) : null}
        {page.allowDownload && source ? (
          <a className={controls.button} href={source} download>
            Download
          </a>
        ) : null}
      </section>
      <CommentForm token={token} password={password} at={at ?? position} ownLink={useOwnLink(token)} full={page.commentsFull === true} onAdded={(comment) => onComments([...page.comments, comment].sort((a, b) => a.atS - b.atS))} />
      <section className={styles.card} aria-label="Comments">
        <h2 className={styles.subtitle}>{page.comments.length === 1 ? '1 comment' : `${page.comments.length} comments`}</h2>
        <ol className={styles.comments}>
          {page.comments.map((comment) => (
            <li key={comment.id} className={styles.comment} data-testid="listen-comment">
              <button type="button" className={styles.at} onClick={() => seek(comment.atS)}>
                {clock(comment.atS)}
              </button>
              <span className={styles.author}>
                {comment.name}
                {/* Marked by the cloud alone (share_reply): a listener's name can never carry this element. */}
                {comment.fromOwner ? (
                  <span className={styles.ownerBadge} data-testid="owner-badge">
                    Owner
                  </span>
                ) : null}
              </span>
              {comment.verdict ? <span className={styles.verdict}>{comment.verdict === 'approved' ? 'Approved' : 'Needs changes'}</span> : null}
              <p className={styles.body}>{comment.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

/**
 * The link's id when the visitor is signed in as its owner (the owner's row is theirs to read, found by the token's
 * hash): they reply as the owner. Anyone else gets null and comments as a listener.
 */
function useOwnLink(token: string): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => undefined as void;
    const look = async () => {
      const cloud = await getCloudClient();
      const { data } = (await cloud?.auth.getSession()) ?? { data: { session: null } };
      if (!cloud || !data.session || !crypto.subtle) return;
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
      const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      const found = await cloud.from('shares').select('id').eq('token_hash', hash).maybeSingle();
      if (live && found.data) setId((found.data as { id: string }).id);
    };
    void look();
    // A session restored (or refreshed) after the page opened is looked at again.
    void getCloudClient().then((cloud) => {
      const subscription = cloud?.auth.onAuthStateChange((event) => {
        if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION') void look();
      });
      unsubscribe = () => subscription?.data.subscription.unsubscribe();
      if (!live) unsubscribe();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [token]);
  return id;
}

function CommentForm({
  token,
  password,
  at,
  ownLink,
  full,
  onAdded,
}: {
  token: string;
  password: string | null;
  at: number;
  ownLink: string | null;
  full: boolean;
  onAdded: (comment: ShareComment) => void;
}) {
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (verdict: 'approved' | 'changes' | null, event?: FormEvent) => {
    event?.preventDefault();
    const text = verdict === 'approved' ? body.trim() || 'Approved' : verdict === 'changes' ? body.trim() || 'Needs changes' : body.trim();
    if ((!ownLink && !name.trim()) || !text) return setError(ownLink ? 'Write your reply.' : 'Write your name and a comment.');
    const cloud = await getCloudClient();
    const moment = Math.round(at * 100) / 100;
    const answer = ownLink
      ? await cloud?.rpc('share_reply', { p_share_id: ownLink, p_at_s: moment, p_body: text })
      : await cloud?.rpc('share_comment', { p_token: token, p_at_s: moment, p_name: name.trim(), p_body: text, p_password: password, p_verdict: verdict });
    if (!answer || answer.error) return setError(answer?.error?.message ?? 'The comment could not be sent.');
    if (isRefused(answer.data)) return setError(answer.data.message);
    localStorage.setItem(NAME_KEY, name.trim());
    setBody('');
    setError(null);
    onAdded(answer.data as ShareComment);
  };
  return (
    <form className={styles.card} aria-label="Comment" onSubmit={(event) => void send(null, event)}>
      <div className={styles.formRow}>
        {ownLink ? (
          <span className={styles.author}>Reply as the owner</span>
        ) : (
          <input className={controls.input} aria-label="Your name" placeholder="Your name" maxLength={MAX_LISTENER_NAME_LENGTH} value={name} onChange={(event) => setName(event.target.value)} />
        )}
        <span className={styles.muted}>at {clock(at)} (click the waveform or press C)</span>
      </div>
      <textarea className={`${controls.input} ${styles.text}`} aria-label="Comment" placeholder="What do you hear?" maxLength={MAX_COMMENT_LENGTH} value={body} onChange={(event) => setBody(event.target.value)} />
      {error ? <p className={controls.error}>{error}</p> : null}
      {full && !ownLink ? <p className={styles.muted}>This link takes no more comments.</p> : null}
      <div className={styles.formRow}>
        <button type="submit" className={controls.primary} disabled={full && !ownLink}>
          {ownLink ? 'Reply' : 'Comment'}
        </button>
        {ownLink ? null : (
          <>
            <button type="button" className={controls.button} onClick={() => void send('approved')}>
              Approved
            </button>
            <button type="button" className={controls.button} onClick={() => void send('changes')}>
              Needs changes
            </button>
          </>
        )}
      </div>
    </form>
  );
}

/**
 * The audio's signed address, renewed before it lapses and when the player fails (audio-lease.ts). `lapsed`: the
 * cloud no longer gives one (the link was revoked or expired while the page was open).
 */
function useAudioLease(token: string, password: string | null, hasAudio: boolean): { source: string | null; lapsed: boolean; renew: () => void } {
  const [lease, setLease] = useState<{ url: string; expiresAt: number } | null>(null);
  const [lapsed, setLapsed] = useState(false);
  const lastAsked = useRef(0);
  const ask = useRef<() => Promise<void>>(async () => undefined);
  ask.current = async () => {
    lastAsked.current = Date.now();
    const cloud = await getCloudClient();
    const answer = await cloud?.functions.invoke<{ url: string; expiresAt: number }>('share-audio', { body: { token, password } });
    if (answer?.data?.url) {
      setLapsed(false);
      setLease({ url: answer.data.url, expiresAt: answer.data.expiresAt });
    } else if (lease) {
      setLapsed(true);
    }
  };
  useEffect(() => {
    if (hasAudio) void ask.current();
  }, [token, password, hasAudio]);
  useEffect(() => {
    if (!lease) return;
    const timer = setTimeout(() => void ask.current(), audioRenewDelayMs(lease.expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [lease]);
  const renew = () => {
    if (mayAskAgain(lastAsked.current, Date.now())) void ask.current();
  };
  return { source: lease?.url ?? null, lapsed, renew };
}
