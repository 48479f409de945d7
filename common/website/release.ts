/**
 * The release files of this version, named exactly as the packaging config names them. The website's
 * download links and `forge.config.ts` both read them from here, so they can never disagree.
 */
import { APP_NAME, APP_VERSION } from '../constants';

export const RELEASE_REPOSITORY = { owner: 'songshelf', name: 'songshelf' } as const;

export const RELEASE_FILES = {
  macUniversal: `${APP_NAME}-${APP_VERSION}-universal.dmg`,
  macArm64: `${APP_NAME}-${APP_VERSION}-arm64.dmg`,
  macX64: `${APP_NAME}-${APP_VERSION}-x64.dmg`,
  windowsSetup: `${APP_NAME}-${APP_VERSION} Setup.exe`,
} as const;

export function releaseDownloadUrl(file: string): string {
  const { owner, name } = RELEASE_REPOSITORY;
  return `https://github.com/${owner}/${name}/releases/download/v${APP_VERSION}/${encodeURIComponent(file)}`;
}
