/**
 * The one error type that crosses process boundaries. Its code tells the caller what kind of failure it is;
 * its message is safe to show to the user.
 */

export type ErrorCode =
  | 'invalid_input'
  | 'unknown_channel'
  | 'not_found'
  | 'limit_reached'
  | 'forbidden'
  | 'not_allowed'
  | 'file_too_large'
  | 'io_error'
  | 'disk_full'
  | 'compression_failed'
  | 'cloud_error'
  | 'db_too_new'
  | 'db_error'
  | 'disconnected'
  | 'no_bridge'
  | 'internal';

export interface ErrorShape {
  code: ErrorCode;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }

  toShape(): ErrorShape {
    return { code: this.code, message: this.message };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Ends an exhaustive switch: the compiler proves it is never reached. */
export function assertNever(value: never): never {
  throw new AppError('internal', `Unexpected value: ${String(value)}`);
}
