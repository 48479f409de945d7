/**
 * The background jobs' panel: progress bars and what failed.
 *
 * The public face of jobs/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { JobsPanel } from './JobsPanel';
