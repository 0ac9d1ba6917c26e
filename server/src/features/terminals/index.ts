import fs from 'node:fs';
import path from 'node:path';
import fastifyWebsocket from '@fastify/websocket';
import { routes } from '@cui/contract';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../../platform/feature';
import { registerRoute } from '../../platform/http';
import { createTerminalManager, type TerminalLimits, type TerminalManager } from './terminal-manager';
import { withCliOnPath } from './cli-on-path';
import { chooseProtocol, terminalSocketHandler } from './terminal-socket';
import { createTicketStore, type TicketStore } from './tickets';

export { createTerminalManager, DEFAULT_TERMINAL_LIMITS, type TerminalLimits, type TerminalManager } from './terminal-manager';

/** Options of the terminals (tests give a fixed shell and small caps). */
export interface TerminalOptions {
  /** The shell a terminal runs; the user's `$SHELL` (else /bin/bash) when absent. */
  terminalShell?: { file: string; args: string[] };
  terminalLimits?: Partial<TerminalLimits>;
}

/** Largest input frame a page may send (a paste). */
const MAX_FRAME_BYTES = 1024 * 1024;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

type TerminalsContext = Pick<Core, 'platform' | 'workspace' | 'trust' | 'reaper' | 'cliEnv'> & { options: TerminalOptions };

/** Why terminals are off now (listening beyond loopback without the Settings switch), or undefined when they are on. */
function disabledReason(app: FastifyInstance, ctx: TerminalsContext): string | undefined {
  const address = app.server.address();
  const loopback = address !== null && typeof address === 'object' && LOOPBACK.test(address.address);
  if (loopback || ctx.platform.config.get().terminal.allowRemote) return undefined;
  return 'Terminals are off because the console listens beyond this machine: turn them on in Settings (a terminal is a full shell as this user)';
}

/** The folder a terminal opens in: the conversation's (its worktree when it has one), or a trusted folder from home. */
async function terminalFolder(ctx: TerminalsContext, body: { sessionId?: string; folder?: string }): Promise<string> {
  const folder = body.sessionId ? (await ctx.workspace.of(body.sessionId)).folder : path.resolve(body.folder ?? '');
  if (!body.sessionId && (!path.isAbsolute(body.folder ?? '') || ctx.trust.trustedBy(folder) === null)) {
    throw new AppError('terminal.untrusted_folder', 'A terminal from home opens only in a trusted folder: trust the folder first');
  }
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new AppError('fs.not_found', `The folder ${folder} does not exist`);
  return folder;
}

function registerTerminalRoutes(app: FastifyInstance, ctx: TerminalsContext, terminals: TerminalManager, tickets: TicketStore): void {
  const ensureEnabled = (): void => {
    const reason = disabledReason(app, ctx);
    if (reason) throw new AppError('terminal.disabled', reason);
  };
  registerRoute(app, routes.terminals.list, ({ query }) => {
    const reason = disabledReason(app, ctx);
    return { terminals: terminals.list(query.sessionId), enabled: reason === undefined, ...(reason ? { disabledReason: reason } : {}) };
  });
  registerRoute(app, routes.terminals.open, async ({ body }) => {
    ensureEnabled();
    const folder = await terminalFolder(ctx, body);
    const { sessionId } = body;
    const hold = sessionId ? (terminalId: string) => ctx.workspace.holdInTerminal(sessionId, terminalId) : undefined;
    const info = await terminals.open({ ...body, folder, hold });
    return { ...info, ticket: tickets.mint(info.terminalId) };
  });
  registerRoute(app, routes.terminals.ticket, ({ params }) => {
    ensureEnabled();
    if (!terminals.get(params.terminalId)) throw new AppError('terminal.not_found', terminals.endedReason(params.terminalId) ?? 'No such terminal: it has ended');
    return { terminalId: params.terminalId, ticket: tickets.mint(params.terminalId) };
  });
  registerRoute(app, routes.terminals.close, ({ params }) => {
    terminals.close(params.terminalId);
    return { success: true as const };
  });
  app.route({
    method: 'GET',
    url: routes.terminals.socket.path,
    config: { auth: 'ticket' },
    // A plain request gets the contract's error body (fuzzed routes never answer an empty 404).
    handler: () => {
      throw new AppError('terminal.websocket_required', "This is a terminal's WebSocket: open it with an upgrade and a ticket");
    },
    wsHandler: terminalSocketHandler({ terminals, tickets }),
  });
}

/**
 * An upgrade answered with plain HTTP (a refused Host or Origin, a route that is no socket) leaves its connection
 * detached from the HTTP server, which would never end it: end it once the answer is sent. An accepted upgrade is
 * hijacked and never reaches onResponse.
 */
function endRefusedUpgrades(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket.end();
  });
}

/** The integrated terminal (issue 25): shells in a conversation's folder or a trusted one, over a ticketed WebSocket. */
export function terminalsFeature(ctx: TerminalsContext): Feature {
  const tickets = createTicketStore();
  const terminals = createTerminalManager({
    reaper: ctx.reaper,
    shell: ctx.options.terminalShell,
    // A run's environment, with the console's own CLI reachable as `claude` (to sign in from a terminal).
    environment: (folder) => withCliOnPath(ctx.cliEnv(folder), ctx.platform.claude.executablePath, path.join(ctx.platform.paths.cuiHome, 'bin')),
    idleMs: () => ctx.platform.config.get().terminal.idleMinutes * 60_000,
    limits: ctx.options.terminalLimits,
    onEnded: (terminalId) => tickets.forgetTerminal(terminalId),
  });
  return {
    name: 'terminals',
    async register(app) {
      await app.register(fastifyWebsocket, { options: { handleProtocols: chooseProtocol, maxPayload: MAX_FRAME_BYTES } });
      registerTerminalRoutes(app, ctx, terminals, tickets);
      endRefusedUpgrades(app);
      // Before the reaper closes (with the runs): ending a terminal has it kill the shell's whole tree.
      app.addHook('preClose', async () => terminals.closeAll());
    },
    close: () => terminals.closeAll(),
  };
}
