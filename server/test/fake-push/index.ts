import fs from 'node:fs';
import { Agent, createServer } from 'node:https';
import path from 'node:path';
import { listenLocal } from '../local-server';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** One push message as the push service got it. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A local HTTPS push service (self-signed certificate for 127.0.0.1, fixtures/): records every push and answers 201,
 * or 410 for paths under /gone/ and 404 under /missing/, like a push service whose subscription expired.
 */
export interface FakePushService {
  /** e.g. https://127.0.0.1:43123 */
  url: string;
  received: ReceivedPush[];
  /** Trusts the fake's certificate (give it to the server as `webPushAgent`); no `rejectUnauthorized: false`. */
  agent: Agent;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const cert = fs.readFileSync(path.join(FIXTURES, 'cert.pem'));
  const received: ReceivedPush[] = [];
  const server = createServer({ key: fs.readFileSync(path.join(FIXTURES, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = req.url ?? '/';
      received.push({ path: pathname, headers: req.headers, body: Buffer.concat(chunks) });
      const status = pathname.startsWith('/gone/') ? 410 : pathname.startsWith('/missing/') ? 404 : 201;
      res.writeHead(status).end();
    });
  });
  const { port, close } = await listenLocal(server);
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    url: `https://127.0.0.1:${port}`,
    received,
    agent,
    close: () => {
      agent.destroy();
      return close();
    },
  };
}
