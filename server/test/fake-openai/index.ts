import http from 'node:http';
import { once } from 'node:events';

/**
 * A fake OpenAI-compatible provider: streaming (and plain) `POST /v1/chat/completions` with tool calls and a usage
 * chunk. What the model does depends on the request alone:
 * - a `tool` message present → text quoting the last tool result;
 * - the last user text contains `run-bash` and a `Bash` tool is offered → a Bash call writing and printing `routed-ok` (not read-only, so it asks for permission);
 * - anything else → `Routed echo: <last user text>`.
 */
export interface FakeOpenAIRequest {
  path: string;
  authorization?: string;
  model?: string;
  stream: boolean;
  kind: 'tool_call' | 'tool_result_text' | 'echo';
}

export interface FakeOpenAI {
  url: string;
  requests: FakeOpenAIRequest[];
  close(): Promise<void>;
}

interface ChatMessage {
  role?: string;
  content?: unknown;
}
interface ChatRequest {
  model?: string;
  stream?: boolean;
  messages?: ChatMessage[];
  tools?: { function?: { name?: string } }[];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { type?: string; text?: string }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

type Reply = { kind: 'tool_call' } | { kind: 'tool_result_text' | 'echo'; text: string };

function decide(body: ChatRequest): Reply {
  const messages = body.messages ?? [];
  const lastTool = [...messages].reverse().find((m) => m.role === 'tool');
  if (lastTool) return { kind: 'tool_result_text', text: `The command printed: ${textOf(lastTool.content).trim()}` };
  const lastUser = textOf([...messages].reverse().find((m) => m.role === 'user')?.content);
  const offersBash = (body.tools ?? []).some((tool) => tool.function?.name === 'Bash');
  if (offersBash && lastUser.includes('run-bash')) return { kind: 'tool_call' };
  const prompt = lastUser.split('\n').filter((line) => line.trim() && !line.includes('system-reminder')).at(-1) ?? '';
  return { kind: 'echo', text: `Routed echo: ${prompt.trim()}` };
}

function chunk(model: string, delta: object, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function streamReply(res: http.ServerResponse, model: string, reply: Reply): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(model, { role: 'assistant', content: '' }));
  if (reply.kind === 'tool_call') {
    res.write(chunk(model, { tool_calls: [{ index: 0, id: 'call_bash_1', type: 'function', function: { name: 'Bash', arguments: '' } }] }));
    res.write(chunk(model, { tool_calls: [{ index: 0, function: { arguments: '{"command":"echo routed-ok > routed.txt' } }] }));
    res.write(chunk(model, { tool_calls: [{ index: 0, function: { arguments: ' && cat routed.txt","description":"Write and print a word"}' } }] }));
    res.write(chunk(model, {}, 'tool_calls'));
  } else {
    for (const word of reply.text.split(/(?<= )/)) res.write(chunk(model, { content: word }));
    res.write(chunk(model, {}, 'stop'));
  }
  res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model, choices: [], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } })}\n\n`);
  res.end('data: [DONE]\n\n');
}

function jsonReply(res: http.ServerResponse, model: string, reply: Reply): void {
  const message = reply.kind === 'tool_call'
    ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_bash_1', type: 'function', function: { name: 'Bash', arguments: '{"command":"echo routed-ok > routed.txt && cat routed.txt"}' } }] }
    : { role: 'assistant', content: reply.text };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message, finish_reason: reply.kind === 'tool_call' ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } }));
}

/** Listens on 127.0.0.1, port 0. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequest;
      const reply = decide(body);
      const model = body.model ?? 'unknown';
      requests.push({ path: req.url, authorization: req.headers.authorization, model: body.model, stream: body.stream === true, kind: reply.kind });
      if (body.stream) streamReply(res, model, reply);
      else jsonReply(res, model, reply);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake OpenAI did not bind');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
