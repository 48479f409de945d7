/**
 * What each kind of job carries, as zod schemas: `enqueue` accepts only these shapes, and the runner parses a
 * stored payload with its kind's schema when it claims the job, so a handler never sees a cast `unknown`.
 */
import { z } from 'zod';
import type { JobKind } from './jobs';
import { DAWS } from '../projects/project-meta';

const readRequestSchema = z.object({ songId: z.string().min(1), path: z.string().min(1) });

const scanPayloadSchema = z.object({
  directoryId: z.string().min(1),
  /**
   * Folders inside the watched folder to scan (after the watcher saw changes there; see `scan-scope.ts`).
   * Absent or null: the whole folder.
   */
  scopes: z.array(z.string()).nullable().optional(),
});

const projectReadsPayloadSchema = z.object({ reads: z.array(readRequestSchema.extend({ daw: z.enum(DAWS) })) });

const audioReadsPayloadSchema = z.object({ reads: z.array(readRequestSchema) });

/** A sync run reads everything it needs from the database; it carries nothing. */
const syncPayloadSchema = z.object({});

const uploadPayloadSchema = z.object({ songId: z.string().min(1) });

export const JOB_PAYLOAD_SCHEMAS = {
  scan: scanPayloadSchema,
  'parse-project': projectReadsPayloadSchema,
  'read-audio': audioReadsPayloadSchema,
  'analyse-audio': audioReadsPayloadSchema,
  sync: syncPayloadSchema,
  upload: uploadPayloadSchema,
} as const satisfies Record<JobKind, z.ZodType>;

export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_PAYLOAD_SCHEMAS)[K]>;
export type ScanPayload = JobPayload<'scan'>;
