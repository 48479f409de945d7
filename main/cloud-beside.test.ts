// The cloud both shells start beside the app: the hosted project when configured, otherwise the local cloud,
// whose address is known at once and which says "starting" until its database is open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCloudBeside, type CloudBeside } from './cloud-beside';

const APP_ROOT = path.resolve(import.meta.dirname, '..');
let cloud: CloudBeside | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  await cloud?.close();
  cloud = null;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const quiet = () => undefined;

describe('startCloudBeside', () => {
  it('uses the hosted project that SUPABASE_URL names, and lets the page connect to it', async () => {
    cloud = await startCloudBeside({ env: { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'public' }, dataDir: '/nonexistent', appRoot: APP_ROOT, log: quiet });
    expect(cloud.status()).toEqual({ endpoint: { url: 'https://abc.supabase.co', anonKey: 'public', local: false }, starting: false });
    expect(cloud.origins()).toEqual(['https://abc.supabase.co']);
  });

  it('starts the local cloud on the data folder: its address at once, then ready', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-cloud-beside-'));
    const lines: string[] = [];
    cloud = await startCloudBeside({ env: { SONGSHELF_CLOUD_PORT: '0' }, dataDir, appRoot: APP_ROOT, log: (line) => lines.push(line) });
    const first = cloud.status();
    expect(first.starting).toBe(true);
    expect(first.endpoint?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cloud.origins()).toEqual([first.endpoint!.url]);
    await expect.poll(() => cloud!.status().starting, { timeout: 30_000 }).toBe(false);
    expect(cloud.status().endpoint).toEqual(first.endpoint);
    expect(lines.join('\n')).toContain(`anon key: ${first.endpoint!.anonKey}`);
    expect(fs.existsSync(path.join(dataDir, 'cloud', 'pgdata'))).toBe(true);
  });
});
