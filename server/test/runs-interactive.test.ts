import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { QUESTION_TEXT } from '../../fake-model/scenarios/interactive';
import { openStream, postJson, startOk, type StreamReader, useRunServer } from './runs-support';

/** AskUserQuestion and plan approval (ExitPlanMode) arrive as permission requests and are answered through them. */

const ctx = useRunServer();
const { newRepo } = ctx;

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
    const { streamingId } = await startOk(ctx.server, { workingDirectory: newRepo('question'), initialPrompt: 'ask me a question' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await nextRequest(stream, 'AskUserQuestion');
    expect(request.data.toolInput).toMatchObject({ questions: [expect.objectContaining({ question: QUESTION_TEXT })] });
    const decision = await postJson(ctx.server, `/api/permissions/${request.data.id}/decision`, { action: 'approve', modifiedInput: { answers: { [QUESTION_TEXT]: 'hi there' } } });
    expect(decision.status).toBe(200);
    await stream.ended;
    expect(resultText(stream.events)).toContain(`"${QUESTION_TEXT}"="hi there"`);
    expect(ctx.fake.requests.some((r) => r.lastToolResult?.includes('"hi there"'))).toBe(true);
  });

  it('approves a plan (ExitPlanMode) in plan mode and the model is told', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: newRepo('plan-ok'), initialPrompt: 'make a plan', permissionMode: 'plan' });
    const stream = await openStream(ctx.server, streamingId);
    expect(await stream.next((e) => e.type === 'system_init')).toMatchObject({ permissionMode: 'plan' });
    const request = await nextRequest(stream, 'ExitPlanMode');
    expect(String(request.data.toolInput.plan)).toContain('# Plan: fix the greeting');
    await postJson(ctx.server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' });
    await stream.ended;
    expect(resultText(stream.events)).toContain('User has approved your plan');
  });

  it('rejects a plan with feedback the model receives', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: newRepo('plan-no'), initialPrompt: 'make a plan', permissionMode: 'plan' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await nextRequest(stream, 'ExitPlanMode');
    await postJson(ctx.server, `/api/permissions/${request.data.id}/decision`, { action: 'deny', denyReason: 'also update the README' });
    await stream.ended;
    expect(ctx.fake.requests.some((r) => r.lastToolResult?.includes('also update the README'))).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });
});
