// One build for the Node side: the browser host, the CLI, the worker pool's entry, Electron's main process
// and its preload, bundled by esbuild into dist/. Installed packages stay external (native modules cannot be
// bundled); the sandboxed preload is the exception: it can require nothing but `electron`, so everything else
// is bundled into it. `--test-only DIR` builds the worker and the CLI into DIR (vitest's global setup).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
const esm = { ...common, format: 'esm', outExtension: { '.js': '.mjs' }, packages: 'external' };
const cjs = { ...common, format: 'cjs', outExtension: { '.js': '.cjs' }, packages: 'external' };

// The worker pool's entry is CommonJS with its packages bundled in: piscina loads a worker with `require()` first,
// and on Node 20.19+ (and Electron's Node) `require()` of an ES module runs `require(esm)`, which aborts the whole
// process ("v8::Module::IsGraphAsync must be used on an instantiated module") when the pool ends a worker that is
// still loading. A CommonJS file with no ES packages behind it never takes that path. Only ffmpeg's installer
// stays outside: it finds its binary beside its own package.
function buildWorker(outdir) {
  return build({ ...common, format: 'cjs', outExtension: { '.js': '.cjs' }, entryPoints: { worker: 'workers/index.ts', 'walk-helper': 'workers/scan/walk-helper.ts' }, outdir, external: ['@ffmpeg-installer/ffmpeg'] });
}

const testOnly = process.argv.indexOf('--test-only');
if (testOnly !== -1) {
  const outdir = process.argv[testOnly + 1] ?? 'dist/test';
  await Promise.all([buildWorker(outdir), build({ ...esm, entryPoints: { cli: 'main/cli/index.ts', 'host-main': 'main/host/host-main.ts' }, outdir })]);
} else {
  await Promise.all([
    build({ ...esm, entryPoints: { 'host-main': 'main/host/host-main.ts', cli: 'main/cli/index.ts', cloud: 'main/cli/cloud.ts' }, outdir: 'dist/node' }),
    buildWorker('dist/node'),
    build({ ...esm, entryPoints: { scan: 'bench/scan.ts', watch: 'bench/watch.ts', query: 'bench/query.ts', table: 'bench/table.ts', compress: 'bench/compress.ts', sync: 'bench/sync.ts', crash: 'bench/crash.ts', analyse: 'bench/analyse.ts', versions: 'bench/versions.ts', 'time-limit': 'bench/time-limit.ts' }, outdir: 'dist/bench' }),
    // A release's hosted project is build configuration (`npm run make` with SUPABASE_URL and SUPABASE_ANON_KEY):
    // a packaged app has no developer's environment to read it from (main/cloud-beside.ts, releaseCloud).
    build({
      ...cjs,
      entryPoints: { main: 'main/electron/main.ts' },
      outdir: 'dist/electron',
      define: {
        'process.env.SONGSHELF_RELEASE_SUPABASE_URL': JSON.stringify(process.env.SUPABASE_URL ?? ''),
        'process.env.SONGSHELF_RELEASE_SUPABASE_ANON_KEY': JSON.stringify(process.env.SUPABASE_ANON_KEY ?? ''),
      },
    }),
    buildWorker('dist/electron'),
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
  // stderr: the CLI's stdout carries only its JSON.
  console.error('Built dist/node/{host-main,cli}.mjs, dist/node/{worker,walk-helper}.cjs and dist/electron/{main,worker,walk-helper,preload}.cjs');
}
