import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

// `--mode web` builds the website (`npm run build:web`): the same renderer, without the desktop bridge.
export default defineConfig(({ mode }) => ({
  root: rendererDir,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL(mode === 'web' ? '../dist/web' : '../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // One CSP for all: no inline module preload polyfill script.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
}));
