import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListDirectoryResponse, ReadFileResponse } from '@cui/contract';
import { fsError, listDirectory } from '../src/features/files/index';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let repo: string;

function write(relative: string, content: string | Buffer = 'x'): void {
  const file = path.join(repo, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.api(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const q = (p: string): string => encodeURIComponent(p);

beforeAll(async () => {
  server = await startTestServer();
  repo = path.join(server.dirs.work, 'repo');
  write('.gitignore', 'dist/\n*.log\n!keep.log\n');
  write('src/index.ts', 'export {};\n');
  write('src/app.log');
  write('src/keep.log');
  write('src/generated/.gitignore', 'secret.ts\n');
  write('src/generated/secret.ts');
  write('src/generated/public.ts');
  write('dist/bundle.js');
  write('node_modules/pkg/index.js');
  write('.git/HEAD', 'ref: refs/heads/main\n');
  write('README.md', '# Repo\n');
  fs.symlinkSync(path.join(repo, 'missing-target'), path.join(repo, 'broken-link'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

describe('GET /api/filesystem/list', () => {
  it('lists one directory with sizes and dates, directories first', async () => {
    const { status, body } = await get(`/api/filesystem/list?path=${q(repo)}`);
    expect(status).toBe(200);
    const listing = ListDirectoryResponse.parse(body);
    expect(listing.entries.map((e) => e.name)).toEqual(['.git', 'dist', 'node_modules', 'src', '.gitignore', 'broken-link', 'README.md']);
    expect(listing.entries.find((e) => e.name === 'README.md')).toMatchObject({ type: 'file', size: 7 });
    expect(listing.entries.find((e) => e.name === 'broken-link')).toEqual({ name: 'broken-link', type: 'file' });
    expect(listing).toMatchObject({ path: repo, total: 7, truncated: false });
  });

  it('lists recursively with relative names, honouring root and nested .gitignore files and skipping .git and node_modules', async () => {
    const listing = ListDirectoryResponse.parse((await get(`/api/filesystem/list?path=${q(repo)}&recursive=true&respectGitignore=true`)).body);
    expect(listing.entries.map((e) => e.name).sort()).toEqual([
      '.gitignore', 'README.md', 'broken-link', 'src', 'src/generated', 'src/generated/.gitignore', 'src/generated/public.ts', 'src/index.ts', 'src/keep.log',
    ]);
    const everything = ListDirectoryResponse.parse((await get(`/api/filesystem/list?path=${q(repo)}&recursive=true`)).body);
    expect(everything.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['dist/bundle.js', 'src/app.log', 'src/generated/secret.ts']));
    expect(everything.entries.some((e) => e.name.startsWith('node_modules') || e.name.startsWith('.git/'))).toBe(false);
  });

  it('stops a recursive listing at the entry limit and says it was truncated', async () => {
    for (let i = 0; i < 30; i++) write(`many/f${String(i).padStart(2, '0')}.txt`);
    const limited = await listDirectory(path.join(repo, 'many'), { recursive: true, respectGitignore: false, limits: { maxEntries: 10, maxMs: 60_000 } });
    expect(limited).toMatchObject({ total: 10, truncated: true });
    const timed = await listDirectory(path.join(repo, 'many'), { recursive: true, respectGitignore: false, limits: { maxEntries: 1000, maxMs: -1 } });
    expect(timed).toMatchObject({ total: 0, truncated: true });
    const full = ListDirectoryResponse.parse((await get(`/api/filesystem/list?path=${q(path.join(repo, 'many'))}&recursive=true`)).body);
    expect(full).toMatchObject({ total: 30, truncated: false });
  });

  it('answers 400 without a path, for a relative path or a file, and 404 for a missing directory', async () => {
    expect(await get('/api/filesystem/list')).toEqual({ status: 400, body: { error: 'Path is required', code: 'validation.failed' } });
    expect((await get('/api/filesystem/list?path=relative/dir')).status).toBe(400);
    expect(await get(`/api/filesystem/list?path=${q(path.join(repo, 'README.md'))}`)).toEqual({ status: 400, body: { error: `Not a directory: ${path.join(repo, 'README.md')}`, code: 'fs.not_a_directory' } });
    expect((await get(`/api/filesystem/list?path=${q(path.join(repo, 'nope'))}`)).body.code).toBe('fs.not_found');
    expect((await get(`/api/filesystem/list?path=${q(repo)}&recursive=maybe`)).status).toBe(400);
  });
});

describe('GET /api/filesystem/read', () => {
  it('returns a text file with its size and date', async () => {
    const { status, body } = await get(`/api/filesystem/read?path=${q(path.join(repo, 'src', '..', 'README.md'))}`);
    expect(status).toBe(200);
    expect(ReadFileResponse.parse(body)).toMatchObject({ path: path.join(repo, 'README.md'), content: '# Repo\n', size: 7, encoding: 'utf-8' });
  });

  it('refuses binary files with 415 and files over 1 MB with 413, saying why', async () => {
    write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    write('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    write('big.txt', 'a'.repeat(1024 * 1024 + 1));
    expect(await get(`/api/filesystem/read?path=${q(path.join(repo, 'image.png'))}`)).toEqual({ status: 415, body: { error: `Binary file cannot be displayed: ${path.join(repo, 'image.png')}`, code: 'fs.binary' } });
    expect((await get(`/api/filesystem/read?path=${q(path.join(repo, 'latin1.txt'))}`)).status).toBe(415);
    expect(await get(`/api/filesystem/read?path=${q(path.join(repo, 'big.txt'))}`)).toEqual({ status: 413, body: { error: 'File is too large to display (1 MB; the limit is 1 MB)', code: 'fs.too_large' } });
  });

  it('answers 400 for a missing path or a directory and 404 for a missing file', async () => {
    expect(await get('/api/filesystem/read?path=')).toEqual({ status: 400, body: { error: 'Path is required', code: 'validation.failed' } });
    expect((await get(`/api/filesystem/read?path=${q(repo)}`)).body.code).toBe('fs.not_a_file');
    expect((await get(`/api/filesystem/read?path=${q(path.join(repo, 'gone.txt'))}`)).status).toBe(404);
    expect((await get('/api/filesystem/read?path=README.md')).body.code).toBe('fs.invalid_path');
  });
});

describe('fsError', () => {
  it('maps no-access errors to 403 and unknown ones to 500 (root in this sandbox cannot be denied access for real)', () => {
    const denied = fsError(Object.assign(new Error('x'), { code: 'EACCES' }), '/secret');
    expect([denied.status, denied.code, denied.message]).toEqual([403, 'fs.forbidden', 'Access denied: /secret']);
    expect(fsError(Object.assign(new Error('x'), { code: 'EPERM' }), '/p').status).toBe(403);
    expect(fsError(Object.assign(new Error('x'), { code: 'EIO' }), '/p').status).toBe(500);
  });
});
