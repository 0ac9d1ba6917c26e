import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { openStream, postJson, startOk, toolUses, typesOf, useRunServer } from './runs-support';

/** Issue 26.1 and 26.3 with the real CLI and the fake model: "don't ask again" and live mode and model switches. */

const ctx = useRunServer();
const SWITCHED_MODEL = 'claude-haiku-4-5';

type PermissionEvent = Extract<StreamEvent, { type: 'permission_request' }>;
const isPermissionRequest = (event: StreamEvent): event is PermissionEvent => event.type === 'permission_request';

describe('always allow', () => {
  it("approving with the CLI's suggestions writes the rule, the same command then runs without asking; Settings lists the rule and removes it, and the command asks again", async () => {
    const repo = ctx.newRepo('always');
    // The run loads the folder's local settings (where the rule goes) only in a trusted folder.
    expect((await ctx.server.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: repo }) })).status).toBe(200);
    const first = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'run the npm tests' });
    const stream = await openStream(ctx.server, first.streamingId);
    const request = (await stream.next(isPermissionRequest)) as PermissionEvent;
    expect(request.data.suggestions?.[0]).toMatchObject({ label: "Yes, and don't ask again for `npm test` in this project", destination: 'localSettings' });
    const decision = await postJson(ctx.server, `/api/permissions/${request.data.id}/decision`, { action: 'approve', alwaysAllow: true });
    expect(decision.status).toBe(200);
    expect(decision.body.permission).toMatchObject({ status: 'approved', alwaysAllowed: true });
    await stream.ended;
    const local = JSON.parse(fs.readFileSync(path.join(repo, '.claude', 'settings.local.json'), 'utf8')) as { permissions: { allow: string[] } };
    expect(local.permissions.allow).toEqual(['Bash(npm test *)']);

    const second = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'run the npm tests again' });
    const again = await openStream(ctx.server, second.streamingId);
    await again.ended;
    expect(toolUses(again.events).map((use) => use.name)).toEqual(['Bash']);
    expect(typesOf(again.events)).not.toContain('permission_request');

    // Settings lists the rule where the CLI wrote it, and removes it: the next identical command asks again.
    const localFile = path.join(repo, '.claude', 'settings.local.json');
    const listed = await ctx.server.api(`/api/trust/rules?path=${encodeURIComponent(repo)}`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { rules: unknown[] }).rules).toContainEqual({ scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', file: localFile });
    const removed = await postJson(ctx.server, '/api/trust/rules/remove', { scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', path: repo });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((JSON.parse(fs.readFileSync(localFile, 'utf8')) as { permissions: { allow: string[] } }).permissions.allow).toEqual([]);
    expect(await postJson(ctx.server, '/api/trust/rules/remove', { scope: 'local', behavior: 'allow', rule: 'Bash(npm test *)', path: repo })).toMatchObject({ status: 404, body: { code: 'trust.rule_not_found' } });
    expect(await postJson(ctx.server, '/api/trust/rules/remove', { scope: 'local', behavior: 'allow', rule: 'Read', path: 'repo' })).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect(await postJson(ctx.server, '/api/trust/rules/remove', { scope: 'local', behavior: 'allow', rule: 'Read' })).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    const third = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'run the npm tests once more' });
    const asked = await openStream(ctx.server, third.streamingId);
    const askedAgain = (await asked.next(isPermissionRequest)) as PermissionEvent;
    expect(askedAgain.data.toolName).toBe('Bash');
    expect((await postJson(ctx.server, `/api/permissions/${askedAgain.data.id}/decision`, { action: 'deny' })).status).toBe(200);
    await asked.ended;
  });
});

describe('live mode and model', () => {
  it('switches the permission mode and the model of a live run: the next tool runs unasked, the next request carries the model', async () => {
    const repo = ctx.newRepo('switch');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'fix the typo [gate:switch]' });
    const stream = await openStream(ctx.server, streamingId);
    await ctx.fake.gates.whenHeld('switch', 0);
    const before = ctx.fake.requests.filter((r) => r.scenario === 'fix').map((r) => (r.body as { model?: string }).model);
    expect(before).toHaveLength(1);
    expect(before[0]).not.toBe(SWITCHED_MODEL);

    const switched = await postJson(ctx.server, `/api/conversations/${sessionId}/switch`, { permissionMode: 'acceptEdits', model: SWITCHED_MODEL });
    expect(switched).toMatchObject({ status: 200, body: { success: true } });
    expect(await stream.next((e) => e.type === 'system' && e.subtype === 'run_switched')).toMatchObject({ permissionMode: 'acceptEdits', model: SWITCHED_MODEL });
    for (const step of [0, 1, 2]) {
      await ctx.fake.gates.whenHeld('switch', step);
      ctx.fake.gates.release('switch', step);
    }
    await stream.ended;
    // acceptEdits: the Edit ran without asking; every request after the switch named the new model.
    expect(typesOf(stream.events)).not.toContain('permission_request');
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    const after = ctx.fake.requests.filter((r) => r.scenario === 'fix').slice(1).map((r) => (r.body as { model?: string }).model);
    expect(after).toEqual([SWITCHED_MODEL, SWITCHED_MODEL]);
  });

  it('refuses a switch without a field (400) and for a run that is not live (404)', async () => {
    expect(await postJson(ctx.server, '/api/conversations/nope/switch', {})).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect(await postJson(ctx.server, '/api/conversations/nope/switch', { model: 'x' })).toMatchObject({ status: 404, body: { code: 'run.not_found' } });
  });
});
