import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../server/test/helpers';
import { startFakeAnthropic, type FakeAnthropic } from './index';
import { requestBody } from './test-support';

/** The fake's HTTP surface: routes, SSE framing, JSON replies, errors and disconnects. */

let fake: FakeAnthropic;
beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(() => fake.close());

const post = (path: string, body: unknown) =>
  fetch(fake.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

function parseSse(raw: string): { event: string; data: Record<string, unknown> }[] {
  return raw
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
}

describe('fake Anthropic HTTP routes', () => {
  it('streams a well-formed SSE message for POST /v1/messages?beta=true', async () => {
    const response = await post('/v1/messages?beta=true', requestBody({ prompt: 'fix it', cwd: '/repo' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = parseSse(await response.text());
    expect(events.every(({ event, data }) => data.type === event)).toBe(true);
    const collapsed = events.map(({ event }) => event).filter((event, index, all) => event !== 'content_block_delta' || all[index - 1] !== event);
    expect(collapsed).toEqual([
      'message_start', 'ping',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    const start = events[0]?.data.message as { model: string; usage: { input_tokens: number } };
    expect(start.model).toBe('claude-opus-5-5');
    expect(start.usage.input_tokens).toBeGreaterThan(10);
    const json = events.filter(({ data }) => (data.delta as { type?: string } | undefined)?.type === 'input_json_delta').map(({ data }) => (data.delta as { partial_json: string }).partial_json).join('');
    expect(JSON.parse(json)).toEqual({ file_path: '/repo/hello.txt' });
    expect(events.find(({ event }) => event === 'message_delta')?.data.delta).toMatchObject({ stop_reason: 'tool_use' });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/messages?beta=true', status: 200, scenario: 'fix', step: 0, stream: true, lastUserText: 'fix it', closedEarly: false });
  });

  it('answers JSON when stream is false', async () => {
    const response = await post('/v1/messages', requestBody({ prompt: 'hello', stream: false }));
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn', content: [{ type: 'text', text: 'Echo: "hello". History has 2 messages.' }] });
    expect((body.usage as { output_tokens: number }).output_tokens).toBeGreaterThan(0);
  });

  it('answers scripted API errors with their HTTP status and error type', async () => {
    const bad = await post('/v1/messages?beta=true', requestBody({ prompt: 'api-error' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const overloaded = await post('/v1/messages?beta=true', requestBody({ prompt: 'overloaded' }));
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toMatchObject({ error: { type: 'overloaded_error' } });
  });

  it('rejects a malformed body with 400 instead of crashing', async () => {
    const response = await post('/v1/messages', '{not json');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await post('/v1/messages', requestBody({ prompt: 'still alive' }))).status).toBe(200);
  });

  it('serves count_tokens, models, the root probe and a JSON 404', async () => {
    expect(await (await post('/v1/messages/count_tokens', requestBody({ prompt: 'x' }))).json()).toMatchObject({ input_tokens: expect.any(Number) });
    const models = (await (await fetch(`${fake.url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((model) => model.id)).toContain('claude-opus-5-5');
    expect((await fetch(fake.url, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${fake.url}/`)).status).toBe(200);
    const missing = await fetch(`${fake.url}/api/hello`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(fake.requests.map((request) => request.status)).toEqual([200, 200, 200, 200, 404]);
  });

  it('stops writing a slow stream when the client disconnects', async () => {
    const abort = new AbortController();
    const response = await fetch(`${fake.url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(requestBody({ prompt: 'slow' })), signal: abort.signal });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('text_delta')) seen += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await waitFor(() => fake.requests[0]?.closedEarly, { message: 'fake recorded the early close' });
    expect(seen).not.toContain('message_stop');
  });

  it('close() ends streams still in progress', async () => {
    const response = await fetch(`${fake.url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(requestBody({ prompt: 'slow' })) });
    const text = response.text().catch((error: unknown) => `failed: ${String(error)}`);
    await waitFor(() => fake.requests[0]?.status === 200);
    await fake.close();
    expect(await text).not.toContain('message_stop');
  });
});

describe('fake Anthropic command line', () => {
  it('prints its URL, logs each finished request as JSON and exits when stdin closes', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), '--port', '0', '--log', '--exit-with-stdin'], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      let output = '';
      cli.stdout.setEncoding('utf8').on('data', (data: string) => (output += data));
      const url = await waitFor(() => /FAKE_ANTHROPIC_URL=(\S+)/.exec(output)?.[1], { message: 'cli printed its URL' });
      const response = await fetch(`${url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(requestBody({ prompt: 'hello cli' })) });
      await response.text();
      const line = await waitFor(() => output.split('\n').find((candidate) => candidate.includes('"hello cli"')), { message: 'request logged' });
      expect(JSON.parse(line)).toMatchObject({ scenario: 'echo', status: 200, closedEarly: false });
      const exited = new Promise((resolve) => cli.on('exit', resolve));
      cli.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      cli.kill('SIGKILL');
    }
  });
});
