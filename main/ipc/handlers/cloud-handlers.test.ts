import { afterEach, describe, expect, it } from 'vitest';
import type { CloudEndpoint } from '../../../common/ipc';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore | null = null;
afterEach(() => core?.close());

describe('cloud:config', () => {
  it('answers no endpoint until the shell has one, then the one it has now', async () => {
    let endpoint: CloudEndpoint | null = null;
    core = createTestCore(undefined, { cloud: () => endpoint });
    expect(await core.router.dispatch('cloud:config', undefined)).toEqual({ ok: true, data: { endpoint: null } });
    endpoint = { url: 'http://127.0.0.1:54321', anonKey: 'public-key', local: true };
    expect(await core.router.dispatch('cloud:config', undefined)).toEqual({ ok: true, data: { endpoint } });
  });

  it('refuses an input it does not take', async () => {
    core = createTestCore();
    const answer = await core.router.dispatch('cloud:config', { url: 'http://evil.example' });
    expect(answer.ok).toBe(false);
  });
});
