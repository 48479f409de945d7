/**
 * The `share-audio` function (issue 33): a listener's page, with no account, asks for the shared song's audio with
 * the link's token (and password). The link is checked by the database (`share_open`, cloud/migrations/0007): a
 * revoked, expired or unknown link is refused as there. The answer is a signed address of the object the link plays (the
 * chosen version's, or the song's newest bounce: cloud/migrations/0008), valid one hour, which opens that object alone. On a hosted project this is an Edge Function holding the service
 * key; here the local cloud signs as its storage does.
 */
import { signObjectToken } from './signed-urls';
import type { CloudDatabase } from './database';

/** How long a listener's audio address works. */
export const SHARE_AUDIO_SECONDS = 3600;

export class ShareAudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function shareAudio(
  db: CloudDatabase,
  jwtSecret: string,
  publicUrl: string,
  nowMs: number,
  body: Record<string, unknown>,
): Promise<{ url: string; expiresAt: number; allowDownload: boolean }> {
  const token = typeof body.token === 'string' ? body.token : '';
  const password = typeof body.password === 'string' ? body.password : null;
  // As the listener (anon): the function decides, with its own refusals, and nothing else is reachable.
  const link = await db.asClaims({ role: 'anon' }, async (tx) => {
    const { rows } = await tx.query<{ page: { hasAudio: boolean; allowDownload: boolean } }>('select public.share_listen($1, $2) as page', [token, password]);
    return rows[0]!.page;
  });
  if (!link.hasAudio) throw new ShareAudioError(404, 'This song’s audio is not in the cloud yet.');
  // The object the link plays now: its version's, or its song's newest bounce (cloud/migrations/0008).
  const objectPath = await db.asOwner(
    async (tx) => (await tx.query<{ object_path: string | null }>('select public.share_audio_object(link) as object_path from public.share_open($1, $2) link', [token, password])).rows[0]!.object_path,
  );
  if (objectPath === null) throw new ShareAudioError(404, 'This song’s audio is not in the cloud yet.');
  const expiresAt = Math.floor(nowMs / 1000) + SHARE_AUDIO_SECONDS;
  const signed = signObjectToken(jwtSecret, 'audio-files', objectPath, expiresAt);
  return { url: `${publicUrl}/storage/v1/object/sign/audio-files/${encodeURI(objectPath)}?token=${signed}`, expiresAt: expiresAt * 1000, allowDownload: link.allowDownload };
}
