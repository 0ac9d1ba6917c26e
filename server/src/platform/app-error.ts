import { statusForCode, type ErrorCode } from '@cui/contract';

/** The one error type of the server: a code from the contract's closed union, a message for the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = statusForCode(code);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
