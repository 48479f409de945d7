/**
 * The core's way to the cloud as the signed-in user. The page that holds the session hands over the user's id
 * and access token (`sync:session`, again after every refresh); a supabase-js client built on the shell's cloud
 * endpoint sends that token with each request. Every request has a time limit, so a cloud that stops answering
 * fails the run (to be retried) instead of holding the sync forever; and each one is counted, for the benchmark
 * and the run's report.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { SubscriptionTier } from '../../common/cloud/account';
import type { CloudEndpoint } from '../../common/bridge/ipc';
import type { SyncSession } from '../../common/cloud/sync';

/** Long enough for a 1000-row page on a slow line; a cloud that says nothing for this long has failed. */
const SYNC_REQUEST_TIMEOUT_MS = 30_000;

export interface CloudSessionOptions {
  requestTimeoutMs?: number;
  /** The fetch under the client (tests and benchmarks wrap it). Default: the global fetch. */
  fetch?: typeof fetch;
}

export interface SignedInCloud {
  userId: string;
  supabase: SupabaseClient;
}

export class CloudSession {
  private session: SyncSession | null = null;
  private client: { key: string; supabase: SupabaseClient } | null = null;
  /** Requests sent since the core started. */
  requests = 0;

  constructor(
    private readonly endpoint: () => CloudEndpoint | null,
    private readonly options: CloudSessionOptions = {},
  ) {}

  set(session: SyncSession | null): void {
    this.session = session;
  }

  /** The cloud's address, for the file addresses uploads give. */
  endpointUrl(): string | null {
    return this.endpoint()?.url ?? null;
  }

  get userId(): string | null {
    return this.session?.userId ?? null;
  }

  /** The cloud as the signed-in user; null when nobody is signed in or there is no cloud. */
  current(): SignedInCloud | null {
    const endpoint = this.endpoint();
    if (!this.session || !endpoint) return null;
    const key = `${endpoint.url} ${endpoint.anonKey}`;
    if (this.client?.key !== key) this.client = { key, supabase: this.createClient(endpoint) };
    return { userId: this.session.userId, supabase: this.client.supabase };
  }

  /**
   * Uploads one object as the signed-in user (the storage API supabase-js calls, with upsert), with its own time
   * limit: an upload of 50 MB may rightly take minutes, where other requests have 30 s.
   */
  async uploadObject(bucket: string, objectPath: string, bytes: Buffer, contentType: string, timeoutMs: number): Promise<void> {
    const endpoint = this.endpoint();
    const token = this.session?.accessToken;
    if (!endpoint || !token) throw new Error('Not signed in to the cloud.');
    this.requests += 1;
    const encoded = objectPath.split('/').map(encodeURIComponent).join('/');
    const response = await (this.options.fetch ?? fetch)(`${endpoint.url}/storage/v1/object/${bucket}/${encoded}`, {
      method: 'POST',
      headers: { apikey: endpoint.anonKey, authorization: `Bearer ${token}`, 'content-type': contentType, 'x-upsert': 'true' },
      body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`The cloud refused the upload (${response.status})${detail ? `: ${detail.slice(0, 200)}` : ''}`);
    }
  }

  private createClient(endpoint: CloudEndpoint): SupabaseClient {
    const timeoutMs = this.options.requestTimeoutMs ?? SYNC_REQUEST_TIMEOUT_MS;
    const baseFetch = this.options.fetch ?? fetch;
    const timedFetch: typeof fetch = (input, init) => {
      this.requests += 1;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      return baseFetch(input, { ...init, signal });
    };
    return createClient(endpoint.url, endpoint.anonKey, {
      // The token is the page's: this client never signs in, refreshes or stores a session of its own.
      accessToken: async () => this.session?.accessToken ?? null,
      global: { fetch: timedFetch },
      // Node 20 has no WebSocket of its own (ENVIRONMENT.md); sync does not use realtime, the client still wants one.
      realtime: { transport: ws as never },
    });
  }
}

/** The tier of the user's newest active subscription, as the cloud says (the row only checkout can make pro). */
export async function readActiveTier({ supabase, userId }: SignedInCloud): Promise<SubscriptionTier> {
  const { data, error } = await supabase
    .from('subscriptions')
    .select('tier')
    .eq('user_id', userId)
    .eq('status', 'active')
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`The subscription could not be read: ${error.message}`);
  return data?.tier === 'pro' ? 'pro' : 'free';
}
