import fs from 'node:fs';
import path from 'node:path';
import type { LiveRuns } from '../../context';
import { processStartTime } from '../../platform/process-identity';

/** One entry of `CLAUDE_CONFIG_DIR/sessions/<pid>.json`, kept by every running CLI (2.1.x) and removed at its exit. */
interface RegistryEntry {
  pid: number;
  sessionId: string;
  procStart?: string;
}

/** Whether a CLI outside this console holds a session now ('Active in terminal'). */
export interface TerminalActivity {
  /** A check as things are now (the registry read once, for a whole list page). */
  check(): (sessionId: string) => boolean;
  /** The sessions terminal CLIs hold now, sorted. */
  held(): string[];
}

export interface TerminalActivityDeps {
  claudeConfigDir: string;
  runs: LiveRuns;
  /** A process the server started and still owns (the reaper's: the sign-in check, the commands question, a run's CLI). */
  ownsProcess?(pid: number): boolean;
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

/** Sessions some running CLI names in the registry (none when the CLI keeps no registry here). */
function registeredSessions(dir: string, ours: (pid: number) => boolean): Set<string> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return new Set();
  }
  const sessions = new Set<string>();
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const entry = readEntry(path.join(dir, name));
    if (entry && !ours(entry.pid) && isRunning(entry)) sessions.add(entry.sessionId);
  }
  return sessions;
}

/**
 * A session is held by a terminal CLI while a running CLI names it in its process registry
 * (`CLAUDE_CONFIG_DIR/sessions/<pid>.json`, written at start and removed at exit; checked against the live process
 * and its start time, so a crashed CLI's stale entry or a reused pid never counts). Unlike transcript recency, this
 * holds through a long turn (the CLI writes a message only once it is complete) and while an interactive CLI waits
 * at its prompt, and ends the moment the CLI exits. A CLI too old to keep the registry is not detected.
 * Sessions of this console's live runs (and the sessions they resumed), the CLIs of its runs (a finished run's CLI
 * may still be exiting) and every other CLI the server started (the sign-in check's SDK session is registered too, and
 * counted as a terminal's it moved the list's version at every start) are ours, never a terminal's.
 */
export function createTerminalActivity(deps: TerminalActivityDeps): TerminalActivity {
  const registryDir = path.join(deps.claudeConfigDir, 'sessions');
  const ours = (sessionId: string): boolean => deps.runs.bySession(sessionId) !== undefined || deps.runs.list().some((run) => run.resumedFrom === sessionId);
  const registered = (): Set<string> => registeredSessions(registryDir, (pid) => (deps.runs.ownsProcess?.(pid) ?? false) || (deps.ownsProcess?.(pid) ?? false));
  return {
    check() {
      const now = registered();
      return (sessionId) => now.has(sessionId) && !ours(sessionId);
    },
    held: () => [...registered()].filter((sessionId) => !ours(sessionId)).sort(),
  };
}
