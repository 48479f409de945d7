/**
 * The `share-audio` function on the local cloud: the hosted Edge Function's rules
 * (cloud/supabase/functions/share-audio/rules.ts) over this cloud's database and signed URLs, so the local cloud
 * answers a listener's page exactly as a hosted project does.
 */
import { answerShareAudio, type AudioGrant, type ShareAudioAnswer } from '../supabase/functions/share-audio/rules';
import { signObjectToken } from './signed-urls';
import type { CloudDatabase } from './database';

export function shareAudio(db: CloudDatabase, jwtSecret: string, publicUrl: string, nowMs: number, body: unknown): Promise<ShareAudioAnswer> {
  return answerShareAudio(
    {
      // As the service role, as the Edge Function asks with its service key: the function decides, and counts.
      grant: (token, password) =>
        db.asService(async (tx) => (await tx.query<{ grant: AudioGrant }>('select public.share_audio_grant($1, $2) as grant', [token, password])).rows[0]!.grant),
      sign: async (objectPath, seconds, download) => {
        const signed = signObjectToken(jwtSecret, 'audio-files', objectPath, Math.floor(nowMs / 1000) + seconds);
        return `${publicUrl}/storage/v1/object/sign/audio-files/${encodeURI(objectPath)}?token=${signed}${download ? '&download=' : ''}`;
      },
    },
    body,
    nowMs,
  );
}
