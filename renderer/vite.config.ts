import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // One CSP for all: no inline module preload polyfill script.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
});
