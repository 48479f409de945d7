// One build for the Node side: the browser host, Electron's main process and its preload, bundled by
// esbuild into dist/. Installed packages stay external (native modules cannot be bundled); the sandboxed
// preload is the exception: it can require nothing but `electron`, so everything else is bundled into it.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

await Promise.all([
  build({
    ...common,
    entryPoints: { host: 'main/host/index.ts' },
    outdir: 'dist/node',
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    packages: 'external',
  }),
  build({
    ...common,
    entryPoints: { main: 'main/electron/main.ts' },
    outdir: 'dist/electron',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    packages: 'external',
  }),
  build({
    ...common,
    entryPoints: { preload: 'main/electron/preload.ts' },
    outdir: 'dist/electron',
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    platform: 'browser',
    external: ['electron'],
  }),
]);
console.log('Built dist/node/host.mjs, dist/electron/main.cjs, dist/electron/preload.cjs');
