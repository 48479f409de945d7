/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The website's cloud (`npm run build:web`): a hosted Supabase project's address and public key. */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
