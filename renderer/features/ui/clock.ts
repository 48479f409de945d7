/**
 * A playhead's time as the players show it, "m:ss", floored (3:07.9 is still 3:07 until 3:08 is reached); 0:00 for
 * a time not yet known. A song's length is `formatDuration` (common/audio/audio-analysis.ts), which rounds.
 */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0:00';
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
