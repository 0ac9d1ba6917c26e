import type { IncomingMessage, ServerResponse } from 'node:http';
import { readConversation } from './conversation';
import { gateOf, type Gates } from './gates';
import { parseJson, readBody, sendError, sendJson } from './http';
import { estimateTokens, jsonMessage } from './message';
import { pickScenario } from './scenarios/index';
import { streamMessage } from './sse';
import type { RecordedRequest } from './types';

/** Request routing for the fake Messages API. Every request is appended to `requests`. */

export const FAKE_MODELS = ['claude-opus-5-5', 'claude-sonnet-5', 'claude-haiku-4-5'];

/** Holds a gated conversation's reply until the test releases it; false when the client went away meanwhile. */
async function passGate(gates: Gates, res: ServerResponse, held: { prompt: string; scenario: string; step: number }): Promise<boolean> {
  const gate = held.scenario === 'auxiliary' ? undefined : gateOf(held.prompt);
  if (!gate) return true;
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  await gates.hold({ gate, scenario: held.scenario, step: held.step }, gone.signal);
  return !gone.signal.aborted;
}

async function handleMessages(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, gates: Gates): Promise<void> {
  const raw = await readBody(req);
  const body = parseJson(raw);
  if (body === undefined) {
    record.status = 400;
    return sendError(res, 400, 'invalid_request_error', 'request body must be JSON');
  }
  const conversation = readConversation(body, raw.length);
  const scenario = pickScenario(conversation);
  Object.assign(record, {
    body,
    model: conversation.model,
    stream: conversation.stream,
    lastUserText: conversation.prompt,
    lastToolResult: conversation.lastToolResult,
    scenario: scenario.name,
    step: conversation.step,
    tools: conversation.tools,
    historyLength: conversation.historyLength,
  });
  if (!(await passGate(gates, res, { prompt: conversation.prompt, scenario: scenario.name, step: conversation.step }))) {
    record.closedEarly = true;
    return;
  }
  const reply = scenario.reply(conversation);
  if (reply.kind === 'error') {
    record.status = reply.status;
    return sendError(res, reply.status, reply.errorType, reply.message);
  }
  record.status = 200;
  if (!conversation.stream) return sendJson(res, 200, jsonMessage(conversation.model, raw.length, reply.blocks));
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const complete = await streamMessage(res, { model: conversation.model, inputBytes: raw.length, blocks: reply.blocks, pace: reply.pace, signal: abort.signal });
  record.closedEarly = !complete;
}

async function handleCountTokens(req: IncomingMessage, res: ServerResponse, record: RecordedRequest): Promise<void> {
  const raw = await readBody(req);
  record.status = 200;
  sendJson(res, 200, { input_tokens: estimateTokens(raw.length) });
}

function handleModels(res: ServerResponse, record: RecordedRequest): void {
  record.status = 200;
  const data = FAKE_MODELS.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' }));
  sendJson(res, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
}

/**
 * The test's side of the gates: `GET /_fake/gates` lists held replies; `GET /_fake/gates/NAME/wait[?step=N]` answers
 * once one is held; `POST /_fake/gates/NAME/release[?step=N]` lets the oldest go (404 when none is held).
 */
async function handleGates(url: URL, method: string, res: ServerResponse, record: RecordedRequest, gates: Gates): Promise<void> {
  const [, , , gate, action] = url.pathname.split('/');
  const stepParam = url.searchParams.get('step');
  const step = stepParam === null ? undefined : Number(stepParam);
  record.status = 200;
  if (method === 'GET' && gate === undefined) return sendJson(res, 200, { held: gates.held() });
  if (gate && method === 'GET' && action === 'wait') return sendJson(res, 200, await gates.whenHeld(gate, step));
  if (gate && method === 'POST' && action === 'release') {
    if (gates.release(gate, step)) return sendJson(res, 200, { released: true });
    record.status = 404;
    return sendError(res, 404, 'not_found_error', `no reply of gate ${gate} is held`);
  }
  record.status = 404;
  sendError(res, 404, 'not_found_error', `${method} ${url.pathname} not found`);
}

export async function route(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, gates: Gates): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const pathname = url.pathname;
  const method = req.method ?? 'GET';
  if (pathname === '/_fake/gates' || pathname.startsWith('/_fake/gates/')) return handleGates(url, method, res, record, gates);
  if (method === 'POST' && pathname === '/v1/messages') return handleMessages(req, res, record, gates);
  if (method === 'POST' && pathname === '/v1/messages/count_tokens') return handleCountTokens(req, res, record);
  if (method === 'GET' && pathname === '/v1/models') return handleModels(res, record);
  if ((method === 'GET' || method === 'HEAD') && pathname === '/') {
    record.status = 200;
    res.writeHead(200, { 'content-type': 'text/plain' });
    return void res.end(method === 'HEAD' ? undefined : 'fake anthropic api\n');
  }
  record.status = 404;
  sendError(res, 404, 'not_found_error', `${method} ${pathname} not found`);
}
