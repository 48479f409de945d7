/**
 * The page's client of the cloud (a hosted Supabase project, or the local cloud): in the app made once from
 * `cloud:config` on the bridge, on the website from the project the site was built for. Null while there is no
 * cloud: accounts wait while the local one is starting, the library never does.
 */
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { NO_CLOUD, type CloudStatus } from '../../../common/ipc';
import { getBridge } from '../../bridge/bridge';

/** One client per page (made once: two would race over the stored session). */
let client: { url: string; supabase: Promise<SupabaseClient> } | null = null;

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
    // The session is kept in the shell's encrypted vault where it has one (the desktop app), otherwise in this
    // browser's storage. Sign-in only completes what this page started (DESIGN.md "The account"): PKCE keeps a
    // one-time verifier here when a Google sign-in or a sign-up begins, and only the callback that brings the
    // matching code gets a session. Tokens in an address are never taken (no `detectSessionInUrl`): any page or
    // program can open a link, and it would sign the app in to whatever account the tokens belong to.
    const made = vaultStorage().then((storage) =>
      createClient(endpoint.url, endpoint.anonKey, {
        auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, ...(storage ? { storage } : {}) },
      }),
    );
    client = { url: endpoint.url, supabase: made };
  }
  return { supabase: await client.supabase, starting: false };
}

/** supabase-js's storage, kept by the shell encrypted (Electron's safeStorage); null where it cannot. */
async function vaultStorage(): Promise<SupportedStorage | null> {
  const api = getBridge();
  const vault = await api?.['session:vault']();
  if (!api || !vault?.ok || !vault.data.available) return null;
  return {
    getItem: async (key) => {
      const answer = await api['session:get-item']({ key });
      return answer.ok ? answer.data.value : null;
    },
    setItem: async (key, value) => {
      await api['session:set-item']({ key, value });
    },
    removeItem: async (key) => {
      await api['session:remove-item']({ key });
    },
  };
}

/**
 * Whether this page keeps a session (supabase-js's `sb-<project>-auth-token`), without asking the cloud: the app
 * waits for the client only when there is one to hand to the core.
 */
export async function hasStoredSession(): Promise<boolean> {
  const { endpoint } = await cloudStatus();
  if (!endpoint) return false;
  const key = `sb-${new URL(endpoint.url).hostname.split('.')[0]}-auth-token`;
  const api = getBridge();
  const vault = await api?.['session:vault']();
  if (api && vault?.ok && vault.data.available) {
    const answer = await api['session:get-item']({ key });
    return answer.ok && answer.data.value !== null;
  }
  return localStorage.getItem(key) !== null;
}

export async function getCloudClient(): Promise<SupabaseClient | null> {
  return (await connectToCloud()).supabase;
}
