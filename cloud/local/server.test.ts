// The local cloud listens before its database is open: early requests wait for it, and a database that cannot
// open answers every request with a clear 503 instead of hanging or crashing the app beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocalCloud, type ListeningCloud } from './server';
import { TEST_JWT_SECRET } from './test-support';

const CLOUD_FOLDER = path.resolve(import.meta.dirname, '..');
let cloud: ListeningCloud | null = null;
const folders: string[] = [];
afterEach(async () => {
  await cloud?.close();
  cloud = null;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('listenLocalCloud', () => {
  it('knows its address at once and answers a request sent before the database opened', async () => {
    cloud = await listenLocalCloud({ cloudFolder: CLOUD_FOLDER, jwtSecret: TEST_JWT_SECRET });
    expect(cloud.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Sent before `ready`: it waits for the database, then gets a real answer.
    const early = fetch(`${cloud.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: cloud.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'early@example.com', password: 'long enough password' }),
    });
    const response = await early;
    expect(response.status).toBe(200);
    const ready = await cloud.ready;
    expect(ready.outbox.list('early@example.com')).toHaveLength(1);
  });

  it('answers 503 with a reason, and rejects ready, when its database cannot open', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-broken-cloud-'));
    folders.push(broken);
    fs.mkdirSync(path.join(broken, 'local'));
    fs.writeFileSync(path.join(broken, 'local', 'platform.sql'), 'this is not sql;');
    fs.mkdirSync(path.join(broken, 'migrations'));
    cloud = await listenLocalCloud({ cloudFolder: broken, jwtSecret: TEST_JWT_SECRET });
    await expect(cloud.ready).rejects.toThrow();
    const response = await fetch(`${cloud.url}/auth/v1/user`, { headers: { apikey: cloud.anonKey } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ msg: 'The local cloud could not open its database.' });
  });
});
