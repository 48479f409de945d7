import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { websiteHeaders } from '../common/bridge/csp';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The website's security headers and single-page fallback, as files static hosts read (`_headers`, `_redirects`),
 * with the policy made from the one in common/bridge/csp.ts for the cloud the site is built for.
 */
function websiteHostFiles(cloudUrl: string | undefined): Plugin {
  return {
    name: 'songshelf-website-host-files',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: websiteHeaders(cloudUrl) });
      this.emitFile({ type: 'asset', fileName: '_redirects', source: '/*  /index.html  200\n' });
    },
  };
}

// `--mode web` builds the website (`npm run build:web`): the same renderer, without the desktop bridge.
export default defineConfig(({ mode }) => ({
  root: rendererDir,
  base: '/',
  plugins: [react(), ...(mode === 'web' ? [websiteHostFiles(loadEnv(mode, rendererDir, 'VITE_').VITE_SUPABASE_URL)] : [])],
  build: {
    outDir: fileURLToPath(new URL(mode === 'web' ? '../dist/web' : '../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // One CSP for all: no inline module preload polyfill script.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
}));
