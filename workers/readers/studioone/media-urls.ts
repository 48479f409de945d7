/**
 * Where a media pool's audio file is on disk. Studio One writes `file:///Users/…/a.wav` (`file:///C:/…` on Windows)
 * with the path as it is, spaces unescaped (the fixture); `media://…` is a file inside the song itself, which is no
 * file on disk and so no sample here. The candidates, in order: the path as written; the same with %XX escapes
 * decoded, where it has any (a writer that escapes); and, for a file that was inside the song's folder when it was
 * saved (the pool's `documentPath`), the same place under the folder the song is in now (a song folder moved whole).
 */
import { statedPath } from '../sample-paths';

/** The candidate paths of one clip URL; null for a URL that names no file on disk (media://, another scheme). */
export function clipCandidates(url: string, documentUrl: string | null, home: string): string[] | null {
  const stated = fileUrlPath(url);
  if (stated === null) return null;
  const candidates = [stated];
  const decoded = percentDecoded(stated);
  if (decoded !== null) candidates.push(decoded);
  const savedFolder = documentUrl === null ? null : folderOf(fileUrlPath(documentUrl));
  if (savedFolder !== null) {
    for (const candidate of [...candidates]) {
      if (candidate.startsWith(`${savedFolder}/`)) candidates.push(statedPath(home, candidate.slice(savedFolder.length + 1)));
    }
  }
  return [...new Set(candidates)];
}

/** `file:///a/b.wav` is /a/b.wav, `file:///C:/a.wav` is C:/a.wav, `file://server/share/a.wav` is //server/share/a.wav. */
function fileUrlPath(url: string): string | null {
  if (/^file:\/\/\//i.test(url)) {
    const rest = url.slice('file:///'.length);
    return /^[a-z]:[\\/]/i.test(rest) ? rest : `/${rest}`;
  }
  // A host names a server: reported as written in UNC form, never looked up (isNetworkPath).
  if (/^file:\/\//i.test(url)) return `//${url.slice('file://'.length)}`;
  return null;
}

function percentDecoded(stated: string): string | null {
  if (!/%[0-9a-f]{2}/i.test(stated)) return null;
  try {
    const decoded = decodeURIComponent(stated);
    return decoded === stated ? null : decoded;
  } catch {
    // Not valid escapes (a literal "%" in a name): the path as written is the only candidate.
    return null;
  }
}

function folderOf(filePath: string | null): string | null {
  if (filePath === null) return null;
  const slash = filePath.lastIndexOf('/');
  return slash > 0 ? filePath.slice(0, slash) : null;
}
