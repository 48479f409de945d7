/**
 * The meter heard (issue 46): whether the beat the tempo found divides in two (2/4, 3/4, 4/4, swung or straight) or
 * in three (6/8, 12/8: a dotted-quarter beat of three even eighths).
 *
 * Why it matters: a DAW's tempo is always the quarter note's. A 6/8 at 90 has eighths at 180 and is felt in dotted
 * quarters at 60; the listener taps 60, the producer typed 90. So a compound beat is reported as 1.5 times itself,
 * with the beat as the second reading.
 *
 * How: the onsets folded over one beat; a compound beat has onsets at its thirds, and little half-way or at its
 * quarters. A swung beat (long-short, a shuffle) has its 2/3 but not its 1/3, so it stays simple; a straight one
 * has its half (and quarters), not its thirds.
 */
import { fold } from './onset';

export type BeatDivision = 'simple' | 'compound';

/** The weaker third at least this share of the beat's own onsets: the thirds are played, not a leak. */
const THIRDS_MIN = 0.25;
/** The weaker third at least this many times the half-way point and the quarters: the beat divides in three, not two. */
const THIRDS_OVER_TWOS = 1.5;

/**
 * A swung beat's late eighth, at its two thirds, at least this share of the beat's own onsets. Set on the tuning set
 * (`fixtures/generators/corpus-sets.ts`): its jazz swing and jazz waltzes at 160-200 BPM hold 0.06 to 0.13 there; its
 * straight grooves (a 7/8, breakbeats, funk) none (0.00); the threshold sits between.
 */
const SWING_MIN = 0.03;

/** `beat` (frames) folded from the onsets `peaks`: the strength near a point of the beat, as a share of the beat's own. */
function beatShares(peaks: Float32Array, beat: number): ((share: number) => number) | null {
  const folded = fold(peaks, beat);
  const bins = folded.length;
  const near = (position: number): number => {
    const centre = Math.round(position);
    let best = 0;
    for (let d = -1; d <= 1; d++) best = Math.max(best, folded[(((centre + d) % bins) + bins) % bins] as number);
    return best;
  };
  let phase = 0;
  for (let bin = 1; bin < bins; bin++) if ((folded[bin] as number) > (folded[phase] as number)) phase = bin;
  const onBeat = folded[phase] as number;
  if (onBeat <= 0) return null;
  return (share) => near(phase + share * bins) / onBeat;
}

/** How `beat` (frames) divides, from the onsets `peaks` (the OSS without its floor, `peakOnly`). */
export function beatDivision(peaks: Float32Array, beat: number): { division: BeatDivision; thirds: number } {
  const at = beatShares(peaks, beat);
  if (!at) return { division: 'simple', thirds: 0 };
  const thirds = Math.min(at(1 / 3), at(2 / 3));
  const twos = Math.max(at(1 / 2), at(1 / 4), at(3 / 4));
  const compound = thirds >= THIRDS_MIN && thirds >= THIRDS_OVER_TWOS * twos;
  return { division: compound ? 'compound' : 'simple', thirds };
}

/**
 * Whether `beat` (frames) is swung: its late eighth, at two thirds of it, is played, and more than its half-way point.
 * Jazz at 180 is felt at 180, its ride's swung eighths between the beats; a straight groove at 95 whose eighths or
 * sixteenths fill the half-way points is not felt at 190 (tempo.ts's octave rule asks this past FAST_BPM).
 */
export function swung(peaks: Float32Array, beat: number): boolean {
  const at = beatShares(peaks, beat);
  if (!at) return false;
  const late = at(2 / 3);
  return late >= SWING_MIN && late > at(1 / 2);
}

