import fs from 'node:fs';
import path from 'node:path';
import type { LiveRuns } from '../../context';
import { processStartTime } from '../../platform/process-identity';

/**
 * Without the CLI's process registry (older CLIs), a transcript written this recently counts as being written by
 * a terminal CLI. The CLI writes a transcript line per finished message (wave2-verified §6g), so a turn that
 * thinks or runs a tool for longer looks stopped early: 30 s covers a usual turn while keeping a session that
 * really stopped from looking busy for long. Continuing early is a resume, which forks: it never writes the file.
 */
export const TERMINAL_IDLE_MS = 30_000;
/** Our own run's last writes land this long after its `run.ended` at most (the CLI flushes before it exits). */
const OWN_WRITE_GRACE_MS = 2_000;

/** One entry of `CLAUDE_CONFIG_DIR/sessions/<pid>.json`, kept by every running CLI (2.1.x) and removed at its exit. */
interface RegistryEntry {
  pid: number;
  sessionId: string;
  procStart?: string;
}

/** Whether a CLI outside this console is writing a session now ('Active in terminal'). */
export interface TerminalActivity {
  /**
   * A check as things are now (the registry read once, for a whole list page). `mtimeMs`: the transcript's last
   * write, for the recency rule (used only where the CLI keeps no registry).
   */
  check(): (sessionId: string, mtimeMs: number | undefined) => boolean;
  /** Our own run of this session ended now: its last transcript writes are ours, not a terminal's. */
  runEnded(sessionId: string): void;
}

export interface TerminalActivityDeps {
  claudeConfigDir: string;
  runs: LiveRuns;
  idleMs?: number;
  now?: () => number;
}

function readEntry(file: string): RegistryEntry | undefined {
  try {
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RegistryEntry>;
    if (typeof entry.pid !== 'number' || typeof entry.sessionId !== 'string') return undefined;
    return { pid: entry.pid, sessionId: entry.sessionId.toLowerCase(), ...(typeof entry.procStart === 'string' ? { procStart: entry.procStart } : {}) };
  } catch {
    // Being written or removed right now, or not an entry of this shape: it tells nothing this time.
    return undefined;
  }
}

/** The process is alive and, where /proc tells its start time, the one that wrote the entry (not a reused pid). */
function isRunning(entry: RegistryEntry): boolean {
  const started = processStartTime(entry.pid);
  if (started !== undefined) return entry.procStart === undefined || entry.procStart === started;
  try {
    process.kill(entry.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sessions some running CLI names in the registry; undefined when the CLI keeps no registry here. */
function registeredSessions(dir: string): Set<string> | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  const sessions = new Set<string>();
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const entry = readEntry(path.join(dir, name));
    if (entry && isRunning(entry)) sessions.add(entry.sessionId);
  }
  return sessions;
}

/**
 * The CLI's process registry when it keeps one (a running CLI names its session there; checked against the live
 * process), else transcript recency. Sessions of this console's live runs (and the sessions they resumed) are ours.
 */
export function createTerminalActivity(deps: TerminalActivityDeps): TerminalActivity {
  const now = deps.now ?? Date.now;
  const idleMs = deps.idleMs ?? TERMINAL_IDLE_MS;
  const registryDir = path.join(deps.claudeConfigDir, 'sessions');
  const endedAt = new Map<string, number>();
  const ours = (sessionId: string): boolean => deps.runs.bySession(sessionId) !== undefined || deps.runs.list().some((run) => run.resumedFrom === sessionId);
  return {
    check() {
      const registered = registeredSessions(registryDir);
      return (sessionId, mtimeMs) => {
        if (ours(sessionId)) return false;
        if (registered) return registered.has(sessionId);
        if (mtimeMs === undefined || now() - mtimeMs > idleMs) return false;
        const ended = endedAt.get(sessionId);
        return ended === undefined || mtimeMs > ended + OWN_WRITE_GRACE_MS;
      };
    },
    runEnded(sessionId) {
      // Older entries can never matter again: the recency window has passed for them.
      for (const [id, at] of endedAt) if (now() - at > idleMs + OWN_WRITE_GRACE_MS) endedAt.delete(id);
      endedAt.set(sessionId, now());
    },
  };
}
