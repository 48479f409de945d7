import type { CloudKeys } from '../harness/signed-in';

/** The address of the browser host that global-setup started (token included). */
export function hostUrl(): string {
  const url = process.env.SONGSHELF_E2E_URL;
  if (!url) throw new Error('global-setup did not start the host');
  return url;
}

/** The address of the website (`npm run build:web`) that global-setup serves. */
export function websiteUrl(): string {
  const url = process.env.SONGSHELF_E2E_WEB_URL;
  if (!url) throw new Error('global-setup did not start the website');
  return url;
}

/** The local cloud the host started, its public key, and the service key that reads its mail. */
export function cloudEndpoint(): CloudKeys {
  const url = process.env.SONGSHELF_E2E_CLOUD_URL;
  const anonKey = process.env.SONGSHELF_E2E_ANON_KEY;
  const serviceKey = process.env.SONGSHELF_E2E_SERVICE_KEY;
  if (!url || !anonKey || !serviceKey) throw new Error('global-setup did not start the cloud');
  return { url, anonKey, serviceKey };
}
