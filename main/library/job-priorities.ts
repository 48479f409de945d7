/** Reads per job: few enough for steady progress, enough to keep the job overhead small. */
export const READS_PER_JOB = 20;
