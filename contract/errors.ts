import { z } from 'zod';

export { ERROR_STATUS, type ErrorCode, isErrorCode, statusForCode } from './error-codes';

/** Every non-OK JSON response body. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
