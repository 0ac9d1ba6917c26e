/**
 * The Changes panel's list (issue 24): `GET …/git/status` of a repository with 10,000 tracked files and 200 changed
 * ones (150 modified, 25 deleted, 25 untracked), warm (git's index and the page cache primed by a first call).
 * Target: under 150 ms. Measures the git feature's service (what the route calls) over a stub workspace.
 *   npx tsx --tsconfig tsconfig.server.json bench/changes.ts [rounds]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGitRunner } from '../server/src/features/git/git-runner';
import { createGitService } from '../server/src/features/git/git-service';
import type { Workspace } from '../server/src/features/workspace/index';
import { row, stats, timeEach } from './bench-stats';

const TRACKED = 10_000;
const rounds = Number(process.argv[2] ?? 30);

function makeRepo(): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-changes-'));
  for (let i = 0; i < TRACKED; i++) {
    const dir = path.join(repo, `pkg${Math.floor(i / 100)}`);
    if (i % 100 === 0) fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, `file${i}.ts`), `export const value${i} = ${i};\n`.repeat(20));
  }
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.invalid', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'init');
  const file = (k: number) => path.join(repo, `pkg${Math.floor(k / 100)}`, `file${k}.ts`);
  for (let i = 0; i < 150; i++) fs.appendFileSync(file(i * 60), 'export const added = 1;\n');
  for (let i = 0; i < 25; i++) fs.rmSync(file(i * 400 + 3));
  for (let i = 0; i < 25; i++) fs.writeFileSync(path.join(repo, `pkg${i}`, `new${i}.ts`), 'export const fresh = true;\n');
  return repo;
}

const repo = makeRepo();
const sessionId = '11111111-2222-4333-8444-555555555555';
const workspace: Workspace = {
  of: async () => ({ sessionId, folder: repo, repositoryRoot: repo, trusted: true, holder: null }),
  holder: () => null,
};
const git = createGitRunner();
const service = createGitService({ workspace, git });
try {
  const first = await service.status(sessionId, 'head');
  if (first.changes.length !== 200) throw new Error(`expected 200 changes, got ${first.changes.length}`);
  const samples = await timeEach(rounds, async () => {
    await service.status(sessionId, 'head');
  });
  console.log(`git ${execFileSync('git', ['--version'], { encoding: 'utf8' }).trim()}, ${os.cpus().length} cores`);
  console.log('| list | median | p95 | n | target |\n|---|---|---|---|---|');
  console.log(row(`status of ${TRACKED} tracked, 200 changed (warm)`, stats(samples), '< 150 ms'));
} finally {
  git.close();
  fs.rmSync(repo, { recursive: true, force: true });
}
