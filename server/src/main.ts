import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';

/** Entry point: parses flags, listens, prints the URL with the token, shuts down cleanly on signals. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    token: flag('--token'),
    logStdout: true,
    logLevel: process.env.LOG_LEVEL,
    webRoot: path.resolve(here, '../web'),
  });
  const port = Number(flag('--port') ?? 3001);
  const host = flag('--host') ?? '127.0.0.1';
  await app.listen({ port, host });
  const token = flag('--token') ?? '';
  process.stdout.write(`\ncui is running: http://${host}:${port}/#token=${token}\n\n`);
  const shutdown = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`cui failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
