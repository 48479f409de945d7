/**
 * The player's state, shared by the table (▶ on a row) and the bar at the bottom: what is current, where it
 * sits in the view's order (for next and previous), and why it cannot play. The one <audio> element lives in
 * the bar; this context drives it.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { audioFileNotFound } from '../../../common/messages';
import { fileExtension, NO_AUTOPLAY_EXTENSIONS } from '../../../common/audio/media';
import type { Song } from '../../../common/songs/song';
import { isCloudFileUrl } from '../../../common/cloud/cloud-files';
import { callLibrary, hasLibrary, mediaUrl } from '../../api/calls';
import type { SongWindow } from '../song-table';

/** How far next/previous look for a song that has audio before giving up. */
const MAX_SKIP = 200;

export interface PlayerState {
  song: Song | null;
  index: number;
  src: string | null;
  /** False for AIF, AIFF and FLAC: set as current without the autoplay step (spec section 5). */
  autoplay: boolean;
  error: string | null;
  /** Bumped on each play request, so the same song asked again restarts. */
  request: number;
}

interface PlayerApi extends PlayerState {
  play(song: Song, index: number, queue: SongWindow): Promise<void>;
  step(direction: 1 | -1): Promise<void>;
  audio: React.RefObject<HTMLAudioElement | null>;
}

const PlayerContext = createContext<PlayerApi | null>(null);

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PlayerState>({ song: null, index: -1, src: null, autoplay: true, error: null, request: 0 });
  const queue = useRef<SongWindow | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const play = useCallback(async (song: Song, index: number, from: SongWindow) => {
    queue.current = from;
    const file = song.file;
    if (!file) return;
    const connected = hasLibrary();
    const autoplay = !(NO_AUTOPLAY_EXTENSIONS as readonly string[]).includes(fileExtension(file.fileName));
    // Uploaded audio that is not on this computer plays from the cloud, through an address signed for an hour.
    const local = file.localPath ?? (isCloudFileUrl(file.value) ? null : file.value);
    const stats = local === null ? null : connected ? await callLibrary('getFileStats', { path: local }) : undefined;
    if (connected && (stats === null || (stats?.ok && !stats.data.exists)) && isCloudFileUrl(file.value)) {
      const signed = await callLibrary('songs:cloud-audio-url', { id: song.id });
      if (signed.ok) {
        setState((previous) => ({ song, index, src: signed.data.url, autoplay, error: null, request: previous.request + 1 }));
        return;
      }
    }
    if (!stats) return;
    if (!stats.ok || !stats.data.exists || !stats.data.isFile) {
      audio.current?.pause();
      setState((previous) => ({ ...previous, song, index, src: null, error: !stats.ok && stats.error.code !== 'not_found' ? stats.error.message : audioFileNotFound(file.fileName) }));
      return;
    }
    setState((previous) => ({ song, index, src: mediaUrl(song.id, file.modifiedTime), autoplay, error: null, request: previous.request + 1 }));
  }, []);

  const step = useCallback(
    async (direction: 1 | -1) => {
      const from = queue.current;
      if (!from || state.index < 0) return;
      for (let index = state.index + direction, tried = 0; tried < MAX_SKIP; index += direction, tried++) {
        const song = await from.rowAtAsync(index);
        if (!song) return;
        if (song.file) {
          await play(song, index, from);
          return;
        }
      }
    },
    [play, state.index],
  );

  const value = useMemo(() => ({ ...state, play, step, audio }), [state, play, step]);
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerApi {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs a PlayerProvider');
  return player;
}
