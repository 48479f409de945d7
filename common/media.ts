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
