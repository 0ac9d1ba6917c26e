import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListDirectoryResponse, SearchFilesResponse } from '@cui/contract';
import { startTestServer, type TestServer } from './helpers';

/** '@' suggestions in big repositories (issue 11 §8): a server-side search over the whole tree. */

let server: TestServer;
let repo: string;

function write(relative: string): void {
  const file = path.join(repo, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.api(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const search = async (query: string, extra = ''): Promise<SearchFilesResponse> =>
  SearchFilesResponse.parse((await get(`/api/filesystem/search?path=${encodeURIComponent(repo)}&query=${encodeURIComponent(query)}${extra}`)).body);

beforeAll(async () => {
  server = await startTestServer();
  repo = path.join(server.dirs.work, 'big-repo');
  // 6,000 files listed before the one looked for (breadth-first, by name): past the recursive listing's 5,000.
  for (let d = 0; d < 60; d++) for (let f = 0; f < 100; f++) write(`a-bulk/d${d}/file-${f}.ts`);
  write('zz/deep/er/Needle-Parser.ts');
  write('zz/deep/er/needle.log');
  write('zz/needles/readme.md');
  write('build/needle-out.js');
  fs.writeFileSync(path.join(repo, '.gitignore'), 'build/\n*.log\n');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

describe('GET /api/filesystem/search', () => {
  it('finds a file the capped recursive listing never reaches, case-insensitively, respecting .gitignore, shallowest first', async () => {
    const listing = ListDirectoryResponse.parse((await get(`/api/filesystem/list?path=${encodeURIComponent(repo)}&recursive=true&respectGitignore=true`)).body);
    expect(listing.truncated).toBe(true);
    expect(listing.entries.some((e) => e.name.includes('Needle'))).toBe(false);

    const found = await search('needle');
    expect(found.entries).toEqual([
      { name: 'zz/needles', type: 'directory' },
      { name: 'zz/needles/readme.md', type: 'file' },
      { name: 'zz/deep/er/Needle-Parser.ts', type: 'file' },
    ]);
    expect(found).toMatchObject({ path: repo, truncated: false });
    // A directory matches with its trailing slash, as the suggestions show it.
    expect((await search('needles/')).entries.map((e) => e.name)).toEqual(['zz/needles', 'zz/needles/readme.md']);
  });

  it('returns at most 50 matches by default, or the limit asked for, and says there may be more', async () => {
    const many = await search('file-');
    expect(many.entries).toHaveLength(50);
    expect(many.truncated).toBe(true);
    expect((await search('file-', '&limit=7')).entries).toHaveLength(7);
  });

  it('answers 400 without a query, for a bad limit or a relative path, and 404 for a missing directory', async () => {
    expect(await get(`/api/filesystem/search?path=${encodeURIComponent(repo)}`)).toEqual({ status: 400, body: { error: 'query is required', code: 'validation.failed' } });
    expect((await get(`/api/filesystem/search?path=${encodeURIComponent(repo)}&query=a&limit=0`)).status).toBe(400);
    expect((await get(`/api/filesystem/search?path=${encodeURIComponent(repo)}&query=a&limit=201`)).status).toBe(400);
    expect((await get('/api/filesystem/search?path=relative&query=a')).status).toBe(400);
    expect((await get(`/api/filesystem/search?path=${encodeURIComponent(path.join(repo, 'nope'))}&query=a`)).body.code).toBe('fs.not_found');
  });
});
