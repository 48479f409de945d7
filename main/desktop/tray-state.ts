/**
 * What the tray (menu-bar) icon says while the app works in the background, from the live jobs: one line per kind
 * of work ("Scanning 2 folders", "Uploading 3 files", "Syncing"), the tooltip joining them, and whether anything
 * runs at all. Pure, so the shell only draws it.
 */
import type { JobKind, JobSummary } from '../../common/bridge/jobs';

export interface TrayState {
  busy: boolean;
  tooltip: string;
  /** Menu lines, one per kind of work under way. */
  lines: string[];
}

const WORK: Record<JobKind, (count: number) => string> = {
  scan: (n) => `Scanning ${n} ${n === 1 ? 'folder' : 'folders'}`,
  'parse-project': () => 'Reading projects',
  'read-audio': () => 'Reading audio',
  'analyse-audio': () => 'Analysing audio',
  upload: (n) => `Uploading ${n} ${n === 1 ? 'file' : 'files'}`,
  sync: () => 'Syncing',
};

export function trayState(jobs: readonly Pick<JobSummary, 'kind' | 'state'>[]): TrayState {
  const counts = new Map<JobKind, number>();
  for (const job of jobs) {
    if (job.state === 'queued' || job.state === 'running') counts.set(job.kind, (counts.get(job.kind) ?? 0) + 1);
  }
  const lines = (Object.keys(WORK) as JobKind[]).filter((kind) => counts.has(kind)).map((kind) => WORK[kind](counts.get(kind)!));
  return { busy: lines.length > 0, lines, tooltip: lines.length > 0 ? `Songshelf: ${lines.join(', ')}` : 'Songshelf: up to date' };
}
