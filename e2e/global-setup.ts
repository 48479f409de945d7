// Starts the real browser host, built by `npm run test:e2e`, on a fresh data folder and a free port, the way
// `npm start` does, with its local cloud; signs the tests' musician in there; builds and serves the website for
// that cloud; and hands both addresses (the host's with its token) to the tests.
import { startHost } from './host';
import { writeSignedInState } from './signed-in';
import { startWebsite } from './website';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const host = await startHost();
  const cloud = host.cloud!;
  await writeSignedInState(new URL(host.url).origin, cloud.url, cloud.anonKey);
  process.env.SONGSHELF_E2E_URL = host.url;
  process.env.SONGSHELF_E2E_CLOUD_URL = cloud.url;
  process.env.SONGSHELF_E2E_ANON_KEY = cloud.anonKey;
  const website = await startWebsite(cloud.url, cloud.anonKey);
  process.env.SONGSHELF_E2E_WEB_URL = website.url;
  return async () => {
    website.stop();
    host.stop();
  };
}
