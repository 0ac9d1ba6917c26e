import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDirs, testChildEnv, waitFor, type TestDirs } from '../server/test/helpers';
import { startFakeAnthropic, type FakeAnthropic } from './index';
import { NEW_FILE_CONTENT } from './scenarios/files';
import { isAlive, makeRepo, resultOf, spawnClaude, type ClaudeRun } from './test-support';

/** The real pinned Claude Code CLI (2.1.330) against the fake, one isolated config per test. */

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
const scratchRoots: string[] = [];
afterAll(async () => {
  await fake.close();
  for (const root of scratchRoots) fs.rmSync(root, { recursive: true, force: true });
});

interface Scratch {
  dirs: TestDirs;
  repo: string;
  env: Record<string, string | undefined>;
}

function scratch(repoName = 'repo'): Scratch {
  const dirs = makeTestDirs('cui-fake-cli-');
  scratchRoots.push(dirs.root);
  return { dirs, repo: makeRepo(path.join(dirs.work, repoName)), env: testChildEnv(dirs, fake.url) };
}

/** Runs the CLI to completion (60 s cap), always killing its process group afterwards. */
async function runToEnd(s: Scratch, args: string[]): Promise<{ run: ClaudeRun; code: number | null }> {
  const run = spawnClaude({ cwd: s.repo, env: s.env, args });
  try {
    const { code } = await run.exited;
    return { run, code };
  } finally {
    run.kill();
  }
}

const requestsFor = (prompt: string) => fake.requests.filter((request) => request.lastUserText === prompt);

describe('real CLI against the fake model', () => {
  it('fix: reads and edits hello.txt on disk, result is success', async () => {
    const s = scratch();
    const { run, code } = await runToEnd(s, ['-p', 'fix the typo', '--permission-mode', 'acceptEdits']);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(s.repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    expect(resultOf(run)).toMatchObject({ subtype: 'success', is_error: false });
    expect(String(resultOf(run)?.result)).toContain('has been updated successfully');
    expect(requestsFor('fix the typo').map((request) => [request.scenario, request.step])).toEqual([['fix', 0], ['fix', 1], ['fix', 2]]);
  });

  it('fix: works in a working directory whose path has spaces', async () => {
    const s = scratch('my repo (copy)');
    const { code } = await runToEnd(s, ['-p', 'fix it please', '--permission-mode', 'acceptEdits']);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(s.repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
  });

  it('write: creates new.txt with the scripted content', async () => {
    const s = scratch();
    const { run, code } = await runToEnd(s, ['-p', 'write a file', '--permission-mode', 'acceptEdits']);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(s.repo, 'new.txt'), 'utf8')).toBe(NEW_FILE_CONTENT);
    expect(resultOf(run)).toMatchObject({ is_error: false });
  });

  it('bash: the command runs in the repo and its output reaches the final answer', async () => {
    const s = scratch();
    // --allowedTools rather than bypassPermissions: the CLI refuses bypass as root unless IS_SANDBOX=1.
    const { run, code } = await runToEnd(s, ['-p', 'run bash', '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash']);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(s.repo, 'bash_out.txt'), 'utf8')).toBe('from-bash\n');
    expect(String(resultOf(run)?.result)).toContain('from-bash');
  });

  it('slow: the CLI can be killed mid-stream and the fake sees the client go away', async () => {
    const s = scratch();
    const run = spawnClaude({ cwd: s.repo, env: s.env, args: ['-p', 'be slow', '--permission-mode', 'acceptEdits'] });
    try {
      const streaming = await waitFor(() => requestsFor('be slow').find((request) => request.status === 200), { timeoutMs: 30_000, message: 'slow request reached the fake' });
      run.kill();
      const { signal } = await run.exited;
      expect(signal).toBe('SIGKILL');
      await waitFor(() => streaming.closedEarly, { message: 'fake noticed the disconnect' });
      expect(resultOf(run)).toBeUndefined();
      expect(isAlive(run.pid)).toBe(false);
    } finally {
      run.kill();
    }
  });

  it('api-error: the result is an error and the CLI exits 1', async () => {
    const s = scratch();
    const { run, code } = await runToEnd(s, ['-p', 'cause an api-error', '--permission-mode', 'acceptEdits']);
    expect(code).toBe(1);
    expect(resultOf(run)).toMatchObject({ is_error: true, api_error_status: 400 });
    expect(String(resultOf(run)?.result)).toContain('fake invalid request');
  });

  it('echo: a resumed session sends its longer history and keeps the session id', async () => {
    const s = scratch();
    const first = await runToEnd(s, ['-p', 'hello first']);
    const sessionId = String(resultOf(first.run)?.session_id);
    const firstCount = Number(/History has (\d+) messages/.exec(String(resultOf(first.run)?.result))?.[1]);
    const second = await runToEnd(s, ['-p', 'hello second', '--resume', sessionId]);
    const secondCount = Number(/History has (\d+) messages/.exec(String(resultOf(second.run)?.result))?.[1]);
    expect(second.code).toBe(0);
    expect(resultOf(second.run)?.session_id).toBe(sessionId);
    expect(firstCount).toBeGreaterThan(0);
    expect(secondCount).toBeGreaterThan(firstCount);
  });
});
