import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { openStream, postJson, startOk, toolUses, typesOf, useRunServer } from './runs-support';

/** Issue 26.1 and 26.3 with the real CLI and the fake model: "don't ask again" and live mode and model switches. */

const ctx = useRunServer();

type PermissionEvent = Extract<StreamEvent, { type: 'permission_request' }>;
const isPermissionRequest = (event: StreamEvent): event is PermissionEvent => event.type === 'permission_request';

describe('always allow', () => {
  it("approving with the CLI's suggestions writes the rule, and the same command then runs without asking", async () => {
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
  });
});
