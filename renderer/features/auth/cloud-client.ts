/**
 * The page's client of the cloud (a hosted Supabase project, or the local cloud): made once from `cloud:config`
 * on the bridge. Null while the shell has no cloud (the local one still starting): accounts wait, the library
 * works.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getBridge } from '../../bridge/bridge';

let client: { url: string; supabase: SupabaseClient } | null = null;

export async function getCloudClient(): Promise<SupabaseClient | null> {
  const api = getBridge();
  if (!api) return null;
  const answer = await api['cloud:config']();
  const endpoint = answer.ok ? answer.data.endpoint : null;
  if (!endpoint) return null;
  if (client?.url !== endpoint.url) {
    client = {
      url: endpoint.url,
      // The session is kept in this browser's storage and found again in a confirmation link's address.
      supabase: createClient(endpoint.url, endpoint.anonKey, { auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true } }),
    };
  }
  return client.supabase;
}
