/**
 * Thrown by a job handler when trying again cannot help (what the job works on is gone for good, or the request
 * itself is wrong): the runner fails the job at once, with this message as its last error, instead of retrying.
 * Failures that may pass (a network, a busy disk) stay plain errors and are retried with backoff.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
