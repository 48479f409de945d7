/**
 * The website's client of the cloud (the project the site was built for: `VITE_SUPABASE_URL`,
 * `VITE_SUPABASE_ANON_KEY`), made once. The app has none: there the core signs in and keeps the session
 * (`account:*` channels), and the page never holds a token.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { hasCore } from '../../api/calls';

/** One client per page (two would race over the stored session). */
let client: SupabaseClient | null = null;

/** The website's cloud client; null in the app, or when the site was built without a cloud. */
export function getCloudClient(): Promise<SupabaseClient | null> {
  if (hasCore()) return Promise.resolve(null);
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (!url || !anonKey) return Promise.resolve(null);
  // Sign-in only completes what this page started (DESIGN.md "The account"): PKCE keeps a one-time verifier in this
  // browser when a Google sign-in or a sign-up begins, and only the callback that brings the matching code gets a
  // session. Tokens in an address are never taken (no `detectSessionInUrl`): any page can link here with some.
  client ??= createClient(url, anonKey, { auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: false } });
  return Promise.resolve(client);
}
