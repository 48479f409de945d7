/**
 * The page's client of the cloud (a hosted Supabase project, or the local cloud): made once from `cloud:config`
 * on the bridge. Null while the shell has no cloud: accounts wait while the local one is starting, the library
 * never does.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getBridge } from '../../bridge/bridge';

let client: { url: string; supabase: SupabaseClient } | null = null;

export interface CloudConnection {
  supabase: SupabaseClient | null;
  /** True while the shell's local cloud is still coming up: worth asking again. */
  starting: boolean;
}

export async function connectToCloud(): Promise<CloudConnection> {
  const api = getBridge();
  if (!api) return { supabase: null, starting: false };
  const answer = await api['cloud:config']();
  if (!answer.ok) return { supabase: null, starting: false };
  const { endpoint, starting } = answer.data;
  if (!endpoint) return { supabase: null, starting };
  if (client?.url !== endpoint.url) {
    client = {
      url: endpoint.url,
      // The session is kept in this browser's storage and found again in a confirmation link's address.
      supabase: createClient(endpoint.url, endpoint.anonKey, { auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true } }),
    };
  }
  return { supabase: client.supabase, starting: false };
}

export async function getCloudClient(): Promise<SupabaseClient | null> {
  return (await connectToCloud()).supabase;
}
