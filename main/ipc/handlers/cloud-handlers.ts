/**
 * `cloud:*`: where the cloud is (the shell knows: a hosted project, or the local cloud it started), and removing one of
 * the app's uploaded files (its address must be one of the app's buckets).
 */
import type { HandlerMap } from '../handler';

export const cloudHandlers = {
  'cloud:config': (_input, { cloud }) => cloud(),
  'cloud:remove-file': ({ url }, { uploader }) => uploader.removeCloudFile(url),
} satisfies Partial<HandlerMap>;
