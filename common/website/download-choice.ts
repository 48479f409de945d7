/**
 * What the website's download widget offers (spec section 2), from the browser's user-agent: a phone or tablet
 * is told Songshelf is a desktop app and offered both downloads; Linux is not supported; a Mac gets the
 * universal disk image with the Apple Silicon and Intel ones beside it; Windows the installer; anything else a
 * disabled button. The links are the release files of `common/website/release.ts`, shared with `forge.config.ts`.
 */
import { RELEASE_FILES, releaseDownloadUrl } from './release';

export type Platform = 'mobile' | 'linux' | 'mac' | 'windows' | 'unknown';

export interface DownloadLink {
  label: string;
  href: string;
  /** Shown beside the label in the All downloads list. */
  note?: string;
}

export interface DownloadChoice {
  platform: Platform;
  /** The main button; null when it is disabled. */
  primary: DownloadLink | null;
  /** The disabled button's text (Linux, unknown systems). */
  disabledLabel?: string;
  /** More files: the Mac's All downloads, or both systems for a phone. */
  others: DownloadLink[];
  message?: string;
}

const link = (label: string, file: string, note?: string): DownloadLink => ({ label, href: releaseDownloadUrl(file), ...(note ? { note } : {}) });

const MAC_DOWNLOADS: DownloadLink[] = [
  link('Universal', RELEASE_FILES.macUniversal, 'Recommended'),
  link('Apple Silicon', RELEASE_FILES.macArm64),
  link('Intel', RELEASE_FILES.macX64),
];
const WINDOWS_DOWNLOAD = link('Windows', RELEASE_FILES.windowsSetup);

export function platformFromUserAgent(userAgent: string): Platform {
  // Phones and tablets first: iPadOS and Android both also claim a desktop system in their user-agent.
  if (/iPhone|iPad|iPod|Android|Mobile/i.test(userAgent)) return 'mobile';
  if (/Windows NT|Win64|WOW64/i.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return 'mac';
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'linux';
  return 'unknown';
}

export function downloadChoice(userAgent: string): DownloadChoice {
  const platform = platformFromUserAgent(userAgent);
  switch (platform) {
    case 'mobile':
      return {
        platform,
        primary: null,
        disabledLabel: 'Desktop only',
        others: [{ ...MAC_DOWNLOADS[0]!, label: 'macOS' }, WINDOWS_DOWNLOAD],
        message: 'Songshelf is a desktop app for macOS and Windows. Download it on your computer:',
      };
    case 'linux':
      return { platform, primary: null, disabledLabel: 'Not Available for Linux', others: [], message: 'Songshelf runs on macOS and Windows; Linux is not supported.' };
    case 'mac':
      return { platform, primary: { ...MAC_DOWNLOADS[0]!, label: 'Download for macOS' }, others: MAC_DOWNLOADS };
    case 'windows':
      return { platform, primary: { ...WINDOWS_DOWNLOAD, label: 'Download for Windows' }, others: [] };
    default:
      return { platform, primary: null, disabledLabel: 'Download', others: [] };
  }
}
