import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../../context';

/** Filesystem list/read and slash commands: issue 4. */
export function registerFileRoutes(_app: FastifyInstance, _deps: PlatformDeps): void {}
