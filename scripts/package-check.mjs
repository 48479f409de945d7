// `npm run package:check`: bundles what Electron Forge packages (main, preload, workers, renderer) and checks the
// output the way a broken package would fail on a user's machine, here where Electron cannot run:
// - every entry point exists, and the window loads the renderer's index.html;
// - no Node built-in reaches the renderer bundle (the page runs sandboxed, without Node);
// - the sandboxed preload requires nothing but `electron`;
// - every native package the main process or workers load stays external to the bundles (a bundled `.node`
//   binding cannot load) and is unpacked from the asar archive by forge.config.ts, and so is ffmpeg;
// - the app and tray icons exist;
// - the fuses of forge.config.ts are set as issue 8 asks (no RunAsNode, no NODE_OPTIONS, cookie encryption, asar
//   integrity, only load the app from asar).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

if (!process.argv.includes('--no-build')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const entries = ['dist/electron/main.cjs', 'dist/electron/preload.cjs', 'dist/electron/worker.cjs', 'dist/renderer/index.html'];
for (const entry of entries) check(fs.existsSync(path.join(root, entry)), `missing entry point ${entry}`);

// The renderer: no `node:` imports, no bare built-in module names imported or required.
const rendererAssets = path.join(root, 'dist/renderer/assets');
const builtins = new Set(builtinModules.filter((name) => !name.startsWith('_')));
for (const file of fs.existsSync(rendererAssets) ? fs.readdirSync(rendererAssets).filter((name) => name.endsWith('.js')) : []) {
  const code = fs.readFileSync(path.join(rendererAssets, file), 'utf8');
  for (const match of code.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']([^"']+)["']/g)) {
    const specifier = match[1];
    const bare = specifier.replace(/^node:/, '').split('/')[0];
    check(!specifier.startsWith('node:') && !builtins.has(bare), `the renderer bundle ${file} imports the Node built-in "${specifier}"`);
  }
}

// The preload: sandboxed, so `electron` is the only module it may require.
const preload = fs.existsSync(path.join(root, 'dist/electron/preload.cjs')) ? fs.readFileSync(path.join(root, 'dist/electron/preload.cjs'), 'utf8') : '';
for (const match of preload.matchAll(/require\(["']([^"']+)["']\)/g)) check(match[1] === 'electron', `the preload requires "${match[1]}"; a sandboxed preload may require only electron`);

// Native packages: external in the bundles (required by name) and unpacked from asar.
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const forge = fs.readFileSync(path.join(root, 'forge.config.ts'), 'utf8');
const unpack = /unpack:\s*'([^']+)'/.exec(forge)?.[1] ?? '';
const unpacked = (name) => unpack.includes(name) || unpack.includes(`${name.split('/')[0]}/`) || new RegExp(`[{,]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[*,}]`).test(unpack);
const bundles = ['dist/electron/main.cjs', 'dist/electron/worker.cjs'].map((file) => (fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '')).join('\n');
const natives = Object.keys(pkg.dependencies).filter((name) => {
  const dir = path.join(root, 'node_modules', name);
  return fs.existsSync(path.join(dir, 'binding.gyp')) || fs.existsSync(path.join(dir, 'prebuilds')) || /watcher$/.test(name);
});
check(natives.includes('better-sqlite3'), 'better-sqlite3 was not recognised as a native package');
for (const name of natives) {
  if (bundles.includes(`require("${name}")`)) check(unpacked(name), `the native package ${name} is not unpacked from asar (forge.config.ts asar.unpack)`);
  check(!bundles.includes(`node_modules/${name}/`), `the native package ${name} was bundled; it must stay external`);
}
for (const name of ['@ffmpeg-installer', '@electric-sql/pglite']) check(unpacked(name), `${name} is not unpacked from asar`);

// Icons the makers name.
for (const icon of ['assets/icon.icns', 'assets/icon.ico', 'assets/trayTemplate.png', 'assets/trayTemplate@2x.png', 'assets/tray.png', 'assets/tray@2x.png']) check(fs.existsSync(path.join(root, icon)), `missing ${icon}`);
check(forge.includes("icon: 'assets/icon'"), 'forge.config.ts names no app icon');

// Fuses.
for (const fuse of ['RunAsNode]: false', 'EnableNodeOptionsEnvironmentVariable]: false', 'EnableCookieEncryption]: true', 'EnableEmbeddedAsarIntegrityValidation]: true', 'OnlyLoadAppFromAsar]: true', 'EnableNodeCliInspectArguments]: false']) {
  check(forge.includes(fuse), `forge.config.ts does not set the fuse ${fuse.split(']')[0]} as required`);
}

if (problems.length > 0) {
  console.error(`package:check found ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`package:check: ${entries.length} entry points, renderer free of Node built-ins, preload requires only electron, native packages external and unpacked (${natives.join(', ')}), fuses set.`);
