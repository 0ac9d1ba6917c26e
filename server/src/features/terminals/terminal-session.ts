import type { IPty } from '@lydell/node-pty';
import { TERMINAL_CLOSE, type TerminalInfo } from '@cui/contract';
import type { TerminalModules } from './terminal-modules';

/** One page watching a terminal: it gets output, and is told when the terminal ends. */
export interface TerminalViewer {
  /** Sends output; true while the page keeps up, false once its socket's buffer is full (the PTY then pauses). */
  send(data: string): boolean;
  end(code: number, reason: string): void;
}

export interface TerminalSessionOptions {
  terminalId: string;
  folder: string;
  sessionId?: string;
  shell: { file: string; args: string[] };
  env: Record<string, string>;
  cols: number;
  rows: number;
  /** Lines the mirror keeps above the screen (a reconnect repaints them). */
  scrollback: number;
  /** Ends the terminal once nobody watched and nothing was printed this long (read at each check). */
  idleMs: () => number;
  /** Called once the terminal ended, with the reason shown to the user. */
  onEnd(reason: string): void;
}

export interface TerminalSession {
  readonly pid: number;
  info(): TerminalInfo;
  /** Sends the current screen and scrollback, then live output; returns the detach. */
  attach(viewer: TerminalViewer): () => void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** A congested viewer caught up: the PTY may go on. */
  drained(): void;
  /** Ends the terminal (its processes are the manager's to kill), telling each viewer why. */
  end(reason: string): void;
}

/** Viewers waiting for the mirror to catch up before their first frame (the screen), with the output since. */
type Pending = { viewer: TerminalViewer; queued: string[] };

/**
 * Ends a terminal nobody watched and that printed nothing for `idleMs` (the one timer re-arms for what is left, so
 * output does not touch a timer per chunk). `touch` on output and detach; `watching` says whether a page is attached.
 */
function idleWatch(idleMs: () => number, watching: () => boolean, end: (reason: string) => void) {
  let lastActivity = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    timer = undefined;
    if (watching()) return;
    const left = lastActivity + idleMs() - Date.now();
    if (left > 0) timer = setTimeout(check, left);
    else end(`Ended after ${Math.round(idleMs() / 60_000)} minutes with no viewer and no output`);
  };
  return {
    touch: () => (lastActivity = Date.now()),
    arm: () => (timer ??= setTimeout(check, Math.max(0, lastActivity + idleMs() - Date.now()))),
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * A PTY, its headless mirror (fed every chunk, so a reconnect repaints the screen from it: never a raw-byte replay,
 * which a cut escape sequence garbles) and its viewers. Input and output are never logged.
 */
export function startTerminalSession(modules: TerminalModules, options: TerminalSessionOptions): TerminalSession {
  const pty: IPty = modules.spawn(options.shell.file, options.shell.args, {
    name: 'xterm-256color', cols: options.cols, rows: options.rows, cwd: options.folder, env: options.env,
  });
  const mirror = new modules.Terminal({ cols: options.cols, rows: options.rows, scrollback: options.scrollback, allowProposedApi: true });
  const serializer = new modules.SerializeAddon();
  mirror.loadAddon(serializer);
  const createdAt = new Date().toISOString();
  const viewers = new Set<TerminalViewer>();
  const pending = new Set<Pending>();
  let ended = false;
  let paused = false;
  const idle = idleWatch(options.idleMs, () => viewers.size > 0 || pending.size > 0, (reason) => session.end(reason));

  const deliver = (viewer: TerminalViewer, data: string): void => {
    if (!viewer.send(data) && !paused) {
      paused = true;
      pty.pause();
    }
  };

  pty.onData((data) => {
    idle.touch();
    mirror.write(data);
    for (const entry of pending) entry.queued.push(data);
    for (const viewer of viewers) deliver(viewer, data);
  });
  pty.onExit(({ exitCode, signal }) => {
    if (!ended) session.end(signal ? `The shell ended (signal ${signal})` : `The shell exited (code ${exitCode})`);
  });

  const session: TerminalSession = {
    pid: pty.pid,
    info: () => ({ terminalId: options.terminalId, folder: options.folder, ...(options.sessionId ? { sessionId: options.sessionId } : {}), createdAt, viewers: viewers.size + pending.size }),
    attach(viewer) {
      const entry: Pending = { viewer, queued: [] };
      pending.add(entry);
      idle.stop();
      // The empty write's callback runs once the mirror has parsed everything written before it.
      mirror.write('', () => {
        if (!pending.delete(entry) || ended) return;
        viewers.add(viewer);
        deliver(viewer, serializer.serialize({ scrollback: options.scrollback }));
        for (const data of entry.queued) deliver(viewer, data);
      });
      return () => {
        for (const item of pending) if (item.viewer === viewer) pending.delete(item);
        viewers.delete(viewer);
        idle.touch();
        if (viewers.size === 0 && pending.size === 0) {
          session.drained();
          if (!ended) idle.arm();
        }
      };
    },
    write(data) {
      if (!ended) pty.write(data);
    },
    resize(cols, rows) {
      if (ended) return;
      pty.resize(cols, rows);
      mirror.resize(cols, rows);
    },
    drained() {
      if (paused && !ended) {
        paused = false;
        pty.resume();
      }
    },
    end(reason) {
      if (ended) return;
      ended = true;
      idle.stop();
      for (const viewer of viewers) viewer.end(TERMINAL_CLOSE.ended, reason);
      for (const entry of pending) entry.viewer.end(TERMINAL_CLOSE.ended, reason);
      viewers.clear();
      pending.clear();
      mirror.dispose();
      options.onEnd(reason);
    },
  };
  idle.arm();
  return session;
}
