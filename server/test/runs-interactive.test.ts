import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from './fake-anthropic/index';
import { QUESTION_TEXT } from './fake-anthropic/scenarios/interactive';
import { makeRepo } from './fake-anthropic/test-support';
import { startTestServer, type TestServer } from './helpers';
import { openStream, postJson, startOk, type StreamReader } from './runs-support';

/** AskUserQuestion and plan approval (ExitPlanMode) arrive as permission requests and are answered through them. */

let fake: FakeAnthropic;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  server = await startTestServer({ anthropicBaseUrl: fake.url });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const newRepo = (name: string): string => makeRepo(path.join(server.dirs.work, name));
type PermissionEvent = Extract<StreamEvent, { type: 'permission_request' }>;

async function nextRequest(stream: StreamReader, toolName: string): Promise<PermissionEvent> {
  const event = await stream.next((e) => e.type === 'permission_request' && e.data.toolName === toolName);
  if (event.type !== 'permission_request') throw new Error('unreachable');
  return event;
}

const resultText = (events: StreamEvent[]): string => {
  const result = events.find((event) => event.type === 'result');
  return result?.type === 'result' ? (result.result ?? '') : '';
};

describe('questions and plans', () => {
  it('answers AskUserQuestion by approving with the answers in modifiedInput', async () => {
    const { streamingId } = await startOk(server, { workingDirectory: newRepo('question'), initialPrompt: 'ask me a question' });
    const stream = await openStream(server, streamingId);
    const request = await nextRequest(stream, 'AskUserQuestion');
    expect(request.data.toolInput).toMatchObject({ questions: [expect.objectContaining({ question: QUESTION_TEXT })] });
    const decision = await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve', modifiedInput: { answers: { [QUESTION_TEXT]: 'hi there' } } });
    expect(decision.status).toBe(200);
    await stream.ended;
    expect(resultText(stream.events)).toContain(`"${QUESTION_TEXT}"="hi there"`);
    expect(fake.requests.some((r) => r.lastToolResult?.includes('"hi there"'))).toBe(true);
  });

  it('approves a plan (ExitPlanMode) in plan mode and the model is told', async () => {
    const { streamingId } = await startOk(server, { workingDirectory: newRepo('plan-ok'), initialPrompt: 'make a plan', permissionMode: 'plan' });
    const stream = await openStream(server, streamingId);
    expect(await stream.next((e) => e.type === 'system_init')).toMatchObject({ permissionMode: 'plan' });
    const request = await nextRequest(stream, 'ExitPlanMode');
    expect(String(request.data.toolInput.plan)).toContain('# Plan: fix the greeting');
    await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' });
    await stream.ended;
    expect(resultText(stream.events)).toContain('User has approved your plan');
  });

  it('rejects a plan with feedback the model receives', async () => {
    const { streamingId } = await startOk(server, { workingDirectory: newRepo('plan-no'), initialPrompt: 'make a plan', permissionMode: 'plan' });
    const stream = await openStream(server, streamingId);
    const request = await nextRequest(stream, 'ExitPlanMode');
    await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'deny', denyReason: 'also update the README' });
    await stream.ended;
    expect(fake.requests.some((r) => r.lastToolResult?.includes('also update the README'))).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });
});
