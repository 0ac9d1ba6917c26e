import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ConversationSummary, StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../../fake-model/test-support';
import { waitFor } from './helpers';
import { getJson, openStream, startOk, useRunServer } from './runs-support';

/** Resuming a finished session: a new (forked) session continues the whole history with the requested settings. */

const ctx = useRunServer();

async function runToEnd(body: Record<string, unknown>) {
  const started = await startOk(ctx.server, body);
  const stream = await openStream(ctx.server, started.streamingId);
  await stream.ended;
  return { ...started, events: stream.events };
}

const resultText = (events: StreamEvent[]): string => {
  const result = events.find((event) => event.type === 'result');
  return result?.type === 'result' ? (result.result ?? '') : '';
};
const historyLength = (events: StreamEvent[]): number => Number(/History has (\d+) messages/.exec(resultText(events))?.[1]);

/** The session's row in the list, once the index has picked up its transcript and `ready` holds. */
function listed(sessionId: string, ready: (row: ConversationSummary) => boolean = () => true, query = ''): Promise<ConversationSummary> {
  return waitFor(async () => {
    const { body } = await getJson(ctx.server, `/api/conversations?limit=100${query}`);
    const row = (body.conversations as ConversationSummary[]).find((c) => c.sessionId === sessionId);
    return row && ready(row) ? row : undefined;
  }, { message: `session ${sessionId} listed` });
}

const systemTextOf = (body: unknown): string => JSON.stringify((body as { system?: unknown }).system ?? '');

describe('resuming a session', () => {
  it('continues the history in a new session with the old permission mode, new model and system prompt', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'resume'));
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
    const first = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello first turn', permissionMode: 'acceptEdits' });
    expect(first.events.find((e) => e.type === 'system_init')).toMatchObject({ permissionMode: 'acceptEdits' });
    expect((await listed(first.sessionId)).sessionInfo).toMatchObject({ permission_mode: 'acceptEdits', initial_commit_head: head, continuation_session_id: '' });

    // A commit in between: the follow-up keeps the commit its conversation started from.
    fs.writeFileSync(path.join(repo, 'more.txt'), 'more\n');
    execFileSync('git', ['add', 'more.txt'], { cwd: repo });
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'more'], { cwd: repo });

    const second = await runToEnd({
      workingDirectory: repo,
      initialPrompt: 'hello second turn',
      resumedSessionId: first.sessionId,
      model: 'claude-resume-model',
      systemPrompt: 'You are the resume test bot.',
    });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.events.find((e) => e.type === 'system_init')).toMatchObject({ session_id: second.sessionId, permissionMode: 'acceptEdits', model: 'claude-resume-model' });
    expect(second.events.find((e) => e.type === 'result')).toMatchObject({ is_error: false, session_id: second.sessionId });
    expect(resultText(second.events)).toContain('Echo: "hello second turn"');
    expect(historyLength(second.events)).toBeGreaterThan(historyLength(first.events));

    const request = ctx.fake.requests.find((r) => r.lastUserText === 'hello second turn');
    expect(request?.model).toBe('claude-resume-model');
    expect(systemTextOf(request?.body)).toContain('You are the resume test bot.');
    expect(JSON.stringify((request?.body as { messages: unknown }).messages)).toContain('hello first turn');

    expect((await listed(second.sessionId)).sessionInfo.notify).toBe(true);
    const history = await listed(first.sessionId, () => true, '&hasContinuation=true');
    expect(history.sessionInfo.continuation_session_id).toBe(second.sessionId);
    expect((await listed(second.sessionId)).sessionInfo).toMatchObject({ permission_mode: 'acceptEdits', initial_commit_head: head });
  });

  it('keeps a muted session muted in its continuation', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'resume-muted'));
    const first = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello muted turn' });
    const mute = await ctx.server.api(`/api/conversations/${first.sessionId}/update`, { method: 'PUT', body: JSON.stringify({ notify: false }) });
    expect(mute.status).toBe(200);
    const second = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello again', resumedSessionId: first.sessionId });
    expect((await listed(second.sessionId)).sessionInfo.notify).toBe(false);
  });

  it('resumes with an explicitly chosen permission mode over the stored one', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'resume-mode'));
    const first = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello mode one', permissionMode: 'plan' });
    const second = await runToEnd({ workingDirectory: repo, initialPrompt: 'hello mode two', resumedSessionId: first.sessionId, permissionMode: 'default' });
    expect(second.events.find((e) => e.type === 'system_init')).toMatchObject({ permissionMode: 'default' });
    expect((await listed(second.sessionId)).sessionInfo.permission_mode).toBe('default');
  });
});
