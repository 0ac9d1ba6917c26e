import type { GitChange, GitFileStatus } from '@cui/contract';

/** The branch headers of `git status --porcelain=v2 --branch`. */
export interface BranchInfo {
  head?: string;
  branch?: string;
  upstream?: string;
  ahead?: number;
  behind?: number;
}

const LETTER: Record<string, GitFileStatus> = { M: 'modified', T: 'modified', A: 'added', D: 'deleted', R: 'renamed', C: 'added', U: 'conflicted' };

/** Folds `git status --porcelain=v2 -z --branch` into branch headers and changes (a file staged and unstaged shows twice). */
export function parseStatus(text: string): { branch: BranchInfo; changes: GitChange[] } {
  const fields = text.split('\0');
  const branch: BranchInfo = {};
  const changes: GitChange[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i] ?? '';
    if (entry.startsWith('# ')) readHeader(entry, branch);
    else if (entry.startsWith('? ')) changes.push({ path: entry.slice(2), status: 'untracked', staged: false });
    else if (entry.startsWith('1 ')) changes.push(...ordinary(entry.split(' ').slice(8).join(' '), entry.slice(2, 4)));
    else if (entry.startsWith('2 ')) changes.push(...ordinary(entry.split(' ').slice(9).join(' '), entry.slice(2, 4), fields[++i]));
    else if (entry.startsWith('u ')) changes.push({ path: entry.split(' ').slice(10).join(' '), status: 'conflicted', staged: false });
  }
  return { branch, changes };
}

function readHeader(entry: string, branch: BranchInfo): void {
  const [, key, ...rest] = entry.split(' ');
  const value = rest.join(' ');
  if (key === 'branch.oid' && value !== '(initial)') branch.head = value;
  else if (key === 'branch.head' && value !== '(detached)') branch.branch = value;
  else if (key === 'branch.upstream') branch.upstream = value;
  else if (key === 'branch.ab') {
    const match = /^\+(\d+) -(\d+)$/.exec(value);
    if (match) Object.assign(branch, { ahead: Number(match[1]), behind: Number(match[2]) });
  }
}

function ordinary(path: string, xy: string, origPath?: string): GitChange[] {
  const [x = '.', y = '.'] = xy;
  const out: GitChange[] = [];
  if (x !== '.') out.push({ path, ...(origPath && (x === 'R' || x === 'C') ? { origPath } : {}), status: LETTER[x] ?? 'modified', staged: true });
  if (y !== '.') out.push({ path, status: LETTER[y] ?? 'modified', staged: false });
  return out;
}

/** Lines added and removed per path from `git diff --numstat -z` (binary files absent). */
export function parseNumstat(text: string): Map<string, { added: number; removed: number }> {
  const counts = new Map<string, { added: number; removed: number }>();
  const fields = text.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(fields[i] ?? '');
    if (!match) continue;
    // A rename: the path field is empty and the original and new paths follow as their own fields.
    let path = match[3] ?? '';
    if (path === '') {
      i += 2;
      path = fields[i] ?? '';
    }
    if (match[1] !== '-') counts.set(path, { added: Number(match[1]), removed: Number(match[2]) });
  }
  return counts;
}

/** Changes from `git diff --name-status -z -M <commit>`: the working tree against the session's initial commit. */
export function parseNameStatus(text: string): GitChange[] {
  const fields = text.split('\0');
  const changes: GitChange[] = [];
  for (let i = 0; i < fields.length; i++) {
    const letter = (fields[i] ?? '').charAt(0);
    if (!letter) continue;
    if (letter === 'R' || letter === 'C') {
      const origPath = fields[++i] ?? '';
      changes.push({ path: fields[++i] ?? '', origPath, status: LETTER[letter] ?? 'renamed', staged: false });
    } else {
      changes.push({ path: fields[++i] ?? '', status: LETTER[letter] ?? 'modified', staged: false });
    }
  }
  return changes;
}
