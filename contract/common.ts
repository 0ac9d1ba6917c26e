import { z } from 'zod';

/**
 * Query-string boolean: only the strings 'true' and 'false' (any case) are accepted.
 * Booleans pass through so the same schema validates typed client input.
 */
export const QueryBool = z.union([
  z.boolean(),
  z.string().regex(/^(true|false)$/i, 'must be true or false').transform((v) => v.toLowerCase() === 'true'),
]);

/** Query-string non-negative integer. */
export const QueryInt = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$/, 'must be a non-negative integer').transform(Number),
]);

/** `{ success: true }` bodies. */
export const SuccessResponse = z.object({ success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** An ISO-8601 timestamp string. */
export const IsoDate = z.string();
