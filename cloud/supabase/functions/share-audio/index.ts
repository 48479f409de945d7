// The `share-audio` Edge Function of a hosted project (Deno): `supabase functions deploy share-audio --workdir cloud
// --no-verify-jwt` (a listener has no account; the anon key alone calls it). It holds the service key, given by the
// platform, and asks the database through it; its rules are rules.ts, the same the local cloud runs and tests.
// Typechecked by Deno, not by the project's tsc (tsconfig.node.json leaves this file out).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { answerShareAudio, type AudioGrant } from './rules.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, { auth: { persistSession: false } });

Deno.serve(async (request: Request) => {
  if (request.method === 'OPTIONS') return new Response(null, { headers: CORS });
  if (request.method !== 'POST') return Response.json({ error: 'share_audio', message: 'Use POST.' }, { status: 405, headers: CORS });
  const body = await request.json().catch(() => null);
  const answer = await answerShareAudio(
    {
      async grant(token, password) {
        const { data, error } = await admin.rpc('share_audio_grant', { p_token: token, p_password: password });
        if (error) throw new Error(error.message);
        return data as AudioGrant;
      },
      async sign(objectPath, seconds, download) {
        const { data, error } = await admin.storage.from('audio-files').createSignedUrl(objectPath, seconds, download ? { download: true } : undefined);
        if (error || !data) throw new Error(error?.message ?? 'The audio could not be signed.');
        return data.signedUrl;
      },
    },
    body,
    Date.now(),
  );
  return Response.json(answer.body, { status: answer.status, headers: CORS });
});
