/** Which links the app may hand to the OS: web pages and mail only, parsed, never pattern-matched. */
import { AppError } from '../../common/errors';
import { MESSAGES, linkProtocolRefused } from '../../common/messages';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function parseExternalUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid_input', MESSAGES.linkNotAnAddress);
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    throw new AppError('forbidden', linkProtocolRefused(url.protocol));
  }
  if (url.protocol !== 'mailto:' && url.hostname === '') {
    throw new AppError('invalid_input', MESSAGES.linkHasNoHost);
  }
  return url;
}
