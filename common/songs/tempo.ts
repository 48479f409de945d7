/** The tempo field is text (spec section 3); sorting and ranges need its number. */

const TEMPO_PATTERN = /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:bpm)?\s*$/i;

/** "120", "119.5", "128 BPM" -> the number; anything else -> null. */
export function tempoToBpm(tempo: string): number | null {
  const match = TEMPO_PATTERN.exec(tempo);
  if (!match?.[1]) return null;
  const bpm = Number(match[1]);
  return bpm > 0 ? bpm : null;
}
