// A tiny stdio MCP server for tests: newline-delimited JSON-RPC 2.0, one tool (`ping` → `pong`). No dependencies.
import { createInterface } from 'node:readline';
import process from 'node:process';

const reply = (id, body) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...body })}\n`);

const answers = {
  initialize: (params) => ({ protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'tiny', version: '1.0.0' } }),
  'tools/list': () => ({ tools: [{ name: 'ping', description: 'Answers pong', inputSchema: { type: 'object', properties: {} } }] }),
  'tools/call': () => ({ content: [{ type: 'text', text: 'pong' }] }),
  ping: () => ({}),
};

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message?.id === undefined || message.id === null) return;
  const answer = answers[message.method];
  if (answer) reply(message.id, { result: answer(message.params) });
  else reply(message.id, { error: { code: -32601, message: `Method not found: ${message.method}` } });
});
