import type { GitBranch } from '@cui/contract';

/** Branches from `for-each-ref --format=%(refname:short)%00%(upstream:short)%00%(upstream:track,nobracket)%00%(HEAD)`. */
export function parseBranches(text: string): GitBranch[] {
  return text.split('\n').filter(Boolean).map((line) => {
    const [name = '', upstream = '', track = '', head = ''] = line.split('\0');
    const ahead = /ahead (\d+)/.exec(track)?.[1];
    const behind = /behind (\d+)/.exec(track)?.[1];
    return {
      name,
      current: head === '*',
      ...(upstream ? { upstream, ahead: Number(ahead ?? 0), behind: Number(behind ?? 0) } : {}),
    };
  });
}
