import { parseArgs } from 'node:util';
import { startFakeAnthropic, type RecordedRequest } from './index';

/**
 * Runs the fake Messages API standalone: `npx tsx fake-model/cli.ts --port 8787`.
 * Prints `FAKE_ANTHROPIC_URL=<url>` on the first stdout line; with --log, one JSON line per request.
 * With --exit-with-stdin it also exits when its stdin closes (so a parent that dies takes it along).
 */
const USAGE = 'usage: cli.ts [--port N] [--host H] [--log] [--exit-with-stdin]';

function readArgs() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        log: { type: 'boolean', default: false },
        'exit-with-stdin': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return process.exit(2);
  }
}

const values = readArgs();

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid --port: ${values.port}`);
  process.exit(2);
}

const logRequest = (record: RecordedRequest) => {
  const { body: _body, ...summary } = record;
  console.log(JSON.stringify(summary));
};

const fake = await startFakeAnthropic({ port, host: values.host, onRequestDone: values.log ? logRequest : undefined });
console.log(`FAKE_ANTHROPIC_URL=${fake.url}`);

const shutdown = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', shutdown);
if (values['exit-with-stdin']) {
  process.stdin.on('end', shutdown).on('close', shutdown).resume();
}
process.on('SIGTERM', shutdown);
