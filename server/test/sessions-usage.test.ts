import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationDetails, ConversationListResponse, type SessionUsage } from '@cui/contract';
import { makeTestDirs, waitFor, type TestDirs } from './helpers';
import { getJson, openStream, startOk, useRunServer } from './runs-support';
import { createFakeRuns, iso, startSessionsApp } from './sessions-fixtures';

/** Tokens, cost and context per session (issue 17.4). */

const ctx = useRunServer();

async function listedUsage(sessionId: string): Promise<SessionUsage | undefined> {
  const { body } = await getJson(ctx.server, `/api/conversations?sessionId=${sessionId}`);
  return ConversationListResponse.parse(body).conversations[0]?.usage;
}

describe('usage of a real CLI run', () => {
  it("shows the run's token totals and the CLI's cost in the list and the details, and its context fill in the result", async () => {
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('usage'), initialPrompt: 'fix the file', permissionMode: 'acceptEdits' });
    const stream = await openStream(ctx.server, streamingId);
    await stream.ended;
    const result = stream.events.find((e) => e.type === 'result');
    if (result?.type !== 'result') throw new Error('the run gave no result');
    // The CLI's own totals for the run: three responses of the fake model (Read, Edit, text), each counted once.
    const cli = result.usage as { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
    const expected: SessionUsage = {
      inputTokens: cli.input_tokens, outputTokens: cli.output_tokens, cacheCreationTokens: cli.cache_creation_input_tokens,
      cacheReadTokens: cli.cache_read_input_tokens, costUsd: result.total_cost_usd as number,
    };
    expect(expected.inputTokens).toBeGreaterThan(1000);
    expect(expected.costUsd).toBeGreaterThan(0);
    // The index catches up with the finished transcript (its cost line is the last one the CLI writes).
    const listed = await waitFor(async () => ((await listedUsage(sessionId))?.costUsd !== undefined ? listedUsage(sessionId) : undefined), { message: 'usage listed' });
    expect(listed).toEqual(expected);
    const details = ConversationDetails.parse((await getJson(ctx.server, `/api/conversations/${sessionId}`)).body);
    expect(details.metadata.usage).toEqual(expected);

    // The context fill: the last main-chain response's input over the model's window (the fake's model: 1M).
    const last = stream.events.filter((e) => e.type === 'assistant' && !e.parent_tool_use_id).at(-1);
    const lastUsage = last?.type === 'assistant' ? (last.message.usage as { input_tokens: number }) : undefined;
    expect(result.contextUsage).toEqual({ usedTokens: lastUsage?.input_tokens, windowTokens: 1_000_000 });
  });
});

describe('cost of routed sessions', () => {
  let dirs: TestDirs | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    if (dirs) fs.rmSync(dirs.root, { recursive: true, force: true });
  });

  it('labels the cost an estimate once a run of the session, or of the session it resumed, went through the router', async () => {
    dirs = makeTestDirs('cui-usage-routed-');
    const project = path.join(dirs.claudeConfigDir, 'projects', '-w-routed');
    fs.mkdirSync(project, { recursive: true });
    // A CLI 2.1.330 transcript with cost lines, as three sessions: routed, resumed from the routed one, plain.
    const fixture = fileURLToPath(new URL('../src/cli/transcript/fixtures/transcript-after-resume.jsonl', import.meta.url));
    const routed = 'aaaaaaaa-0000-4000-8000-000000000001';
    const fork = 'aaaaaaaa-0000-4000-8000-000000000002';
    const plain = 'aaaaaaaa-0000-4000-8000-000000000003';
    for (const id of [routed, fork, plain]) fs.copyFileSync(fixture, path.join(project, `${id}.jsonl`));
    const runs = createFakeRuns();
    app = await startSessionsApp(dirs, runs);
    const run = { workingDirectory: '/w/routed', startedAt: iso(1), permissionMode: 'default', initialPrompt: 'p' };
    runs.start({ ...run, streamingId: 's1', sessionId: routed }, { routed: true });
    runs.end(routed);
    runs.start({ ...run, streamingId: 's2', sessionId: fork, resumedFrom: routed });
    runs.end(fork);
    runs.start({ ...run, streamingId: 's3', sessionId: plain });
    runs.end(plain);

    const response = await app.inject({ url: '/api/conversations' });
    const byId = new Map(ConversationListResponse.parse(response.json()).conversations.map((c) => [c.sessionId, c.usage]));
    const usage = { inputTokens: 50164, outputTokens: 107, cacheCreationTokens: 0, cacheReadTokens: 0, costUsd: 0.20279599999999998 };
    expect(byId.get(routed)).toEqual({ ...usage, costIsEstimate: true });
    expect(byId.get(fork)).toEqual({ ...usage, costIsEstimate: true });
    expect(byId.get(plain)).toEqual(usage);
    const details = ConversationDetails.parse((await app.inject({ url: `/api/conversations/${routed}?limit=5` })).json());
    expect(details.metadata.usage).toEqual({ ...usage, costIsEstimate: true });
  });
});
