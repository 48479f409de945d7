/**
 * `/dashboard` on the website for a pro user: the songs and views their desktop apps synced, read from the cloud.
 * Views apply their filters and sort; a search narrows the list; name, status, priority and tier are edited in
 * place (written back to the cloud, where the apps pick them up); uploaded audio plays from the cloud.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { isCloudFileUrl } from '../../../common/cloud-files';
import { PRIORITIES, STATUSES, TIERS, type Song, type SongPatch } from '../../../common/song';
import type { View } from '../../../common/view';
import { songsOfView } from '../../../common/view-rules';
import { useAuth } from '../auth/auth-store';
import { signOut } from '../auth/auth-actions';
import { getCloudClient } from '../auth/cloud-client';
import { Icon } from '../ui/icons';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import { cloudAudioUrl, loadCloudSongs, loadCloudViews, saveCloudSong } from './cloud-library';
import styles from './WebLibrary.module.css';

const ROW_HEIGHT = 32;

export function WebLibrary() {
  const { user } = useAuth();
  const [supabase, setSupabase] = useState<SupabaseClient | null>(null);
  const [songs, setSongs] = useState<Song[] | null>(null);
  const [views, setViews] = useState<View[]>([]);
  const [viewId, setViewId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<{ song: Song; url: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const client = await getCloudClient();
      if (!client || cancelled) return;
      setSupabase(client);
      try {
        setViews(await loadCloudViews(client));
        await loadCloudSongs(client, (page) => !cancelled && setSongs(page));
      } catch (failure) {
        if (!cancelled) setError(failure instanceof Error ? failure.message : String(failure));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const view = views.find((candidate) => candidate.id === viewId) ?? null;
  const shown = useMemo(() => songsOfView(songs ?? [], view, search), [songs, view, search]);

  const edit = async (song: Song, patch: SongPatch) => {
    if (!supabase) return;
    const before = songs;
    setSongs((current) => current?.map((candidate) => (candidate.id === song.id ? { ...candidate, ...patch } : candidate)) ?? null);
    try {
      const saved = await saveCloudSong(supabase, song, patch);
      setSongs((current) => current?.map((candidate) => (candidate.id === saved.id ? saved : candidate)) ?? null);
    } catch (failure) {
      setSongs(before);
      showToast({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
    }
  };

  const play = async (song: Song) => {
    if (!supabase) return;
    try {
      const url = await cloudAudioUrl(supabase, song);
      if (url) setPlaying({ song, url });
    } catch (failure) {
      showToast({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
    }
  };


  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <strong className={styles.brand}>Songshelf</strong>
        <span className={styles.count} data-testid="web-library-count">
          {songs === null ? 'Loading your library…' : `${shown.length} of ${songs.filter((song) => !song.hidden).length} songs`}
        </span>
        <input className={`${controls.input} ${styles.search}`} type="search" placeholder="Search songs" aria-label="Search songs" value={search} onChange={(event) => setSearch(event.target.value)} />
        <span className={styles.user}>{user?.email}</span>
        <button type="button" className={controls.button} onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div className={styles.body}>
        <nav className={styles.views} aria-label="Views">
          <h2 className={styles.heading}>Views</h2>
          {[{ id: null, title: 'All Songs' }, ...views.map((candidate) => ({ id: candidate.id, title: candidate.title }))].map((item) => (
            <button key={item.id ?? 'all'} type="button" className={styles.view} aria-current={item.id === viewId ? 'page' : undefined} onClick={() => setViewId(item.id)}>
              {item.title}
            </button>
          ))}
        </nav>
        <main className={styles.table} aria-label="Songs">
          {error ? <p className={controls.error}>{error}</p> : null}
          <div className={styles.header} role="row">
            <span role="columnheader">Name</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">Priority</span>
            <span role="columnheader">Tier</span>
            <span role="columnheader">Tempo</span>
            <span role="columnheader">Key</span>
            <span role="columnheader">Tags</span>
            <span role="columnheader">Audio</span>
          </div>
          {songs !== null && shown.length === 0 ? (
            <p className={styles.empty}>{songs.length === 0 ? 'No songs have synced yet. Songs your Songshelf app finds appear here.' : 'No song matches.'}</p>
          ) : (
            <List<RowProps>
              className={styles.rows}
              rowCount={shown.length}
              rowHeight={ROW_HEIGHT}
              overscanCount={10}
              rowComponent={Row}
              // Not awaited: edit and play catch their own failures and show them as a toast.
              rowProps={{ songs: shown, playingId: playing?.song.id ?? null, onEdit: (song, patch) => void edit(song, patch), onPlay: (song) => void play(song) }}
            />
          )}
        </main>
      </div>
      <footer className={styles.player}>
        {playing ? (
          <>
            <span className={styles.nowPlaying}>{playing.song.name}</span>
            <audio className={styles.audio} src={playing.url} controls autoPlay data-testid="web-player" />
          </>
        ) : (
          <span className={styles.hint}>Songs with audio in the cloud play here.</span>
        )}
      </footer>
    </div>
  );
}

interface RowProps {
  songs: Song[];
  playingId: string | null;
  onEdit: (song: Song, patch: SongPatch) => void;
  onPlay: (song: Song) => void;
}

function Row({ index, style, songs, playingId, onEdit, onPlay }: RowComponentProps<RowProps>) {
  const song = songs[index]!;
  const inCloud = isCloudFileUrl(song.file?.value ?? '');
  return (
    <div className={styles.row} style={style} role="row" data-testid="web-song-row" aria-current={song.id === playingId ? 'true' : undefined}>
      <NameCell song={song} onSave={(name) => onEdit(song, { name })} />
      <Choice label="Status" value={song.status} options={STATUSES} onChange={(status) => onEdit(song, { status })} />
      <Choice label="Priority" value={song.priority} options={PRIORITIES} onChange={(priority) => onEdit(song, { priority })} />
      <Choice label="Tier" value={song.tier} options={TIERS} onChange={(tier) => onEdit(song, { tier })} />
      <span className={styles.cell}>{song.tempo}</span>
      <span className={styles.cell}>{song.key}</span>
      <span className={styles.cell} title={song.tags.join(', ')}>
        {song.tags.join(', ')}
      </span>
      <span className={styles.cell}>
        {inCloud ? (
          <button type="button" className={styles.play} aria-label={`Play ${song.name}`} onClick={() => onPlay(song)}>
            <Icon name="play" size={12} />
          </button>
        ) : (
          <span className={styles.faint}>{song.file ? 'On your computer' : '—'}</span>
        )}
      </span>
    </div>
  );
}

function NameCell({ song, onSave }: { song: Song; onSave: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const name = draft?.trim() ?? '';
    setDraft(null);
    if (name && name !== song.name) onSave(name);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(null);
  };
  if (draft !== null) {
    return (
      <input
        className={`${controls.input} ${styles.nameInput}`}
        aria-label="Song name"
        value={draft}
        autoFocus
        onFocus={(event) => event.target.select()}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKey}
      />
    );
  }
  return (
    <button type="button" className={`${styles.cell} ${styles.name}`} title="Rename" onClick={() => setDraft(song.name)}>
      {song.name}
    </button>
  );
}

function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly T[]; onChange: (value: T) => void }) {
  return (
    <select className={styles.select} aria-label={label} value={value} onChange={(event) => onChange(event.target.value as T)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
