/**
 * The task registry: for each kind of job, its payload schema, how urgent it is, how many run at once and how
 * many attempts it gets. The one home of these numbers: `enqueue` reads priority and attempts from here, the
 * runner the schema and the cap. The work itself stays with its domain (library, sync, uploads), which hands the
 * runner a `TaskHandler` typed by the same schema.
 *
 * Priorities only mean something next to each other, so they sit side by side: what the user asked for first,
 * songs before their details, the user's edits to the cloud soon, uploads (the slowest work) last.
 */
import { JOB_PAYLOAD_SCHEMAS, type JobPayload } from '../../common/bridge/job-payloads';
import type { JobKind } from '../../common/bridge/jobs';
import { MAX_CONCURRENT_UPLOADS } from '../../common/cloud/upload-rules';

export interface TaskDefinition<K extends JobKind> {
  kind: K;
  payload: (typeof JOB_PAYLOAD_SCHEMAS)[K];
  /** Higher runs first. The priority of work the user asked for. */
  priority: number;
  /** The priority of work the app started on its own (the watcher, timers). Default: `priority`. */
  backgroundPriority?: number;
  /** How many jobs of this kind run at once. */
  concurrency: number;
  /** Attempts before the job fails for good (a `PermanentJobError` or an unreadable payload fails it at once). */
  maxAttempts: number;
}

export interface JobContext {
  jobId: number;
  signal: AbortSignal;
  /** 0 to 1; throttled before it reaches the database and the renderer. */
  progress(fraction: number): void;
}

/** The work of one kind, bound to its domain's dependencies; it receives only payloads its schema accepted. */
export interface TaskHandler<K extends JobKind> {
  /** What the job works on, for people. */
  label(payload: JobPayload<K>): string;
  run(payload: JobPayload<K>, ctx: JobContext): Promise<unknown>;
  /** Called once the job has failed for good; the payload is null when it could not be read. */
  onFailed?(payload: JobPayload<K> | null, error: string): void;
}

export type TaskHandlers = { [K in JobKind]: TaskHandler<K> };

export const TASKS: { [K in JobKind]: TaskDefinition<K> } = {
  scan: { kind: 'scan', payload: JOB_PAYLOAD_SCHEMAS.scan, priority: 20, backgroundPriority: 10, concurrency: 1, maxAttempts: 5 },
  'parse-project': { kind: 'parse-project', payload: JOB_PAYLOAD_SCHEMAS['parse-project'], priority: 5, concurrency: 2, maxAttempts: 5 },
  'read-audio': { kind: 'read-audio', payload: JOB_PAYLOAD_SCHEMAS['read-audio'], priority: 1, concurrency: 1, maxAttempts: 5 },
  // Last of all: hearing the audio takes seconds a file, and the table shows the song without it.
  'analyse-audio': { kind: 'analyse-audio', payload: JOB_PAYLOAD_SCHEMAS['analyse-audio'], priority: 0, concurrency: 1, maxAttempts: 3 },
  // Behind a scan the user asked for, ahead of background scans: their edits reach the cloud soon.
  sync: { kind: 'sync', payload: JOB_PAYLOAD_SCHEMAS.sync, priority: 15, concurrency: 1, maxAttempts: 3 },
  upload: { kind: 'upload', payload: JOB_PAYLOAD_SCHEMAS.upload, priority: 2, concurrency: MAX_CONCURRENT_UPLOADS, maxAttempts: 3 },
};

export function priorityOf(kind: JobKind, background = false): number {
  const task: TaskDefinition<JobKind> = TASKS[kind];
  return background ? (task.backgroundPriority ?? task.priority) : task.priority;
}

/** Parses a stored payload with its kind's schema; the error says what was wrong, for the job's last error. */
export function parsePayload<K extends JobKind>(kind: K, stored: string): { ok: true; payload: JobPayload<K> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return { ok: false, error: `The ${kind} job's payload is not JSON; it is not tried again.` };
  }
  const parsed = TASKS[kind].payload.safeParse(json);
  if (parsed.success) return { ok: true, payload: parsed.data as JobPayload<K> };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
  return { ok: false, error: `The ${kind} job's payload is not valid (${issues}); it is not tried again.` };
}
