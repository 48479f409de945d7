// Which pages may call the local cloud (CORS from an allow-list, never `*`), and who may read its mail: the
// service key, or the developer opening /mail in the browser; never another site's page.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { originAllowed } from './access';
import { cloudClient, useTestCloud } from './test-support';

const SITE_URL = 'http://127.0.0.1:9/app';
const env = useTestCloud([]);

describe('the origin allow-list', () => {
  it.each([
    ['the browser host on 127.0.0.1', 'http://127.0.0.1:5173', true],
    ['the website in development on localhost', 'http://localhost:3000', true],
    ['a loopback address without a port', 'http://localhost', true],
    ['IPv6 loopback', 'http://[::1]:8080', true],
    ['the desktop app', 'songshelf-app://app', true],
    ['the site URL', 'http://127.0.0.1:9', true],
    ['another site', 'https://evil.example', false],
    ['a name that starts like loopback', 'http://127.0.0.1.evil.example', false],
    ['a name that ends like loopback', 'http://evil-localhost:80', false],
    ['an opaque origin', 'null', false],
    ['another app scheme', 'songshelf-app://evil', false],
    ['a file page', 'file://', false],
    ['not an origin but an address', 'http://localhost:3000/page', false],
  ])('%s: %s -> %s', (_name, origin, allowed) => {
    expect(originAllowed(origin, SITE_URL)).toBe(allowed);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${env.cloud.url}/rest/v1/songs`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, x-client-info, content-type, x-upsert' },
    });

  it.each(['http://127.0.0.1:5173', 'http://localhost:3000', 'songshelf-app://app'])('a preflight from %s gets its own origin back and the headers supabase-js sends', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('vary')).toMatch(/origin/i);
    const allowed = answer.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['apikey', 'authorization', 'x-client-info', 'content-type', 'x-upsert']));
  });

  it('refuses a preflight and a request from another site, with no CORS grant', async () => {
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const call = await fetch(`${env.cloud.url}/rest/v1/songs`, { headers: { origin: 'https://evil.example', apikey: env.cloud.anonKey } });
    expect(call.status).toBe(403);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants an allowed page its origin on an ordinary answer, and never a wildcard', async () => {
    const recover = (headers: Record<string, string>) =>
      fetch(`${env.cloud.url}/auth/v1/recover`, { method: 'POST', headers: { apikey: env.cloud.anonKey, 'content-type': 'application/json', ...headers }, body: '{"email":"nobody@example.com"}' });
    const call = await recover({ origin: 'http://127.0.0.1:5173' });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const bare = await recover({});
    expect(bare.status).toBe(200);
    expect(bare.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('/mail', () => {
  const mailed = async () => {
    await cloudClient(env.cloud).auth.signUp({ email: 'mia@example.com', password: 'long enough password' });
  };
  /** GET /mail with exactly these headers (http.get: fetch would add its own and may not set Host). */
  const getMail = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(`${env.cloud.url}/mail?to=mia%40example.com`, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });

  it('answers the service key with the mails', async () => {
    await mailed();
    const answer = await getMail({ apikey: env.cloud.serviceKey });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { subject: string }[])[0]?.subject).toBe('Confirm your Songshelf account');
    expect((await getMail({ authorization: `Bearer ${env.cloud.serviceKey}` })).status).toBe(200);
  });

  it('answers the developer opening it in the browser (a navigation they started)', async () => {
    expect((await getMail({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).status).toBe(200);
  });

  it.each([
    ['no key at all', {}],
    ['the public key', { apikey: 'ANON' }],
    ['a page of another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }],
    ['a page of an allowed origin', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }],
    ['a page on the cloud’s own origin (a stored file)', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }],
    ['a frame another site opened', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
  ])('refuses %s', async (_name, headers: Record<string, string>) => {
    const answer = await getMail(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value === 'ANON' ? env.cloud.anonKey : value])));
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('/auth/v1/verify');
  });

  it('refuses a navigation under another host name (DNS rebinding), even one that looks started by the user', async () => {
    const answer = await getMail({ host: `rebind.example:${new URL(env.cloud.url).port}`, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' });
    expect(answer.status).toBe(403);
  });
});
