import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WorkspaceFileResponse, WorkspaceListResponse, type FileVersion } from '@cui/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, startOk, useRunServer, type StreamReader } from './runs-support';

/**
 * Issue 25.3: a conversation's file browser and editor. One run of the `fix` scenario, held at its gate, is the
 * conversation (its live folder is the workspace); the last test lets it edit hello.txt under an open editor.
 */

const ctx = useRunServer();
let repo: string;
let outside: string;
let sessionId: string;
let stream: StreamReader;

const q = (value: string): string => encodeURIComponent(value);

async function call(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await ctx.server.api(pathname, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const read = (file: string) => call('GET', `/api/filesystem/workspace/file?sessionId=${sessionId}&path=${q(file)}`);
const save = (file: string, content: string, extra: { expected?: FileVersion; create?: boolean }) =>
  call('PUT', '/api/filesystem/workspace/file', { sessionId, path: file, content, ...extra });
const list = (folder: string, hidden = false) => call('GET', `/api/filesystem/workspace/list?sessionId=${sessionId}&path=${q(folder)}&hidden=${hidden}`);
const versionOf = async (file: string): Promise<FileVersion> => {
  const { mtimeMs, sha256 } = WorkspaceFileResponse.parse((await read(file)).body);
  return { mtimeMs, sha256 };
};
const answer = (r: { status: number; body: Record<string, unknown> }) => ({ status: r.status, code: r.body.code });

beforeAll(async () => {
  repo = fs.realpathSync(ctx.newRepo('workspace'));
  outside = fs.realpathSync(fs.mkdtempSync(path.join(ctx.server.dirs.work, 'outside-')));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not yours\n');
  const started = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'fix the file [gate:files]', permissionMode: 'acceptEdits' });
  sessionId = started.sessionId;
  stream = await openStream(ctx.server, started.streamingId);
  await ctx.fake.gates.whenHeld('files', 0);
});

describe("a conversation's files: confinement", () => {
  it('refuses paths outside the folder, symlinks out of it, FIFOs, devices and git internals (4xx)', async () => {
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(repo, 'link-out.txt'));
    fs.symlinkSync(outside, path.join(repo, 'dir-out'));
    fs.symlinkSync('/dev/null', path.join(repo, 'null-link'));
    execFileSync('mkfifo', [path.join(repo, 'fifo')]);
    const secret = path.join(outside, 'secret.txt');
    expect(answer(await read(secret))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await read('../' + path.basename(outside) + '/secret.txt'))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await save(secret, 'mine', { expected: { mtimeMs: 0, sha256: 'x' } }))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await read('link-out.txt'))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await save('link-out.txt', 'mine', { expected: { mtimeMs: 0, sha256: 'x' } }))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect(answer(await save('dir-out/new.txt', 'mine', { create: true }))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await list('dir-out'))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await read('null-link'))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await read('/dev/null'))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(answer(await read('fifo'))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect(answer(await save('fifo', 'x', { expected: { mtimeMs: 0, sha256: 'x' } }))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect(answer(await call('POST', '/api/filesystem/workspace/delete', { sessionId, path: 'fifo' }))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect(answer(await save('.git/config', '', { create: true }))).toEqual({ status: 403, code: 'fs.forbidden' });
    expect(fs.readFileSync(secret, 'utf8')).toBe('not yours\n');
    expect(fs.lstatSync(path.join(repo, 'fifo')).isFIFO()).toBe(true);
  });

  it('reaches a trusted folder, where a device is still not a file', async () => {
    expect((await call('PUT', '/api/trust/folders', { path: '/dev' })).status).toBe(200);
    expect(answer(await read('/dev/null'))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect(answer(await save('/dev/null', 'x', { expected: { mtimeMs: 0, sha256: 'x' } }))).toEqual({ status: 400, code: 'fs.not_a_file' });
    expect((await ctx.server.api(`/api/trust/folders?path=${q('/dev')}`, { method: 'DELETE' })).status).toBe(200);
    expect(answer(await read('/dev/null'))).toEqual({ status: 403, code: 'fs.forbidden' });
  });

  it('lists the folder with hidden and ignored entries behind the toggle', async () => {
    fs.writeFileSync(path.join(repo, '.gitignore'), 'build/\n');
    fs.mkdirSync(path.join(repo, 'build'));
    const shown = WorkspaceListResponse.parse((await list(repo)).body);
    expect(shown.folder).toBe(repo);
    expect(shown.entries.map((e) => e.name)).toEqual(['dir-out', 'fifo', 'hello.txt', 'link-out.txt', 'null-link']);
    expect(shown.hiddenCount).toBe(2);
    const all = WorkspaceListResponse.parse((await list(repo, true)).body);
    expect(all.entries.filter((e) => e.hidden || e.ignored).map((e) => e.name)).toEqual(['build', '.gitignore']);
    expect(all.entries.find((e) => e.name === 'fifo')?.type).toBe('other');
  });
});

describe("a conversation's files: create, save, rename, delete", () => {
  it('creates once, saves against the version read, and refuses a stale one with 409', async () => {
    expect((await save('note.txt', 'one\n', { create: true })).status).toBe(200);
    expect(answer(await save('note.txt', 'again\n', { create: true }))).toEqual({ status: 409, code: 'fs.conflict' });
    fs.chmodSync(path.join(repo, 'note.txt'), 0o640);
    const first = await versionOf('note.txt');
    const saved = await save('note.txt', 'two\n', { expected: first });
    expect(saved.status).toBe(200);
    expect(answer(await save('note.txt', 'three\n', { expected: first }))).toEqual({ status: 409, code: 'fs.conflict' });
    expect(fs.readFileSync(path.join(repo, 'note.txt'), 'utf8')).toBe('two\n');
    expect(fs.statSync(path.join(repo, 'note.txt')).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(repo).filter((name) => name.includes('.cui-'))).toEqual([]);
  });

  it('renames (409 onto an existing file) and deletes', async () => {
    expect(answer(await call('POST', '/api/filesystem/workspace/rename', { sessionId, path: 'note.txt', to: 'hello.txt' }))).toEqual({ status: 409, code: 'fs.conflict' });
    expect(await call('POST', '/api/filesystem/workspace/rename', { sessionId, path: 'note.txt', to: 'renamed.txt' })).toEqual({ status: 200, body: { path: path.join(repo, 'renamed.txt') } });
    expect((await call('POST', '/api/filesystem/workspace/delete', { sessionId, path: 'renamed.txt' })).status).toBe(200);
    expect(fs.existsSync(path.join(repo, 'renamed.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');
  });
});

describe("a conversation's files: the agent edits meanwhile", () => {
  it('refuses a save over the Edit the fake model made since the file was read (409), then saves after a reload', async () => {
    const opened = await versionOf('hello.txt');
    const gates = ctx.fake.gates;
    gates.release('files', 0);
    await gates.whenHeld('files', 1);
    gates.release('files', 1);
    await gates.whenHeld('files', 2);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    expect(answer(await save('hello.txt', 'my own words\n', { expected: opened }))).toEqual({ status: 409, code: 'fs.conflict' });
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    const reloaded = WorkspaceFileResponse.parse((await read('hello.txt')).body);
    expect(reloaded.content).toBe('hello world\n');
    expect((await save('hello.txt', 'hello world!\n', { expected: reloaded })).status).toBe(200);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world!\n');
    gates.release('files', 2);
    await stream.next((event) => event.type === 'result');
  });
});
