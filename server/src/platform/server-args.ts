/** What `npm start -- …` accepts. Overrides are for this process only: they are never written to the config. */
export interface ServerArgs {
  port?: number;
  host?: string;
  token?: string;
  /** `--token-file`: read by resolveTokenOverride, so the token never appears in `ps`. */
  tokenFile?: string;
  help: boolean;
}

export const USAGE = `Usage: npm start -- [options]

Options:
  --port <1-65535>   port to listen on (default: config server.port, 3001)
  --host <host>      address to bind (default: config server.host, 127.0.0.1)
  --token <token>    access token for this run: 32 lower-case hex characters (default: config authToken);
                     visible to every local user in \`ps\`: prefer --token-file or CUI_TOKEN
  --token-file <file> read the access token for this run from a file
  --help             show this help

Environment: CUI_TOKEN (access token for this run), CUI_HOME (default ~/.cui), CLAUDE_CONFIG_DIR (default ~/.claude),
  LOG_LEVEL (default info), LOG_FORMAT (json or pretty; default pretty on a terminal, else json), CUI_DEMO=1
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
  } else if (name === '--token-file') {
    if (!value.trim()) throw new UsageError('--token-file must not be empty');
    args.tokenFile = value;
  } else {
    // The login screen and the #token= fragment accept only this format (spec §5), so refuse anything else now.
    if (!TOKEN_PATTERN.test(value)) throw new UsageError('--token must be 32 lower-case hex characters (a-f, 0-9)');
    args.token = value;
  }
}

/** Parses `--port 3001`, `--port=3001`, `--host`, `--token`, `--token-file`, `--help`; throws UsageError on anything else. */
export function parseServerArgs(argv: readonly string[]): ServerArgs {
  const args: ServerArgs = { help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      args.help = true;
      continue;
    }
    const [name = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!['--port', '--host', '--token', '--token-file'].includes(name)) throw new UsageError(`Unknown argument: ${arg}`);
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`${name} needs a value`);
    parseValue(name, value, args);
  }
  if (args.token !== undefined && args.tokenFile !== undefined) throw new UsageError('give --token or --token-file, not both');
  return args;
}

/**
 * The token override of this run: `--token`, else the contents of `--token-file` (surrounding white space
 * trimmed), else the CUI_TOKEN environment variable, else undefined (the config's token). The file and the
 * variable keep the token out of `ps`, which every local user can read.
 */
export function resolveTokenOverride(args: ServerArgs, env: NodeJS.ProcessEnv, readFile: (file: string) => string): string | undefined {
  if (args.token !== undefined) return args.token;
  const [source, value] = args.tokenFile !== undefined ? [`the token file ${args.tokenFile}`, readFile(args.tokenFile).trim()] : ['CUI_TOKEN', env.CUI_TOKEN?.trim()];
  if (value === undefined || value === '') {
    if (args.tokenFile !== undefined) throw new UsageError(`${source} is empty`);
    return undefined;
  }
  if (!TOKEN_PATTERN.test(value)) throw new UsageError(`${source} must hold 32 lower-case hex characters (a-f, 0-9)`);
  return value;
}

/** The URL to open: a wildcard bind is reached through localhost; IPv6 literals get brackets. */
export function startupUrl(host: string, port: number, token: string): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/#token=${token}`;
}
