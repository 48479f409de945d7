/**
 * Where the player fetches a song's audio. Only a song's own linked file is served, looked up by the song's id:
 * the renderer never names a path. Electron serves it through its own scheme, the browser host through an
 * endpoint that checks the session token.
 */
export const MEDIA_SCHEME = 'songshelf-media';
/** Browser host: `GET /media/songs/<songId>?token=<token>`, with Range support for seeking. */
export const MEDIA_HOST_PATH = '/media/songs/';

/** Formats Chromium cannot be trusted to start on its own: set as current, never autoplayed (spec section 5). */
export const NO_AUTOPLAY_EXTENSIONS = ['aif', 'aiff', 'flac'] as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The audio formats Songshelf serves and uploads, by extension, with their MIME types. */
export const AUDIO_CONTENT_TYPES: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
};

/** File extensions without the dot, the usual one first. */
export type Extensions = readonly [string, ...string[]];

/** Bytes from a file's start enough to tell its kind by `looksLikeAudio`. */
export const AUDIO_HEADER_BYTES = 12;

/**
 * Whether a file's first bytes are those of an audio file of one of the kinds above, whatever its name says: a
 * private key or a database renamed `mix.wav` is not audio. A misnamed audio file (an MP3 called `.wav`) passes: it
 * is audio, and ffmpeg reads it by its content.
 */
export function looksLikeAudio(header: Uint8Array): boolean {
  return audioExtensionsOf(header) !== null;
}

/**
 * The extensions (of `AUDIO_CONTENT_TYPES`, the usual one first) of the audio kind a file's first bytes show, or null
 * when they are not audio: WAV (RIFF, RF64, BW64), AIFF and AIFF-C, FLAC, Ogg, MP4 audio (`ftyp`), AAC (ADIF, or an
 * ADTS frame), MP3 (an ID3 tag, or an MPEG audio frame header).
 */
export function audioExtensionsOf(header: Uint8Array): Extensions | null {
  const text = (start: number, length = 4) => String.fromCharCode(...header.subarray(start, start + length));
  if (['RIFF', 'RF64', 'BW64'].includes(text(0)) && text(8) === 'WAVE') return ['wav'];
  if (text(0) === 'FORM' && ['AIFF', 'AIFC'].includes(text(8))) return ['aiff', 'aif'];
  if (text(0) === 'fLaC') return ['flac'];
  if (text(0) === 'OggS') return ['ogg'];
  if (text(0) === 'ADIF') return ['aac'];
  if (text(0, 3) === 'ID3') return ['mp3'];
  if (text(4) === 'ftyp') return ['m4a'];
  return frameExtensionsOf(header);
}

/** An ADTS (AAC) or MPEG audio frame header: 11 sync bits, then no reserved version, layer, bitrate or sample rate. */
function frameExtensionsOf([first = 0, second = 0, third = 0]: Uint8Array): Extensions | null {
  if (first !== 0xff || (second & 0xe0) !== 0xe0) return null;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  if (layer === 0) return (second & 0xf6) === 0xf0 ? ['aac'] : null; // ADTS: MPEG-4 or -2, layer 0
  return version !== 0b01 && (third >> 4) !== 0b1111 && ((third >> 2) & 0b11) !== 0b11 ? ['mp3'] : null;
}

/** The audio kinds Songshelf decodes (analysis, compression): those a scan takes (common/projects/file-kinds.ts). */
export type DecodableAudio = 'wav' | 'aiff' | 'flac' | 'mp3';

/** The kind a file's name promises, by its extension, and how a message names it. */
const DECODABLE_BY_EXTENSION: Readonly<Record<string, { kind: DecodableAudio; named: string }>> = {
  wav: { kind: 'wav', named: 'a WAV file' },
  aif: { kind: 'aiff', named: 'an AIFF file' },
  aiff: { kind: 'aiff', named: 'an AIFF file' },
  flac: { kind: 'flac', named: 'a FLAC file' },
  mp3: { kind: 'mp3', named: 'an MP3 file' },
};

/** `promised`: what the name says the file is, for the refusal's message; null when it names no kind decoded here. */
export type DecodableCheck = { ok: true; kind: DecodableAudio } | { ok: false; promised: { kind: DecodableAudio; named: string } | null };

/**
 * Whether a file may reach a decoder, and which one: its name promises one of the four kinds and its first bytes
 * (`AUDIO_HEADER_BYTES`) are that kind. Stricter than `looksLikeAudio`, which lets an upload through when its bytes are
 * any audio: a decoder is chosen by this answer, never by probing the content, so a Matroska file or an MP3 named
 * `mix.wav` is refused ("not a WAV file") instead of reaching a demuxer that would find out what it really holds.
 */
export function decodableAudioOf(fileName: string, header: Uint8Array): DecodableCheck {
  const promised = decodableByExtension(fileExtension(fileName));
  if (!promised) return { ok: false, promised: null };
  const found = audioExtensionsOf(header)?.[0];
  return found !== undefined && decodableByExtension(found)?.kind === promised.kind ? { ok: true, kind: promised.kind } : { ok: false, promised };
}

function decodableByExtension(extension: string): { kind: DecodableAudio; named: string } | undefined {
  return Object.hasOwn(DECODABLE_BY_EXTENSION, extension) ? DECODABLE_BY_EXTENSION[extension] : undefined;
}
