import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { parseBranches } from './git-branches';
import { branchName, repoPath } from './git-paths';
import { parseNameStatus, parseNumstat, parseStatus } from './git-status';

describe('git porcelain v2', () => {
  it('reads the branch headers and folds staged, unstaged, renamed, untracked and conflicted entries', () => {
    const text = [
      '# branch.oid 0123abcd', '# branch.head main', '# branch.upstream origin/main', '# branch.ab +2 -1',
      '1 MM N... 100644 100644 100644 aaa bbb src/a file.ts',
      '2 R. N... 100644 100644 100644 aaa bbb R100 new.ts', 'old.ts',
      'u UU N... 100644 100644 100644 100644 a b c both.ts',
      '? notes.txt', '',
    ].join('\0');
    expect(parseStatus(text)).toEqual({
      branch: { head: '0123abcd', branch: 'main', upstream: 'origin/main', ahead: 2, behind: 1 },
      changes: [
        { path: 'src/a file.ts', status: 'modified', staged: true },
        { path: 'src/a file.ts', status: 'modified', staged: false },
        { path: 'new.ts', origPath: 'old.ts', status: 'renamed', staged: true },
        { path: 'both.ts', status: 'conflicted', staged: false },
        { path: 'notes.txt', status: 'untracked', staged: false },
      ],
    });
  });

  it('knows no head on a fresh repository or a detached one', () => {
    expect(parseStatus('# branch.oid (initial)\0# branch.head (detached)\0').branch).toEqual({});
  });

  it('reads numstat with renames and binaries, and name-status against a commit', () => {
    expect([...parseNumstat('1\t1\ta.ts\0-\t-\timg.png\x003\t0\t\0old.ts\0new.ts\0').entries()]).toEqual([['a.ts', { added: 1, removed: 1 }], ['new.ts', { added: 3, removed: 0 }]]);
    expect(parseNameStatus('M\0a.ts\0R087\0old.ts\0new.ts\0D\0gone.ts\0')).toEqual([
      { path: 'a.ts', status: 'modified', staged: false },
      { path: 'new.ts', origPath: 'old.ts', status: 'renamed', staged: false },
      { path: 'gone.ts', status: 'deleted', staged: false },
    ]);
  });

  it('reads branches with their upstream and ahead/behind', () => {
    expect(parseBranches('main\0origin/main\0ahead 1, behind 2\0*\ntopic\0\0\0 \n')).toEqual([
      { name: 'main', current: true, upstream: 'origin/main', ahead: 1, behind: 2 },
      { name: 'topic', current: false },
    ]);
  });
});

describe('paths and branch names', () => {
  it('keeps a path inside the repository, normalised', () => {
    expect(repoPath('/r', './src//a.ts')).toBe('src/a.ts');
    for (const bad of ['../x', 'a/../../x', 'a/..', '/etc/passwd', '', '.', 'a\0b', 'a\\..\\b']) {
      expect(() => repoPath('/r', bad)).toThrow(AppError);
    }
  });

  it('refuses a branch name that would be an option', () => {
    expect(branchName('feature/x')).toBe('feature/x');
    expect(() => branchName('--force')).toThrow(AppError);
    expect(() => branchName('a b')).toThrow(AppError);
  });
});
