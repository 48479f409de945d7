/** How urgent each kind of library work is: what the user asked for first, songs before their details. */
export const JOB_PRIORITY = {
  /** A folder the user just added, or a scan they asked for. */
  requestedScan: 20,
  /** Rescans from the watcher and the 5-minute timer. */
  backgroundScan: 10,
  parseProject: 5,
  readAudio: 1,
} as const;

/** Reads per job: few enough for steady progress, enough to keep the job overhead small. */
export const READS_PER_JOB = 20;
