/**
 * Which song a media request names. The browser host serves `/media/songs/<id>`, Electron the scheme address
 * `songshelf-media://songs/<id>` (renderer/bridge/bridge.ts builds both); anything else names no song.
 */
import { MEDIA_HOST_PATH } from '../../common/audio/media';

export function songIdFromHostPath(pathname: string): string | null {
  return pathname.startsWith(MEDIA_HOST_PATH) ? singleSegment(pathname.slice(MEDIA_HOST_PATH.length)) : null;
}

export function songIdFromSchemeUrl(url: URL): string | null {
  return url.hostname === 'songs' && url.pathname.startsWith('/') ? singleSegment(url.pathname.slice(1)) : null;
}

function singleSegment(encoded: string): string | null {
  if (encoded === '' || encoded.includes('/')) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    // A malformed escape (`%E0%A4%A`) cannot be any song's id.
    return null;
  }
}
