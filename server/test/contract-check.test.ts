import { describe, expect, it } from 'vitest';
import { checkResponse, ContractViolation, findRoute } from './contract-check';

const json = (body: unknown, status = 200) => Response.json(body, { status });

function streamOf(...chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200 });
}

describe('findRoute', () => {
  it('picks the route the server would, literal segments before parameters', () => {
    expect(findRoute('POST', '/api/conversations/start')?.name).toBe('startConversation');
    expect(findRoute('POST', '/api/conversations/archive-all')?.name).toBe('archiveAllConversations');
    expect(findRoute('GET', '/api/conversations/0b5c1b9e-0000-4000-8000-000000000000')?.name).toBe('getConversation');
    expect(findRoute('PUT', '/api/conversations/abc/update')?.name).toBe('updateConversation');
    expect(findRoute('GET', '/api/stream/abc')?.name).toBe('streamRun');
    expect(findRoute('DELETE', '/api/config')).toBeUndefined();
  });
});

describe('checkResponse', () => {
  it("passes an answer that matches its route's response schema, readable by the caller", async () => {
    const response = await checkResponse('GET', '/api/logs/recent?limit=5', json({ logs: ['{}'] }));
    expect(await response.json()).toEqual({ logs: ['{}'] });
  });

  it('rejects an answer that does not match, naming the route', async () => {
    const failure = checkResponse('GET', '/api/logs/recent', json({ logs: 'not a list' }));
    await expect(failure).rejects.toBeInstanceOf(ContractViolation);
    await expect(failure).rejects.toThrow(/recentLogs \(GET \/api\/logs\/recent\)/);
  });

  it('rejects a field the schema does not declare, at any depth', async () => {
    await expect(checkResponse('GET', '/api/logs/recent', json({ logs: [], extra: 1 }))).rejects.toThrow('fields the contract does not declare: .extra');
    const details = { messages: [], summary: '', projectPath: '/p', metadata: { model: 'm', anything: 1 } };
    await expect(checkResponse('GET', '/api/conversations/abc', json(details))).resolves.toBeInstanceOf(Response);
    const rows = { conversations: [{ bogus: true }], total: 1 };
    await expect(checkResponse('GET', '/api/conversations', json(rows))).rejects.toBeInstanceOf(ContractViolation);
  });

  it('rejects an error body with an unknown code, or a status its code does not map to', async () => {
    await expect(checkResponse('GET', '/api/config', json({ error: 'x', code: 'made.up' }, 400))).rejects.toThrow("unknown error code 'made.up'");
    await expect(checkResponse('GET', '/api/config', json({ error: 'x', code: 'session.not_found' }, 400))).rejects.toThrow("code 'session.not_found' is 404, answered 400");
    await expect(checkResponse('GET', '/api/config', json({ message: 'x' }, 500))).rejects.toBeInstanceOf(ContractViolation);
    const fine = await checkResponse('GET', '/api/nope', json({ error: 'Route GET /api/nope not found', code: 'route.not_found' }, 404));
    expect(fine.status).toBe(404);
  });

  it('checks each NDJSON item of the run stream as it is read, heartbeats skipped', async () => {
    const good = await checkResponse('GET', '/api/stream/r1', streamOf('{"type":"connected","streamingId":"r1"}\n:', ' heartbeat\n{"type":"clo', 'sed","streamingId":"r1","seq":1}\n'));
    expect(await good.text()).toBe('{"type":"connected","streamingId":"r1"}\n: heartbeat\n{"type":"closed","streamingId":"r1","seq":1}\n');
    const bad = await checkResponse('GET', '/api/stream/r1', streamOf('{"type":"connected","streamingId":"r1"}\n{"type":"nonsense"}\n'));
    await expect(bad.text()).rejects.toThrow(/streamRun .* item/);
  });

  it('checks each SSE data line of the log stream as a log entry', async () => {
    const good = await checkResponse('GET', '/api/logs/stream', streamOf(': connected\n\ndata: {"level":"info","time":"t","msg":"hi"}\n\n'));
    expect(await good.text()).toContain('"msg":"hi"');
    const bad = await checkResponse('GET', '/api/logs/stream', streamOf('data: {"msg":"no level or time"}\n\n'));
    await expect(bad.text()).rejects.toBeInstanceOf(ContractViolation);
  });
});
