import { afterEach, describe, expect, it } from 'vitest';
import type { CloudStatus } from '../../../common/bridge/ipc';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore | null = null;
afterEach(() => core?.close());

describe('cloud:config', () => {
  it('answers what the shell knows now: starting, then the endpoint', async () => {
    let status: CloudStatus = { endpoint: null, starting: true };
    core = createTestCore(undefined, { cloud: () => status });
    expect(await core.router.dispatch('cloud:config', undefined)).toEqual({ ok: true, data: { endpoint: null, starting: true } });
    const endpoint = { url: 'http://127.0.0.1:54321', anonKey: 'public-key', local: true };
    status = { endpoint, starting: false };
    expect(await core.router.dispatch('cloud:config', undefined)).toEqual({ ok: true, data: { endpoint, starting: false } });
  });

  it('answers no cloud and nothing to wait for when the shell has none', async () => {
    core = createTestCore();
    expect(await core.router.dispatch('cloud:config', undefined)).toEqual({ ok: true, data: { endpoint: null, starting: false } });
  });

  it('refuses an input it does not take', async () => {
    core = createTestCore();
    const answer = await core.router.dispatch('cloud:config', { url: 'http://evil.example' });
    expect(answer.ok).toBe(false);
  });
});
