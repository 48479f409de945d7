/** Which links the app may hand to the OS: web pages and mail only, parsed, never pattern-matched. */
import { AppError } from '../../common/errors';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function parseExternalUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid_input', 'That link is not a valid address.');
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    throw new AppError('forbidden', `Songshelf opens only web and mail links, not ${url.protocol} links.`);
  }
  if (url.protocol !== 'mailto:' && url.hostname === '') {
    throw new AppError('invalid_input', 'That link has no host.');
  }
  return url;
}
