/**
 * Electron Forge packaging (run on the release machines: macOS and Windows, where Electron and the native
 * module rebuild can download what they need). Here, `npm run build` bundles the same entry points.
 * File names come from `common/release.ts`, shared with the website's download links.
 *
 * Forge itself is installed by the release work (its install needs the @electron/node-gyp override noted in
 * ENVIRONMENT.md); until then this file is typed by the small interface below rather than Forge's types.
 */
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { APP_NAME, APP_VERSION } from './common/constants';
import { RELEASE_FILES, RELEASE_REPOSITORY } from './common/release';

interface ForgeMaker {
  name: string;
  platforms: string[];
  config: Record<string, unknown>;
}

interface ForgeConfigShape {
  packagerConfig: Record<string, unknown>;
  makers: ForgeMaker[];
  publishers: { name: string; config: Record<string, unknown> }[];
  plugins: { name: string; config: Record<string | number, unknown> }[];
}

const config: ForgeConfigShape = {
  packagerConfig: {
    name: APP_NAME,
    appVersion: APP_VERSION,
    appBundleId: 'app.songshelf.desktop',
    protocols: [{ name: APP_NAME, schemes: ['songshelf'] }],
    // Native modules and executables cannot load from inside the asar archive: SQLite, the watcher, ffmpeg (its
    // path is rewritten to app.asar.unpacked by workers/compress) and PGlite's WebAssembly and data files.
    asar: { unpack: '**/node_modules/{better-sqlite3,@parcel/watcher*,@ffmpeg-installer,@electric-sql/pglite}/**' },
    // What the app reads at run time: its bundles, the database migrations, the cloud's migrations (the local cloud),
    // the tray icons, its packages.
    ignore: [/^\/(?!dist|migrations|cloud|assets|node_modules|package\.json)/],
  },
  makers: [
    { name: '@electron-forge/maker-dmg', platforms: ['darwin'], config: { name: RELEASE_FILES.macUniversal.replace(/\.dmg$/, '') } },
    { name: '@electron-forge/maker-squirrel', platforms: ['win32'], config: { setupExe: RELEASE_FILES.windowsSetup } },
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

export default config;
