/** Background jobs as the renderer sees them (DESIGN.md, Jobs). */
import { z } from 'zod';

const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_KINDS = ['scan', 'parse-project', 'read-audio', 'analyse-audio', 'sync', 'upload'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface JobSummary {
  id: number;
  kind: JobKind;
  state: JobState;
  /** What the job works on, for people: a folder or a file name. */
  label: string;
  /** 0 to 1. */
  progress: number;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export const jobListSchema = z
  .strictObject({
    states: z.array(z.enum(JOB_STATES)).max(JOB_STATES.length).optional(),
    limit: z.number().int().positive().max(1000).optional(),
  })
  .optional();

export const jobIdSchema = z.strictObject({ id: z.number().int().positive() });
