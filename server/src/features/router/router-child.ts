/*
 * The model-provider router's own process (forked by router-process.ts, never loaded in the server's process):
 * @musistudio/llms calls process.exit on SIGINT/SIGTERM and when listen fails, and registers unauthenticated
 * routes. It receives one `start` message, serves on 127.0.0.1:<port> and exits when its parent goes away.
 */
import { createRequire } from 'node:module';
import type { RouterChildMessage, RouterStartMessage } from './router-protocol';
import { routerRequestAllowed, type HeaderBag } from './router-guard';
import { routeModel, type RoutedRequest } from './router-rules';

interface HookRequest {
  headers: HeaderBag;
  body?: unknown;
}
interface HookReply {
  code(status: number): HookReply;
  send(body: unknown): HookReply;
}
type Hook = (request: HookRequest, reply: HookReply) => Promise<unknown>;

/** The part of llms' (untyped) Server this file uses. */
interface LlmsServer {
  providerService?: unknown;
  addHook(name: 'onRequest' | 'preHandler', hook: Hook): void;
  start(): Promise<void>;
}
type LlmsServerClass = new (options: { logger: boolean; initialConfig: Record<string, unknown> }) => LlmsServer;

/** How long the transformers may take to register (llms starts this without exposing the promise). */
const INIT_TIMEOUT_MS = 10_000;

function send(message: RouterChildMessage): void {
  process.send?.(message);
}

async function initialized(server: LlmsServer): Promise<void> {
  const deadline = Date.now() + INIT_TIMEOUT_MS;
  while (server.providerService === undefined) {
    if (Date.now() > deadline) throw new Error('the router did not initialise its transformers');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function serve(start: RouterStartMessage): Promise<void> {
  // The package's ESM entry is broken (a dynamic require of child_process); its CJS entry works.
  const exported = createRequire(import.meta.url)('@musistudio/llms') as { default: unknown };
  const Server = exported.default as LlmsServerClass;
  const server = new Server({
    // llms logs request bodies (prompts) at info: no logger at all.
    logger: false,
    initialConfig: { providers: start.providers, HOST: '127.0.0.1', PORT: start.port },
  });
  server.addHook('onRequest', async (request, reply) => {
    if (!routerRequestAllowed(request.headers, start.secret)) return reply.code(401).send({ error: 'unauthorized' });
    return undefined;
  });
  // Runs before llms' own preHandler, which splits "provider,model".
  server.addHook('preHandler', async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('model' in body)) return undefined;
    const routed = routeModel(body as RoutedRequest, start.rules);
    if (routed) (body as { model: string }).model = routed;
    return undefined;
  });
  await initialized(server);
  await server.start();
  send({ type: 'ready', port: start.port });
}

// No parent (it died, even by SIGKILL): nothing may keep serving the keys.
process.on('disconnect', () => process.exit(0));
process.once('message', (message: RouterStartMessage) => {
  serve(message).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});
