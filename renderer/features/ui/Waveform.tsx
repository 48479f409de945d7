/**
 * A waveform drawn from min/max pairs (signed 8-bit, as the analysis stores them): the table's small one, and the
 * player's, which shows how far the song has played and seeks where it is clicked.
 */
import { useId } from 'react';
import { foldPeaks } from '../../../common/audio/audio-analysis';
import styles from './Waveform.module.css';

/** More pairs than this are folded first: a path of a pixel's width each is all a screen can show. */
const MAX_PAIRS = 1200;

interface WaveformProps {
  peaks: ArrayLike<number>;
  height: number;
  label: string;
  /** 0 to 1: the part played is drawn in the accent colour. */
  progress?: number;
  /** Called with 0 to 1 where the waveform was clicked. */
  onSeek?: (fraction: number) => void;
}

export function Waveform({ peaks, height, label, progress, onSeek }: WaveformProps) {
  // Each waveform's own clip: the table draws many at once.
  const clip = `played-${useId().replaceAll(':', '')}`;
  const pairs = peaks.length / 2 > MAX_PAIRS ? foldPeaks(peaks, MAX_PAIRS) : Array.from(peaks);
  const width = pairs.length / 2;
  let path = '';
  for (let x = 0; x < width; x++) {
    // y grows downwards: the max is drawn above the middle line (128), the min below; at least a hairline.
    const top = 128 - Math.max(pairs[x * 2 + 1]!, 1);
    const bottom = 128 - Math.min(pairs[x * 2]!, -1);
    path += `M${x + 0.5} ${top}V${bottom}`;
  }
  const played = progress === undefined ? 0 : Math.max(0, Math.min(1, progress)) * width;
  return (
    <svg
      className={onSeek ? styles.waveformSeek : styles.waveform}
      role={onSeek ? 'slider' : 'img'}
      aria-label={label}
      {...(onSeek ? { 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round((progress ?? 0) * 100), tabIndex: -1 } : {})}
      viewBox={`0 0 ${width} 256`}
      preserveAspectRatio="none"
      height={height}
      onClick={
        onSeek
          ? (event) => {
              const box = event.currentTarget.getBoundingClientRect();
              onSeek(Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)));
            }
          : undefined
      }
    >
      <clipPath id={clip}>
        <rect x="0" y="0" width={played} height="256" />
      </clipPath>
      <path d={path} className={styles.wave} vectorEffect="non-scaling-stroke" />
      {played > 0 ? <path d={path} className={styles.wavePlayed} clipPath={`url(#${clip})`} vectorEffect="non-scaling-stroke" /> : null}
    </svg>
  );
}
