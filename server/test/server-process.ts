import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, testChildEnv, waitFor, type TestDirs } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real server (server/src/main.ts through tsx) as a child process of the test, so a test can kill -9 it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  token: string;
  output(): string;
  exited: Promise<void>;
  /** fetch with the Bearer token; `pathname` starts with '/'. */
  api(pathname: string, init?: RequestInit): Promise<Response>;
}

/**
 * Starts main.ts with the test's directories and the fake model, and resolves once it has printed its URL (after the
 * sign-in question), or with `{ listening: true }` as soon as it answers requests.
 */
export async function startServerProcess(dirs: TestDirs, anthropicBaseUrl: string, { listening = false } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const token = 'e'.repeat(32);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts'), '--port', String(port), '--token', token], {
    cwd: ROOT,
    // The server's environment is its CLI children's: the fake model, the test's dirs, and Yolo allowed as root.
    env: { PATH: process.env.PATH, CUI_HOME: dirs.cuiHome, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.server.json'), IS_SANDBOX: '1', ...testChildEnv(dirs, anthropicBaseUrl) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const answers = () => fetch(`${url}/api/system/status`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.ok);
  await waitFor(async () => child.exitCode !== null || (listening ? await answers() : output.includes('cui is running')), { timeoutMs: 30_000, message: 'the server to listen' });
  if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
  return {
    child,
    url,
    token,
    output: () => output,
    exited,
    api: (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      if (init.body !== undefined) headers.set('content-type', 'application/json');
      return fetch(url + pathname, { ...init, headers });
    },
  };
}

/** A live process (not a zombie) with its command line. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  cmdline: string;
}

function readProcess(pid: number): { entry: ProcessEntry; environ: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { entry: { pid, ppid: Number(fields[1]), cmdline }, environ: fs.readFileSync(`/proc/${pid}/environ`, 'utf8') };
  } catch {
    // Gone while we looked.
    return undefined;
  }
}

/** Every live process whose environment has `name=value` (the CLIs and tools of one test's server). */
export function processesWithEnv(name: string, value: string): ProcessEntry[] {
  const needle = `${name}=${value}\0`;
  const found: ProcessEntry[] = [];
  for (const name_ of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name_)) continue;
    const proc = readProcess(Number(name_));
    if (proc && (proc.environ.startsWith(needle) || proc.environ.includes(`\0${needle}`))) found.push(proc.entry);
  }
  return found;
}

/** Live children of a process. */
export function childrenOf(ppid: number): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const proc = readProcess(Number(name));
    if (proc?.entry.ppid === ppid) found.push(proc.entry);
  }
  return found;
}
