import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, websiteHeaders } from '../../common/bridge/csp';

/** A policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const INDEX_HTML = path.resolve(import.meta.dirname, '..', '..', 'renderer', 'index.html');

function metaPolicy(): string {
  const html = fs.readFileSync(INDEX_HTML, 'utf8');
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!match) throw new Error('renderer/index.html has no Content-Security-Policy meta tag');
  return match[1]!;
}

describe('the renderer’s Content Security Policy', () => {
  it('is in the page itself too (a custom protocol’s response may carry no header), with no inline or eval script', () => {
    const meta = directives(metaPolicy());
    expect(meta.get('script-src')).toEqual(["'self'"]);
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(meta.get('object-src')).toEqual(["'none'"]);
    expect(meta.get('base-uri')).toEqual(["'none'"]);
    for (const sources of meta.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('the page’s policy lets through what each host’s header allows (both apply: the page’s must not block the app)', () => {
    const meta = directives(metaPolicy());
    const header = directives(contentSecurityPolicy({ connect: ['ws://127.0.0.1:47600', 'http://127.0.0.1:54321', 'https://abc.supabase.co'], media: ['songshelf-media:', 'https://abc.supabase.co'] }));
    const allows = (sources: string[], source: string) =>
      sources.includes(source) || sources.some((allowed) => (allowed === 'https:' && source.startsWith('https://')) || (allowed.endsWith(':*') && source.startsWith(allowed.slice(0, -1))));
    for (const name of ['connect-src', 'media-src', 'img-src', 'style-src', 'font-src']) {
      for (const source of header.get(name) ?? []) expect(allows(meta.get(name) ?? [], source), `${name} ${source}`).toBe(true);
    }
  });

  it('the website’s headers file connects only to the cloud it was built for, and forbids framing', () => {
    const file = websiteHeaders('https://abc.supabase.co');
    expect(file.startsWith('/*\n')).toBe(true);
    const policy = directives(/Content-Security-Policy: (.+)/.exec(file)![1]!);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co', 'wss://abc.supabase.co']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(file).toContain('X-Content-Type-Options: nosniff');
    expect(file).toContain('X-Frame-Options: DENY');
  });
});
