/**
 * The `share-audio` function's rules (issue 42), one module for the hosted Edge Function (`index.ts` beside this
 * file, on Deno) and the local cloud (cloud/local/share-audio.ts, on Node): it imports nothing, so both run it as it
 * is. A listener's page, with no account, asks for the shared song's audio with the link's token (and password).
 * The database decides (`share_audio_grant`, cloud/migrations/0009: a revoked, expired or unknown link is refused,
 * wrong passwords are counted and lock the link); the answer is a signed address of the one object the link plays,
 * valid a few minutes: the page asks again as playback goes on, so a revoked link stops playing within minutes.
 */

/** How long a listener's audio address works; the page asks for a new one before it lapses. */
export const SHARE_AUDIO_SECONDS = 300;

/** What the database answers `share_audio_grant`: the object, or a counted wrong password. */
export type AudioGrant = { objectPath: string | null; allowDownload: boolean } | { refused: 'password'; message: string };

export interface ShareAudioDeps {
  /** `share_audio_grant(p_token, p_password)` as the service role; a refusal rejects with the database's message. */
  grant(token: string, password: string | null): Promise<AudioGrant>;
  /** A signed address of `objectPath` in `audio-files`, valid `seconds`, offered as a download when `download`. */
  sign(objectPath: string, seconds: number, download: boolean): Promise<string>;
}

export interface ShareAudioAnswer {
  status: number;
  body: { url: string; expiresAt: number; allowDownload: boolean } | { error: string; message: string };
}

const TOKEN = /^[0-9a-f]{64}$/;
const MAX_PASSWORD_LENGTH = 200;
export const NOT_AVAILABLE = 'This link is not available';
export const NO_AUDIO_YET = 'This song’s audio is not in the cloud yet.';

/** The HTTP status for a refusal the database raised, by its message (the one plain refusal when unknown). */
function refusalStatus(message: string): number {
  if (message === 'This link needs its password') return 401;
  if (message.startsWith('Too many wrong passwords')) return 429;
  return 404;
}

const refusal = (status: number, message: string): ShareAudioAnswer => ({ status, body: { error: 'share_audio', message } });

/** The answer to one request's JSON body at `nowMs`. Never throws for what a caller sent. */
export async function answerShareAudio(deps: ShareAudioDeps, body: unknown, nowMs: number): Promise<ShareAudioAnswer> {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const token = fields.token;
  const password = fields.password ?? null;
  if (typeof token !== 'string' || !TOKEN.test(token)) return refusal(404, NOT_AVAILABLE);
  if (password !== null && (typeof password !== 'string' || password.length > MAX_PASSWORD_LENGTH)) return refusal(401, 'That password does not open this song.');
  let grant: AudioGrant;
  try {
    grant = await deps.grant(token, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const status = refusalStatus(message);
    return refusal(status, status === 404 ? NOT_AVAILABLE : message);
  }
  if ('refused' in grant) return refusal(401, grant.message);
  if (grant.objectPath === null) return refusal(404, NO_AUDIO_YET);
  const url = await deps.sign(grant.objectPath, SHARE_AUDIO_SECONDS, grant.allowDownload);
  return { status: 200, body: { url, expiresAt: nowMs + SHARE_AUDIO_SECONDS * 1000, allowDownload: grant.allowDownload } };
}
