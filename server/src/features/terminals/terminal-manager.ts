import { randomBytes } from 'node:crypto';
import type { TerminalInfo } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { createBoundedMap } from '../../platform/bounded-map';
import { identify } from '../../platform/process-identity';
import type { Reaper } from '../../platform/reaper';
import { loadTerminalModules, type TerminalModules } from './terminal-modules';
import { startTerminalSession, type TerminalSession } from './terminal-session';

/** Limits of the terminals: how many may be open, and how many lines above the screen each keeps. */
export interface TerminalLimits {
  maxTerminals: number;
  scrollback: number;
}

export const DEFAULT_TERMINAL_LIMITS: TerminalLimits = { maxTerminals: 8, scrollback: 5000 };

export interface TerminalManagerDeps {
  reaper: Pick<Reaper, 'watch' | 'kill' | 'forget'>;
  /** The shell and its arguments; the user's `$SHELL` (else /bin/bash), interactive, when absent. */
  shell?: { file: string; args: string[] };
  /** The shell's environment in a folder: a run's, never CUI_TOKEN nor a console secret. */
  environment(folder: string): Record<string, string | undefined>;
  idleMs(): number;
  limits?: Partial<TerminalLimits>;
  loadModules?: () => Promise<TerminalModules>;
  /** Told when a terminal ended (its tickets are then void). */
  onEnded?(terminalId: string): void;
}

/** What a terminal opens with; `hold` is called with its id once it runs and returns what its end calls. */
export interface OpenTerminal {
  folder: string;
  sessionId?: string;
  cols?: number;
  rows?: number;
  hold?: (terminalId: string) => () => void;
}

export interface TerminalManager {
  open(request: OpenTerminal): Promise<TerminalInfo>;
  get(terminalId: string): TerminalSession | undefined;
  /** Why a terminal that was live ended (shown to a page reconnecting to it); undefined when unknown. */
  endedReason(terminalId: string): string | undefined;
  list(sessionId?: string): TerminalInfo[];
  close(terminalId: string): void;
  closeAll(): void;
}

/** The shell's environment: the given one without unset entries or CUI_TOKEN, with the terminal's TERM. */
function shellEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && name !== 'CUI_TOKEN') result[name] = value;
  return { ...result, TERM: 'xterm-256color', COLORTERM: 'truecolor' };
}

export function createTerminalManager(deps: TerminalManagerDeps): TerminalManager {
  const limits = { ...DEFAULT_TERMINAL_LIMITS, ...deps.limits };
  const shell = deps.shell ?? { file: process.env.SHELL || '/bin/bash', args: [] };
  const terminals = new Map<string, TerminalSession>();
  const ended = createBoundedMap<string, string>(100);

  const releases = new Map<string, () => void>();

  const finish = (terminalId: string, session: TerminalSession, reason: string): void => {
    terminals.delete(terminalId);
    ended.set(terminalId, reason);
    releases.get(terminalId)?.();
    releases.delete(terminalId);
    deps.onEnded?.(terminalId);
    // The whole tree, frozen first: `pty.kill()` (SIGHUP) ends bash but not `sleep 300 &`.
    const identity = identify(session.pid);
    if (identity.startTime !== undefined) deps.reaper.kill({ pid: identity.pid, startTime: identity.startTime });
    deps.reaper.forget(session.pid);
  };

  const manager: TerminalManager = {
    async open(request) {
      if (terminals.size >= limits.maxTerminals) {
        throw new AppError('terminal.limit_reached', `${limits.maxTerminals} terminals are open, the most the console allows: close one first`);
      }
      const modules = await (deps.loadModules ?? loadTerminalModules)();
      const terminalId = randomBytes(12).toString('base64url');
      let session: TerminalSession;
      try {
        session = startTerminalSession(modules, {
          terminalId, folder: request.folder, sessionId: request.sessionId, shell, env: shellEnvironment(deps.environment(request.folder)),
          cols: request.cols ?? 80, rows: request.rows ?? 24, scrollback: limits.scrollback, idleMs: deps.idleMs,
          onEnd: (reason) => finish(terminalId, session, reason),
        });
      } catch (error) {
        throw new AppError('terminal.unavailable', `The shell could not start: ${error instanceof Error ? error.message : String(error)}`);
      }
      deps.reaper.watch(identify(session.pid));
      terminals.set(terminalId, session);
      if (request.hold) releases.set(terminalId, request.hold(terminalId));
      return session.info();
    },
    get: (terminalId) => terminals.get(terminalId),
    endedReason: (terminalId) => ended.get(terminalId),
    list: (sessionId) => [...terminals.values()].map((session) => session.info()).filter((info) => sessionId === undefined || info.sessionId === sessionId),
    close(terminalId) {
      const session = terminals.get(terminalId);
      if (!session) throw new AppError('terminal.not_found', 'No such terminal: it has ended');
      session.end('The terminal was closed');
    },
    closeAll() {
      for (const session of [...terminals.values()]) session.end('The console stopped');
    },
  };
  return manager;
}
