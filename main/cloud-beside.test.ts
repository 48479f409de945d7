// The cloud both shells start beside the app: the hosted project when configured, otherwise the local cloud,
// whose address is known at once and which says "starting" until its database is open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseCloud, startCloudBeside, type CloudBeside } from './cloud-beside';

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

  it('a packaged app uses the hosted project its release was built for and never starts the local cloud', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-cloud-beside-'));
    cloud = await startCloudBeside({ env: {}, dataDir, appRoot: APP_ROOT, packaged: true, release: { url: 'https://release.supabase.co', anonKey: 'release-key' }, log: quiet });
    expect(cloud.status()).toEqual({ endpoint: { url: 'https://release.supabase.co', anonKey: 'release-key', local: false }, starting: false });
    expect(fs.existsSync(path.join(dataDir, 'cloud'))).toBe(false);
  });

  it('a packaged app built without a project runs with accounts off rather than the development cloud', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-cloud-beside-'));
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    try {
      cloud = await startCloudBeside({ env: { SONGSHELF_CLOUD_PORT: '0' }, dataDir, appRoot: APP_ROOT, packaged: true, release: null, log: quiet });
    } finally {
      spy.mockRestore();
    }
    expect(cloud.status()).toEqual({ endpoint: null, starting: false });
    expect(errors.join('\n')).toContain('accounts and sync are off');
    expect(fs.existsSync(path.join(dataDir, 'cloud'))).toBe(false);
  });

  it('releaseCloud reads the project the build wrote into the bundle, and nothing when it wrote none', () => {
    vi.stubEnv('SONGSHELF_RELEASE_SUPABASE_URL', 'https://built.supabase.co');
    vi.stubEnv('SONGSHELF_RELEASE_SUPABASE_ANON_KEY', 'built-key');
    expect(releaseCloud()).toEqual({ url: 'https://built.supabase.co', anonKey: 'built-key' });
    vi.stubEnv('SONGSHELF_RELEASE_SUPABASE_URL', '');
    expect(releaseCloud()).toBeNull();
    vi.unstubAllEnvs();
  });
});
