/**
 * Electron Forge packaging: `npm run make` on the release machines (macOS and Windows, where Electron and the
 * native module rebuild can download what they need); `npm run package:check` loads this file with Forge's own
 * loader here and checks it. File names come from `common/website/release.ts`, shared with the website's download links.
 * (Forge installs thanks to the @electron/node-gyp override in package.json, noted in ENVIRONMENT.md.)
 */
import type { ForgeConfig } from '@electron-forge/shared-types';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { APP_NAME, APP_VERSION } from './common/constants';
import { RELEASE_FILES, RELEASE_REPOSITORY } from './common/website/release';

/**
 * What the app reads at run time: its bundles, the database migrations, the cloud's migrations and the platform SQL
 * the local cloud starts from, the tray icons, its packages. Nothing else of the checkout ships: not the local cloud's
 * code (bundled into dist), its test suites or the Edge Function's source. Paths as the packager gives them, from the
 * app folder with a leading slash ('' for the folder itself); a folder is kept when something in it ships.
 */
export function isShipped(file: string): boolean {
  return file === '' || /^\/(dist|migrations|assets|node_modules)(\/|$)|^\/package\.json$|^\/cloud(\/migrations(\/[^/]+\.sql)?|\/local(\/platform\.sql)?)?$/.test(file);
}

const config: ForgeConfig = {
  packagerConfig: {
    name: APP_NAME,
    appVersion: APP_VERSION,
    appBundleId: 'app.songshelf.desktop',
    // assets/icon.icns on macOS, assets/icon.ico on Windows (scripts/make-icons.mjs).
    icon: 'assets/icon',
    protocols: [{ name: APP_NAME, schemes: ['songshelf'] }],
    // Native modules and executables cannot load from inside the asar archive: SQLite, the watcher, ffmpeg (its
    // path is rewritten to app.asar.unpacked by workers/compress) and PGlite's WebAssembly and data files.
    asar: { unpack: '**/node_modules/{better-sqlite3,@parcel/watcher*,@ffmpeg-installer,@electric-sql/pglite}/**' },
    ignore: (file: string) => !isShipped(file),
  },
  makers: [
    // `electron-forge make --arch=universal|arm64|x64` on macOS: each disk image named as the website links it.
    { name: '@electron-forge/maker-dmg', platforms: ['darwin'], config: (arch: string) => ({ name: dmgFor(arch).replace(/\.dmg$/, ''), icon: 'assets/icon.icns' }) },
    { name: '@electron-forge/maker-squirrel', platforms: ['win32'], config: { setupExe: RELEASE_FILES.windowsSetup, setupIcon: 'assets/icon.ico' } },
  ],
  publishers: [
    { name: '@electron-forge/publisher-github', config: { repository: RELEASE_REPOSITORY, draft: true } },
  ],
  plugins: [
    {
      // Electron's fuses, flipped in the packaged binary: it can never be run as plain Node or take Node options,
      // cookies are encrypted, and only the app's own integrity-checked asar is loaded.
      name: '@electron-forge/plugin-fuses',
      config: {
        version: FuseVersion.V1,
        [FuseV1Options.RunAsNode]: false,
        [FuseV1Options.EnableCookieEncryption]: true,
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
        [FuseV1Options.EnableNodeCliInspectArguments]: false,
        [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
        [FuseV1Options.OnlyLoadAppFromAsar]: true,
      },
    },
  ],
};

function dmgFor(arch: string): string {
  if (arch === 'arm64') return RELEASE_FILES.macArm64;
  if (arch === 'x64') return RELEASE_FILES.macX64;
  return RELEASE_FILES.macUniversal;
}

export default config;
