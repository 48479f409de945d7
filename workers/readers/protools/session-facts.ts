/** Which Pro Tools wrote a session, and its sample rate (format knowledge from Ardour's ptformat, LGPL-2.1). */
import type { Block } from './block-tree';
import { MalformedSessionError, type SessionBytes } from './session-bytes';
import type { ObfuscationScheme } from './session-header';

const PLAUSIBLE_SAMPLE_RATES = { min: 8_000, max: 768_000 };
const MAX_PRODUCT_NAME_LENGTH = 64;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
/** "12.8.3", "2021.10.0"; older sessions add a prefix or a build ("v5.1", "8.0.0f314"), dropped for display. */
const RELEASE = /^v?(\d{1,4}(?:\.\d{1,4}){0,3})(?:[a-z]\d*)?$/i;

/**
 * "Pro Tools HD 12.8.3 (ptx)", "Pro Tools LE 8.0.0 (ptf)": the product and release the session states in its
 * product block (one per session: first in Pro Tools 5 to 9 files, further in for 10 and later), with the
 * format its obfuscation scheme and major version imply. Without that block a Pro Tools 10+ session is
 * still known by its scheme ("Pro Tools 10+ (ptx)"); an older one gives null.
 *
 * Not used: the number ptformat reads from the session-path block (0x2067) as a version, which is 10 in
 * every session we have, from Pro Tools 5 to 2021.
 */
export function dawVersionOf(session: SessionBytes, scheme: ObfuscationScheme, productBlock: Block | undefined): string | null {
  const stated = productBlock ? statedProductAndRelease(session, scheme, productBlock) : null;
  return stated ?? (scheme === 5 ? 'Pro Tools 10+ (ptx)' : null);
}

/**
 * Content: type (2), one byte, the product name (32-bit length + text), a 32-bit field (3), major, minor and
 * patch (32 bits each), the release as text (32-bit length + text).
 */
function statedProductAndRelease(session: SessionBytes, scheme: ObfuscationScheme, block: Block): string | null {
  const product = session.lengthPrefixedString(block.contentStart + 3, block.end);
  if (!PRINTABLE_ASCII.test(product.text) || product.text.length > MAX_PRODUCT_NAME_LENGTH) return null;
  const major = session.u32(product.next + 4, block.end);
  const format = scheme === 5 ? 'ptx' : major <= 6 ? 'pts' : 'ptf';
  const release = RELEASE.exec(session.lengthPrefixedString(product.next + 16, block.end).text.trim())?.[1];
  if (release !== undefined) return `${product.text} ${release} (${format})`;
  return major >= 1 && major <= 99 ? `${product.text} ${major} (${format})` : `${product.text} (${format})`;
}

/** Every session states its rate: a session without one, or with an impossible one, decoded to nonsense. */
export function sampleRateOf(session: SessionBytes, rateBlock: Block | undefined): number {
  if (rateBlock === undefined) throw new MalformedSessionError('damaged: no sample-rate block');
  const rate = session.u32(rateBlock.contentStart + 4, rateBlock.end);
  if (rate < PLAUSIBLE_SAMPLE_RATES.min || rate > PLAUSIBLE_SAMPLE_RATES.max) {
    throw new MalformedSessionError(`damaged: impossible sample rate ${rate}`);
  }
  return rate;
}
