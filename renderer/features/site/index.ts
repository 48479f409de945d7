/**
 * The website's pages that the dashboard also shows: the download widget, and the return from an upgrade.
 *
 * The public face of site/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { DownloadWidget } from './DownloadWidget';
export { useUpgradeReturn } from './upgrade';
