import { allRoutes, ErrorBody, ERROR_STATUS, formatZodError, type RouteDef, type StreamEmits } from '@cui/contract';
import type { z } from 'zod';

/**
 * The output side of the contract, checked on every response the integration tests read through
 * `TestServer.api`: a JSON answer must parse with its route's response schema and carry no field the schema
 * does not declare (loose objects such as CLI events declare that they pass extras), an error body must be
 * `{error, code}` with a known code and that code's status, and every item of a stream must parse with
 * what the route declares it emits. A mismatch fails the test that made the request.
 */

interface MatchedRoute {
  def: RouteDef;
  /** Path parameters in the pattern: fewer means more specific ('/start' wins over '/:sessionId'). */
  params: number;
}

function pattern(path: string): RegExp {
  const source = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}$`);
}

const table = allRoutes.map((def) => ({ def, regex: pattern(def.path), params: (def.path.match(/:/g) ?? []).length }));

/** The table's route for a request, as the server's router would pick it. */
export function findRoute(method: string, pathname: string): RouteDef | undefined {
  const matches: MatchedRoute[] = table.filter((route) => route.def.method === method.toUpperCase() && route.regex.test(pathname));
  return matches.sort((a, b) => a.params - b.params)[0]?.def;
}

export class ContractViolation extends Error {
  constructor(what: string, detail: string) {
    super(`Response breaks the contract: ${what}: ${detail}`);
    this.name = 'ContractViolation';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys the server sent that the schema does not declare (zod strips them from the parsed copy), as paths. */
function undeclared(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => undeclared(item, parsed[i], `${at}[${i}]`));
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.keys(sent).flatMap((key) => (key in parsed ? undeclared(sent[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`]));
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ContractViolation(what, `${formatZodError(parsed.error)} in ${JSON.stringify(value).slice(0, 500)}`);
  const extra = undeclared(value, parsed.data);
  if (extra.length > 0) throw new ContractViolation(what, `fields the contract does not declare: ${extra.slice(0, 5).join(', ')}`);
  return parsed.data;
}

async function checkError(response: Response, what: string): Promise<void> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) throw new ContractViolation(what, `error without a JSON body (${response.status})`);
  const body = check(ErrorBody, await response.clone().json(), what);
  const status = (ERROR_STATUS as Record<string, number | undefined>)[body.code];
  if (status === undefined) throw new ContractViolation(what, `unknown error code '${body.code}'`);
  if (status !== response.status) throw new ContractViolation(what, `code '${body.code}' is ${status}, answered ${response.status}`);
}

/** The JSON payload of one framed line, or undefined for heartbeats, comments and blank separators. */
function payload(line: string, framing: StreamEmits['framing']): string | undefined {
  if (line.trim() === '' || line.startsWith(':')) return undefined;
  if (framing === 'ndjson') return line;
  if (!line.startsWith('data: ')) throw new Error(`not an SSE data line: ${line.slice(0, 200)}`);
  return line.slice('data: '.length);
}

/** Passes a stream's bytes through unchanged, erroring the stream at the first item that breaks the contract. */
function checkedStream(body: ReadableStream<Uint8Array>, emits: StreamEmits, what: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let partial = '';
  const checkLines = (text: string): void => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const json = payload(line.replace(/\r$/, ''), emits.framing);
      if (json !== undefined) check(emits.schema, JSON.parse(json), `${what} item`);
    }
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        checkLines(decoder.decode(chunk, { stream: true }));
        controller.enqueue(chunk);
      },
      flush() {
        checkLines(`${decoder.decode()}\n`);
      },
    }),
  );
}

/**
 * Checks one response of `method pathname` against the contract. JSON bodies are checked before this
 * resolves (on a clone: the caller still reads the original); a stream comes back wrapped so each item is
 * checked as the test reads it. Paths outside the table are checked only for the error body shape.
 */
export async function checkResponse(method: string, pathname: string, response: Response): Promise<Response> {
  const path = new URL(pathname, 'http://x').pathname;
  const def = findRoute(method, path);
  const what = def ? `${def.name} (${method} ${path})` : `${method} ${path}`;
  if (!response.ok) {
    if (path.startsWith('/api/')) await checkError(response, what);
    return response;
  }
  if (!def) return response;
  if (def.emits) {
    if (!response.body) throw new ContractViolation(what, 'stream without a body');
    return new Response(checkedStream(response.body, def.emits, what), { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  if (def.response) check(def.response, await response.clone().json(), what);
  return response;
}
