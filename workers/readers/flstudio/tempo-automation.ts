/**
 * Whether a project's tempo changes over the song: an automation clip that targets the tempo, placed on the
 * playlist and not muted. Two events say it (offlinemark/dawtool `dawtool/daw/flstudio_core.py`, facts only; held by
 * the fixtures, where each clip's target agrees with the name FL gave it: "Tempo", "Master pitch", "Master volume"):
 *
 * - 227, one per automation clip: u16, u32 the clip's channel, u16, u16 parameter, u16 destination. Destination
 *   0x4000 is the master; its parameter 5 the tempo (2 pitch, 0 volume).
 * - 233, an arrangement's playlist: items of 32 bytes (60 since FL 21, PyFLP `pyflp/arrangement.py` PlaylistEvent):
 *   u32 position, u16 pattern base (20480), u16 item index (a channel when not above the base), ..., u16 flags at
 *   18 (0x2000: muted).
 *
 * A clip in the channel rack but on no playlist changes nothing, and neither does a muted one. The points themselves
 * (234) are not read: a placed tempo clip is taken as a tempo that moves, even one that holds a single value. Tempo
 * changes drawn into a pattern's event editor, rather than a clip, are not seen here.
 */

const CONTROLLER_BYTES = 12;
const MASTER_DESTINATION = 0x4000;
const TEMPO_PARAMETER = 5;
const OLD_ITEM_BYTES = 32;
const FL21_ITEM_BYTES = 60;
const MUTED = 0x2000;

/** The channel a 227 event's automation clip is, when it targets the tempo; null otherwise. */
export function tempoClipChannel(data: Uint8Array, start: number, length: number): number | null {
  if (length < CONTROLLER_BYTES) return null;
  const view = new DataView(data.buffer, data.byteOffset + start, length);
  const parameter = view.getUint16(8, true);
  const destination = view.getUint16(10, true);
  return parameter === TEMPO_PARAMETER && destination === MASTER_DESTINATION ? view.getUint32(2, true) : null;
}

/**
 * Adds to `placed` each channel a 233 event puts on the playlist unmuted. The item size: whichever of 32 and 60
 * divides the event; where both do, FL 21 and later write 60. A partial last item is not read.
 */
export function addPlacedChannels(data: Uint8Array, start: number, length: number, flMajor: number | null, placed: Set<number>): void {
  const itemBytes = length % FL21_ITEM_BYTES === 0 && (length % OLD_ITEM_BYTES !== 0 || (flMajor ?? 0) >= 21) ? FL21_ITEM_BYTES : OLD_ITEM_BYTES;
  const view = new DataView(data.buffer, data.byteOffset + start, length);
  for (let at = 0; at + itemBytes <= length; at += itemBytes) {
    const patternBase = view.getUint16(at + 4, true);
    const index = view.getUint16(at + 6, true);
    const flags = view.getUint16(at + 18, true);
    if (index <= patternBase && (flags & MUTED) === 0) placed.add(index);
  }
}
