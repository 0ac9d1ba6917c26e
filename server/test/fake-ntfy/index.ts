import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocal } from '../local-server';

/**
 * A fake ntfy server (no real one installs here: wave2-verified.md §1) that behaves like ntfy for what cui uses:
 * `POST|PUT /` with a JSON body `{topic, title, message, tags, priority, click, actions}` (topic
 * `^[-_A-Za-z0-9]{1,64}$`, at most 3 actions, else 400 as ntfy answers), `POST|PUT /<topic>` with the message as body
 * and Title/Priority/Tags/Click headers, and `GET /<topic>/json`: an NDJSON stream (`{"event":"open"}`, then one
 * message per line) — the "phone" a test can subscribe with.
 */
export interface NtfyMessage {
  id: string;
  time: number;
  event: 'message';
  topic: string;
  title?: string;
  message: string;
  tags?: string[];
  priority?: number;
  click?: string;
  actions?: unknown[];
}

export interface FakeNtfy {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** Every accepted message, in arrival order. */
  messages: NtfyMessage[];
  /** Publish requests received (accepted or not), as `METHOD path`. */
  requests: string[];
  /** Every publish answers this status (with ntfy's error body) until set back to undefined. */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`${JSON.stringify(body)}\n`);
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function header(req: IncomingMessage, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = req.headers[name.toLowerCase()];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The message a publish asks for, or an error text (ntfy answers 400 then). */
function parsePublish(req: IncomingMessage, path: string, body: string): Omit<NtfyMessage, 'id' | 'time' | 'event'> | string {
  if (path === '/') {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return 'invalid JSON';
    }
    if (Array.isArray(json.actions) && json.actions.length > 3) return 'too many actions';
    return { ...json, topic: String(json.topic ?? ''), message: typeof json.message === 'string' && json.message ? json.message : 'triggered' };
  }
  const priority = header(req, 'x-priority', 'priority', 'p');
  const tags = header(req, 'x-tags', 'tags', 'ta');
  const title = header(req, 'x-title', 'title', 't');
  const click = header(req, 'x-click', 'click');
  return {
    topic: path.slice(1),
    message: body || 'triggered',
    ...(title ? { title } : {}),
    ...(priority ? { priority: Number(priority) } : {}),
    ...(tags ? { tags: tags.split(',') } : {}),
    ...(click ? { click } : {}),
  };
}

export async function startFakeNtfy(): Promise<FakeNtfy> {
  const messages: NtfyMessage[] = [];
  const requests: string[] = [];
  const subscribers = new Map<ServerResponse, string>();
  let failure: number | undefined;

  const publish = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    requests.push(`${req.method} ${path}`);
    const body = await readText(req);
    if (failure !== undefined) return send(res, failure, { code: failure * 100 + 1, http: failure, error: 'fake failure' });
    const parsed = parsePublish(req, path, body);
    if (typeof parsed === 'string') return send(res, 400, { code: 40018, http: 400, error: parsed });
    if (!TOPIC.test(parsed.topic)) return send(res, 400, { code: 40009, http: 400, error: 'invalid topic' });
    const message: NtfyMessage = { ...parsed, id: randomUUID().slice(0, 12), time: Math.floor(Date.now() / 1000), event: 'message' };
    messages.push(message);
    for (const [subscriber, topic] of subscribers) if (topic === message.topic) subscriber.write(`${JSON.stringify(message)}\n`);
    send(res, 200, message);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const subscribe = /^\/([^/]+)\/json$/.exec(path);
    if (req.method === 'GET' && subscribe?.[1]) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify({ event: 'open', topic: subscribe[1] })}\n`);
      subscribers.set(res, subscribe[1]);
      res.on('close', () => subscribers.delete(res));
      return;
    }
    if (req.method === 'POST' || req.method === 'PUT') {
      publish(req, res, path).catch(() => res.destroy());
      return;
    }
    send(res, 404, { code: 40401, http: 404, error: 'page not found' });
  });
  const { port, close } = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    failWith: (status) => {
      failure = status;
    },
    close,
  };
}
