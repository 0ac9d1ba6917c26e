import { z } from 'zod';
import { AUTH_TOKEN_PATTERN } from './constants';

/** Claude session ids are the CLI's own UUIDs. */
export const SessionId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a session UUID');
export type SessionId = z.infer<typeof SessionId>;

/** Minted by the server for one live run (one CLI process); a UUID on the wire. */
export const StreamingId = z.string().min(1).max(100);
export type StreamingId = z.infer<typeof StreamingId>;

/** Minted by the server for one permission request. */
export const PermissionId = z.string().min(1).max(100);
export type PermissionId = z.infer<typeof PermissionId>;

/** The access token: exactly 32 lower-case hex characters (spec §5). */
export const AuthToken = z.string().regex(AUTH_TOKEN_PATTERN, 'must be 32 lower-case hex characters');
