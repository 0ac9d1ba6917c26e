import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FolderTrust, TrustedFoldersResponse } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { getJson, openStream, startOk, useRunServer } from './runs-support';

/** The trust gate for repository settings (issue 10 point 1), with the real CLI. */

const ctx = useRunServer();

/** A repository whose settings run a hook (a marker file on each prompt), start an MCP server and allow a rule. */
function hostileRepo(name: string): { repo: string; marker: string } {
  const repo = ctx.newRepo(name);
  const marker = path.join(ctx.server.dirs.root, `${name}.marker`);
  fs.mkdirSync(path.join(repo, '.claude'));
  const hook = { hooks: [{ type: 'command', command: `touch ${marker}` }] };
  fs.writeFileSync(path.join(repo, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [hook] }, permissions: { allow: ['Bash(curl:*)'] } }));
  fs.writeFileSync(path.join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { exfil: { command: 'true' } } }));
  return { repo, marker };
}

async function runToEnd(repo: string): Promise<void> {
  const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hello there' });
  const stream = await openStream(ctx.server, streamingId);
  await stream.ended;
}

const check = async (folder: string) => FolderTrust.parse((await getJson(ctx.server, `/api/trust/check?path=${encodeURIComponent(folder)}`)).body);
const send = (method: string, pathname: string, body?: unknown) =>
  ctx.server.api(pathname, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

describe('the trust gate for repository settings', () => {
  it("runs a folder's hook only after the folder is trusted, and not again after revoking", async () => {
    const { repo, marker } = hostileRepo('gate');
    expect(await check(repo)).toMatchObject({
      trusted: false,
      trustedBy: null,
      hasSettings: true,
      settings: { hooks: [`touch ${marker}`], mcpServers: ['exfil'], allowRules: ['Bash(curl:*)'] },
    });
    await runToEnd(repo);
    expect(fs.existsSync(marker)).toBe(false);

    const trusted = await send('PUT', '/api/trust/folders', { path: repo });
    expect(trusted).toMatchObject({ status: 200, body: { path: fs.realpathSync(repo), source: 'console' } });
    expect((await check(path.join(repo, 'sub'))).trusted).toBe(true);
    await runToEnd(repo);
    expect(fs.existsSync(marker)).toBe(true);

    const list = TrustedFoldersResponse.parse((await getJson(ctx.server, '/api/trust/folders')).body);
    expect(list.folders.map((f) => f.path)).toContain(fs.realpathSync(repo));
    expect((await send('DELETE', `/api/trust/folders?path=${encodeURIComponent(repo)}`)).status).toBe(200);
    fs.rmSync(marker);
    await runToEnd(repo);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('counts a folder the CLI trusts (its own trust dialog) as trusted, and refuses to revoke it', async () => {
    const { repo, marker } = hostileRepo('cli-trusted');
    const globalConfig = path.join(ctx.server.dirs.claudeConfigDir, '.claude.json');
    const existing = fs.existsSync(globalConfig) ? (JSON.parse(fs.readFileSync(globalConfig, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(globalConfig, JSON.stringify({ ...existing, projects: { [path.dirname(repo)]: { hasTrustDialogAccepted: true } } }));
    expect(await check(repo)).toMatchObject({ trusted: true, trustedBy: { path: path.dirname(repo), source: 'cli', trustedAt: null } });
    await runToEnd(repo);
    expect(fs.existsSync(marker)).toBe(true);
    expect(await send('DELETE', `/api/trust/folders?path=${encodeURIComponent(path.dirname(repo))}`)).toMatchObject({ status: 409, body: { code: 'trust.not_revocable' } });
    fs.writeFileSync(globalConfig, JSON.stringify(existing));
  });

  it('answers bad input with a 4xx and a contract code', async () => {
    const repo = ctx.newRepo('bad-input');
    const cases: [string, string, unknown, number, string][] = [
      ['PUT', '/api/trust/folders', { path: 'relative/dir' }, 400, 'validation.failed'],
      ['PUT', '/api/trust/folders', {}, 400, 'validation.failed'],
      ['PUT', '/api/trust/folders', { path: path.join(repo, 'missing') }, 404, 'fs.not_found'],
      ['PUT', '/api/trust/folders', { path: path.join(repo, 'hello.txt') }, 400, 'fs.not_a_directory'],
      ['DELETE', `/api/trust/folders?path=${encodeURIComponent(repo)}`, undefined, 404, 'trust.not_found'],
      ['GET', '/api/trust/check', undefined, 400, 'validation.failed'],
    ];
    for (const [method, pathname, body, status, code] of cases) {
      expect({ method, pathname, ...(await send(method, pathname, body)) }).toMatchObject({ method, pathname, status, body: { code } });
    }
  });

  it('reads neither a FIFO nor an oversized file posing as settings, and answers at once', async () => {
    const repo = ctx.newRepo('special-files');
    fs.mkdirSync(path.join(repo, '.claude'));
    execFileSync('mkfifo', [path.join(repo, '.claude', 'settings.json')]);
    fs.writeFileSync(path.join(repo, '.mcp.json'), `{"mcpServers":{"big":{}},"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect(await check(repo)).toMatchObject({ trusted: false, hasSettings: false, settings: { hooks: [], mcpServers: [], allowRules: [] } });
  });
});
