// Settings pulled from the cloud, through the real local cloud: folders no computer may watch are dropped and the
// user is told; the others are kept.
import { afterEach, expect, it } from 'vitest';
import type { AppNotification } from '../../common/projects/library';
import type { SyncReport } from '../../common/cloud/sync';
import { accessToken, useProxiedCloud } from '../../cloud/local/test-support';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
let core: TestCore | null = null;

afterEach(async () => {
  await core?.close();
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
});

it('a pull keeps the folders that may be watched, drops `/`, the data folder and system folders, and says so', async () => {
  core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
  });
  await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  const notices: AppNotification[] = [];
  core.events.on('notify', (notice) => notices.push(notice));
  // Written by something other than this app: no Songshelf lets a folder like these into the settings.
  const folders = ['/Users/ana/Music/Projects', '/', core.dataDir, '/etc', 'D:\\Projects'];
  const { error } = await env.pro.supabase
    .from('user_settings')
    .upsert({ id: env.pro.userId, project_directories: folders, changed_at: Date.now(), origin: 'another-device' }, { onConflict: 'id' });
  expect(error).toBeNull();

  await call<SyncReport>(core, 'sync:run');
  expect(await call(core, 'db:get-user-settings')).toMatchObject({ projectDirectories: ['/Users/ana/Music/Projects', 'D:\\Projects'] });
  expect(notices).toEqual([expect.objectContaining({ kind: 'error', title: 'Folders from the cloud were not kept', body: expect.stringMatching(/whole disk.*\(and 2 more\)/) })]);
});
