/**
 * `sync:*`: the signed-in user's session for the core's sync, a run now, the upgrade's queue-all, the status, the
 * answer to held removals; and the cloud's files: a song's upload now, a removal, a signed address to play.
 */
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { isCloudFileUrl } from '../../../common/cloud-files';
import { getSong } from '../../../db/repositories/songs';
import type { HandlerMap } from '../handler';

export const syncHandlers = {
  'sync:session': ({ session }, { account }) => {
    account.setSession(session);
    return { signedIn: session !== null };
  },
  'sync:run': (_input, { sync }) => sync.runNow(),
  'sync:queue-all': (_input, { sync }) => ({ queued: sync.queueAll() }),
  'sync:status': (_input, { sync }) => sync.engine.status(),
  'sync:resolve-removals': ({ choice }, { sync }) => {
    sync.engine.removals.resolve(choice);
    return sync.runNow();
  },
  'songs:upload': ({ id }, { uploader }) => uploader.uploadSong(id),
  'cloud:remove-file': ({ url }, { uploader }) => uploader.removeCloudFile(url),
  'songs:cloud-audio-url': async ({ id }, { db, uploader }) => {
    const value = getSong(db, id)?.file?.value ?? '';
    if (!isCloudFileUrl(value)) throw new AppError('not_found', MESSAGES.songHasNoCloudAudio);
    return { url: await uploader.signedUrl(value) };
  },
} satisfies Partial<HandlerMap>;
