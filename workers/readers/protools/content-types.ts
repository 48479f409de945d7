/**
 * The content types of the blocks we read, as Ardour's ptformat library names them (LGPL-2.1). Each block's
 * field offsets are counted from the start of its content, where this 16-bit type sits.
 */
export const CONTENT_TYPE = {
  /** Product name ("Pro Tools LE") and release ("8.0.0f314"). */
  productAndVersion: 0x0003,
  /** Bit depth and sample rate. */
  sampleRate: 0x1028,
  /** The audio files referenced: a count, then a names block. */
  audioFileList: 0x1004,
  audioFileNames: 0x103a,
  /** Audio tracks and their playlists (the only track list of Pro Tools 5 and 6 sessions). */
  audioTrackList: 0x1015,
  audioTrack: 0x1014,
  /** Every track, audio and MIDI, in Pro Tools 8 and later. */
  trackList: 0x2519,
  track: 0x251a,
  /** The tempo, meter and key rulers. */
  tempoMap: 0x2028,
  meterMap: 0x2029,
  keySignatureList: 0x2433,
  keySignature: 0x2432,
} as const;
