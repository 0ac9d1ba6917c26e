import fs from 'node:fs';

/**
 * A process's identity across PID reuse: its PID plus its start time (in clock ticks since boot, field 22 of
 * `/proc/<pid>/stat`). A PID whose start time differs is another process and is never signalled.
 */
export interface ProcessIdentity {
  pid: number;
  /** `undefined` where /proc is unavailable (not Linux): the process can then never be confirmed. */
  startTime: string | undefined;
}

/** Start time of a live process, or `undefined` when it is gone or /proc cannot tell. */
export function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces or ')': split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state); the start time is field 22.
  return fields[22 - 3];
}

export function identify(pid: number): ProcessIdentity {
  return { pid, startTime: processStartTime(pid) };
}

/** True only when the process is alive and is provably the one recorded (same start time). */
export function isSameProcess(identity: ProcessIdentity): boolean {
  return identity.startTime !== undefined && processStartTime(identity.pid) === identity.startTime;
}
