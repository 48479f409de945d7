/**
 * The renderer's Content Security Policy, the same in Electron and in the browser host: scripts and styles
 * only from the app itself, no inline script, no plugins, no framing. Each transport adds where it connects
 * and where the player's audio comes from (the host's own origin, Electron's media scheme).
 */
export interface CspSources {
  /** Added to `connect-src` after `'self'`. Default: none. */
  connect?: string[];
  /** Added to `media-src` after `'self' blob:`. Default: none. */
  media?: string[];
}

export function contentSecurityPolicy(sources: CspSources = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `media-src ${["'self'", 'blob:', ...(sources.media ?? [])].join(' ')}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...(sources.connect ?? [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The website's headers, for static hosts that read a `_headers` file (Netlify, Cloudflare Pages; README, "The
 * website"): the same policy, connecting only to the cloud the site was built for, and the usual hardening.
 */
export function websiteHeaders(cloudUrl: string | undefined): string {
  const cloud = cloudUrl ? [originOf(cloudUrl)] : [];
  const sockets = cloud.map((origin) => origin.replace(/^http/, 'ws'));
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy({ connect: [...cloud, ...sockets], media: cloud }),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  };
  return `/*\n${Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`;
}

/** `https://abc.supabase.co/rest` -> `https://abc.supabase.co`: the scheme and host (with a port) of an http(s) URL. */
function originOf(url: string): string {
  const match = /^(https?):\/\/([^/?#\s]+)/i.exec(url.trim());
  if (!match) throw new Error(`The cloud's address is not an http(s) URL: ${url}`);
  return `${(match[1] as string).toLowerCase()}://${(match[2] as string).toLowerCase()}`;
}
