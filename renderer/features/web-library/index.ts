/**
 * The website's library: the signed-in user's songs read from the cloud.
 *
 * The public face of web-library/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { useCloudLibrary } from './use-cloud-library';
