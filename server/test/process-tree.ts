import fs from 'node:fs';

/** Processes below a test's child, read from /proc: what a test must find ended (or end itself) when it is done. */

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** /proc/<pid>/stat, or undefined for a process that ended while the list was read. */
function readStat(pid: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The process's command line, arguments joined by spaces ('' once it has ended). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Every process below `pid` (children, grandchildren…), from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const out: number[] = [];
  const visit = (p: number): void => {
    for (const child of parents.get(p) ?? []) {
      out.push(child);
      visit(child);
    }
  };
  visit(pid);
  return out;
}
