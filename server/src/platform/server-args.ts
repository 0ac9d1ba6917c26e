/** What `npm start -- …` accepts. Overrides are for this process only: they are never written to the config. */
export interface ServerArgs {
  port?: number;
  host?: string;
  token?: string;
  help: boolean;
}

export const USAGE = `Usage: npm start -- [options]

Options:
  --port <1-65535>   port to listen on (default: config server.port, 3001)
  --host <host>      address to bind (default: config server.host, 127.0.0.1)
  --token <token>    access token for this run: 32 lower-case hex characters (default: config authToken)
  --help             show this help

Environment: CUI_HOME (default ~/.cui), CLAUDE_CONFIG_DIR (default ~/.claude), LOG_LEVEL (default info), CUI_DEMO=1
`;

/** A bad command line: main prints the message and the usage, then exits 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const TOKEN_PATTERN = /^[a-f0-9]{32}$/;

function parseValue(name: string, value: string, args: ServerArgs): void {
  if (name === '--port') {
    if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) throw new UsageError(`--port must be a number from 1 to 65535, got '${value}'`);
    args.port = Number(value);
  } else if (name === '--host') {
    if (!value.trim()) throw new UsageError('--host must not be empty');
    args.host = value;
  } else {
    // The login screen and the #token= fragment accept only this format (spec §5), so refuse anything else now.
    if (!TOKEN_PATTERN.test(value)) throw new UsageError('--token must be 32 lower-case hex characters (a-f, 0-9)');
    args.token = value;
  }
}

/** Parses `--port 3001`, `--port=3001`, `--host`, `--token`, `--help`; throws UsageError on anything else. */
export function parseServerArgs(argv: readonly string[]): ServerArgs {
  const args: ServerArgs = { help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      args.help = true;
      continue;
    }
    const [name = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!['--port', '--host', '--token'].includes(name)) throw new UsageError(`Unknown argument: ${arg}`);
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
    parseValue(name, value, args);
  }
  return args;
}

/** The URL to open: a wildcard bind is reached through localhost; IPv6 literals get brackets. */
export function startupUrl(host: string, port: number, token: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/#token=${token}`;
}
