import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListDirectoryResponse } from '@cui/contract';
import { startTestServer, type TestServer } from './helpers';

/*
 * Issue 10 point 3: special files reached through the file routes answer within a second with bounded memory,
 * and never block the other requests. The server runs in this process, so its RSS is this process's.
 */

let server: TestServer;
let work: string;

const q = (p: string): string => encodeURIComponent(p);
const MB = 1024 * 1024;

async function timed(url: string): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  // Longer than the bound asserted below, so a hang fails on the assertion rather than the test timeout.
  const response = await server.api(url, { signal: AbortSignal.timeout(5000) });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: Date.now() - started };
}

function repoWithGitignore(name: string, target: string): string {
  const repo = path.join(work, name);
  fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
  fs.writeFileSync(path.join(repo, 'src', 'index.ts'), 'export {};\n');
  fs.symlinkSync(target, path.join(repo, '.gitignore'));
  return repo;
}

beforeAll(async () => {
  server = await startTestServer();
  work = server.dirs.work;
  execFileSync('mkfifo', [path.join(work, 'fifo')]);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

describe('file routes against special files', () => {
  it('refuses /dev/zero, a FIFO and a symlink to /dev/zero as not a file, at once', async () => {
    fs.symlinkSync('/dev/zero', path.join(work, 'zero-link'));
    for (const target of ['/dev/zero', path.join(work, 'fifo'), path.join(work, 'zero-link')]) {
      const { status, body, ms } = await timed(`/api/filesystem/read?path=${q(target)}`);
      expect({ target, status, code: body.code }).toEqual({ target, status: 400, code: 'fs.not_a_file' });
      expect(ms).toBeLessThan(1000);
    }
  });

  it('bounds /proc/self/pagemap by the bytes actually read (413), not by its reported size', async () => {
    const before = process.memoryUsage().rss;
    const { status, body, ms } = await timed('/api/filesystem/read?path=/proc/self/pagemap');
    expect({ status, code: body.code }).toEqual({ status: 413, code: 'fs.too_large' });
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it('lists a repository whose .gitignore is /dev/zero, six times at once, without its rules and with bounded memory', async () => {
    const repo = repoWithGitignore('zero-repo', '/dev/zero');
    const before = process.memoryUsage().rss;
    const url = `/api/filesystem/list?path=${q(repo)}&recursive=true&respectGitignore=true`;
    const results = await Promise.all(Array.from({ length: 6 }, () => timed(url)));
    for (const { status, body, ms } of results) {
      expect(status).toBe(200);
      expect(ListDirectoryResponse.parse(body).entries.map((e) => e.name)).toContain('src/index.ts');
      expect(ms).toBeLessThan(1000);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it('lists a repository whose .gitignore is a FIFO, recursively and not, while other requests keep working', async () => {
    const repo = repoWithGitignore('fifo-repo', path.join(work, 'fifo'));
    // The `/` menu's commands are asked of a CLI started for the folder (~0.5 s), then cached: asked once before, the
    // timed request below measures whether the listings block it, not how fast a CLI starts.
    expect((await timed(`/api/system/commands?workingDirectory=${q(repo)}`)).status).toBe(200);
    const listings = await Promise.all([
      ...Array.from({ length: 6 }, () => timed(`/api/filesystem/list?path=${q(repo)}&recursive=true&respectGitignore=true`)),
      timed(`/api/filesystem/list?path=${q(repo)}&respectGitignore=true`),
      timed(`/api/system/commands?workingDirectory=${q(repo)}`),
    ]);
    for (const { status, ms } of listings) {
      expect(status).toBe(200);
      expect(ms).toBeLessThan(1000);
    }
    // Nothing is left blocked in the thread pool: plain file work still answers.
    expect((await timed(`/api/filesystem/list?path=${q(work)}`)).status).toBe(200);
    expect((await timed('/api/system/status')).status).toBe(200);
  });

  it('answers a symlink loop and an over-long name with 400 fs.invalid_path', async () => {
    fs.symlinkSync(path.join(work, 'loop-b'), path.join(work, 'loop-a'));
    fs.symlinkSync(path.join(work, 'loop-a'), path.join(work, 'loop-b'));
    const long = path.join(work, 'n'.repeat(300));
    for (const url of [
      `/api/filesystem/read?path=${q(path.join(work, 'loop-a'))}`,
      `/api/filesystem/list?path=${q(path.join(work, 'loop-a'))}`,
      `/api/filesystem/read?path=${q(long)}`,
      `/api/filesystem/list?path=${q(long)}`,
    ]) {
      const { status, body } = await timed(url);
      expect({ url, status, code: body.code }).toEqual({ url, status: 400, code: 'fs.invalid_path' });
    }
  });
});
