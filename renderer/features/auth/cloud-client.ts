/**
 * The page's client of the cloud (a hosted Supabase project, or the local cloud): in the app made once from
 * `cloud:config` on the bridge, on the website from the project the site was built for. Null while there is no
 * cloud: accounts wait while the local one is starting, the library never does.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { NO_CLOUD, type CloudStatus } from '../../../common/ipc';
import { getBridge } from '../../bridge/bridge';

let client: { url: string; supabase: SupabaseClient } | null = null;

export interface CloudConnection {
  supabase: SupabaseClient | null;
  /** True while the shell's local cloud is still coming up: worth asking again. */
  starting: boolean;
}

/** The website's cloud, fixed when it was built (`VITE_SUPABASE_URL`, `VITE_SUPABASE_ANON_KEY`). */
function websiteCloud(): CloudStatus {
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  return { endpoint: url && anonKey ? { url, anonKey, local: false } : null, starting: false };
}

async function cloudStatus(): Promise<CloudStatus> {
  const api = getBridge();
  if (!api) return websiteCloud();
  const answer = await api['cloud:config']();
  return answer.ok ? answer.data : NO_CLOUD;
}

export async function connectToCloud(): Promise<CloudConnection> {
  const { endpoint, starting } = await cloudStatus();
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
