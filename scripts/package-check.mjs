// `npm run package:check`: bundles what Electron Forge packages (main, preload, workers, renderer) and checks the
// output the way a broken package would fail on a user's machine, here where Electron cannot run:
// - every entry point exists, and the window loads the renderer's index.html;
// - no Node built-in reaches the renderer bundle (the page runs sandboxed, without Node);
// - the sandboxed preload requires nothing but `electron`;
// - forge.config.ts, loaded by Forge's own loader: its makers, publisher and plugins are installed; the disk
//   images (universal, arm64, x64) and the Windows setup are named as the website links them;
// - every native package the main process or workers load stays external to the bundles (a bundled `.node`
//   binding cannot load) and is unpacked from the asar archive, and so are ffmpeg and PGlite;
// - the app and tray icons exist;
// - the fuses are set as issue 8 asks (no RunAsNode, no NODE_OPTIONS or inspect arguments, cookie encryption,
//   asar integrity, only load the app from asar).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules, createRequire } from 'node:module';

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

// forge.config.ts as Forge itself loads it (its jiti loader), and what it names.
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const { default: loadForgeConfig } = require('@electron-forge/core/dist/util/forge-config.js');
const { createJiti } = require('jiti');
const { RELEASE_FILES } = await createJiti(import.meta.url).import(path.join(root, 'common/website/release.ts'));
const { FuseV1Options } = require('@electron/fuses');
const config = await loadForgeConfig(root);
for (const part of [...config.makers, ...config.publishers, ...config.plugins]) {
  let found = true;
  try {
    require.resolve(part.name, { paths: [root] });
  } catch {
    found = false;
  }
  check(found, `forge.config.ts names ${part.name}, which is not installed`);
}
const dmg = config.makers.find((maker) => maker.name === '@electron-forge/maker-dmg');
const squirrel = config.makers.find((maker) => maker.name === '@electron-forge/maker-squirrel');
for (const [arch, file] of [['universal', RELEASE_FILES.macUniversal], ['arm64', RELEASE_FILES.macArm64], ['x64', RELEASE_FILES.macX64]]) {
  const made = typeof dmg?.config === 'function' ? dmg.config(arch) : dmg?.config;
  check(made && `${made.name}.dmg` === file, `the ${arch} disk image would not be named ${file} (the website's link)`);
}
check(squirrel?.config?.setupExe === RELEASE_FILES.windowsSetup, `the Windows setup would not be named ${RELEASE_FILES.windowsSetup} (the website's link)`);
check(config.publishers.some((publisher) => publisher.name === '@electron-forge/publisher-github'), 'no GitHub releases publisher');
const unpack = config.packagerConfig.asar?.unpack ?? '';
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

// Icons.
check(config.packagerConfig.icon === 'assets/icon', 'forge.config.ts names no app icon');

// What ships of the checkout: every file the app reads at run time, and none of the local cloud's code or test suites.
const ignored = config.packagerConfig.ignore;
const shipped = (file) => (typeof ignored === 'function' ? !ignored(file) : !ignored.some((pattern) => pattern.test(file)));
const runTime = ['', '/package.json', '/dist/electron/main.cjs', '/migrations/0000_initial.sql', '/cloud', '/cloud/migrations', '/cloud/local', '/cloud/local/platform.sql', '/assets/icon.icns', '/node_modules/better-sqlite3/package.json'];
for (const name of fs.readdirSync(path.join(root, 'cloud/migrations'))) runTime.push(`/cloud/migrations/${name}`);
for (const file of runTime) check(shipped(file), `forge.config.ts leaves out ${file}, which the app reads at run time`);
const notShipped = ['/cloud/local/rest.ts', '/cloud/local/grants-suite.ts', '/cloud/local/rls.test.ts', '/cloud/supabase/functions/share-audio/index.ts', '/fixtures/generators/als.ts', '/e2e/library.spec.ts', '/main/core.ts', '/cloud/README.md'];
for (const file of notShipped) check(!shipped(file), `forge.config.ts ships ${file}, which the app never reads`);
for (const icon of ['assets/icon.icns', 'assets/icon.ico', 'assets/trayTemplate.png', 'assets/trayTemplate@2x.png', 'assets/tray.png', 'assets/tray@2x.png']) check(fs.existsSync(path.join(root, icon)), `missing ${icon}`);

// Fuses.
const fuses = config.plugins.find((plugin) => plugin.name === '@electron-forge/plugin-fuses')?.config ?? {};
const wanted = { RunAsNode: false, EnableNodeOptionsEnvironmentVariable: false, EnableNodeCliInspectArguments: false, EnableCookieEncryption: true, EnableEmbeddedAsarIntegrityValidation: true, OnlyLoadAppFromAsar: true };
for (const [fuse, value] of Object.entries(wanted)) check(fuses[FuseV1Options[fuse]] === value, `the fuse ${fuse} is not set to ${value}`);

if (problems.length > 0) {
  console.error(`package:check found ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`package:check: ${entries.length} entry points, renderer free of Node built-ins, preload requires only electron, forge config loaded (${config.makers.length} makers, release names as linked), native packages external and unpacked (${natives.join(', ')}), icons, fuses set, only run-time files shipped.`);
