import { useEffect, useState } from 'react';
import { useSongWaveformQuery } from '../../api/songshelf-api';
import { revealInFolder } from '../songs';
import { Icon } from '../ui/icons';
import { usePlayer } from './player';
import styles from './PlayerBar.module.css';
import { CommentPins } from '../sharing';
import { clock } from '../ui/clock';
import { Waveform } from '../ui/Waveform';

/** The bar at the bottom: play, pause, seek, previous and next in the view's order, reveal the file. */
export function PlayerBar() {
  const player = usePlayer();
  const { audio, src, autoplay, request, song } = player;
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [mediaError, setMediaError] = useState<string | null>(null);

  useEffect(() => {
    const element = audio.current;
    if (!element || !src) return;
    setMediaError(null);
    setTime(0);
    element.src = src;
    element.load();
    if (autoplay) element.play().catch(() => undefined);
  }, [audio, src, autoplay, request]);

  const error = player.error ?? mediaError;
  const { data: shape } = useSongWaveformQuery(song?.id ?? '', { skip: !song });
  const waveform = song && shape?.waveform ? shape.waveform : null;
  const seekTo = (seconds: number) => {
    const element = audio.current;
    if (element) element.currentTime = seconds;
    setTime(seconds);
  };
  const path = song?.file?.localPath ?? null;
  return (
    <footer className={styles.bar} aria-label="Player">
      <audio
        ref={audio}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => void player.step(1)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onError={() => setMediaError(song?.file ? `Cannot play ${song.file.fileName}: this browser cannot decode it.` : null)}
      />
      <div className={styles.transport}>
        <button type="button" className={styles.control} aria-label="Previous" disabled={!song} onClick={() => void player.step(-1)}>
          <Icon name="previous" />
        </button>
        <button
          type="button"
          className={styles.play}
          aria-label={playing ? 'Pause' : 'Play'}
          disabled={!src}
          onClick={() => {
            const element = audio.current;
            if (!element) return;
            if (element.paused) element.play().catch(() => undefined);
            else element.pause();
          }}
        >
          <Icon name={playing ? 'pause' : 'play'} size={16} />
        </button>
        <button type="button" className={styles.control} aria-label="Next" disabled={!song} onClick={() => void player.step(1)}>
          <Icon name="next" />
        </button>
      </div>
      <div className={styles.now}>
        <span className={styles.title} data-testid="now-playing">
          {song ? song.name : 'Nothing playing'}
        </span>
        <span className={styles.file}>{song?.file?.fileName ?? 'Press ▶ on a song with audio'}</span>
      </div>
      <div className={styles.seek}>
        <span className={styles.time}>{clock(time)}</span>
        <div className={styles.track}>
          {song ? <CommentPins song={song} duration={duration} onSeek={seekTo} /> : null}
          {waveform ? (
            <Waveform
              peaks={waveform.peaks}
              height={26}
              label="Waveform"
              progress={duration ? time / duration : 0}
              onSeek={(fraction) => duration && seekTo(fraction * duration)}
            />
          ) : null}
          <input
          type="range"
          className={styles.range}
          aria-label="Seek"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          disabled={!src || !duration}
          onChange={(event) => seekTo(Number(event.target.value))}
          />
        </div>
        <span className={styles.time}>{clock(duration)}</span>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className={styles.control} aria-label="Reveal audio file" disabled={!path} onClick={() => path && void revealInFolder(path)}>
        <Icon name="reveal" />
      </button>
    </footer>
  );
}
