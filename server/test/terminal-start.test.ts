import { spawn, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, makeTestDirs, waitFor } from './helpers';
import { launcherEnv, ROOT } from './launcher';
import { alive, descendants } from './process-tree';
import { decodeTerminalQr } from './terminal-qr';

const TOKEN = 'c'.repeat(32);
/** Each line of qrcode's terminal rendering starts by setting a white background. */
const QR_LINE_START = '\u001b[47m';
const started: ChildProcess[] = [];
const below: number[] = [];

afterEach(() => {
  // The pseudo-terminal's server runs in a session of its own, outside the child's process group: each is ended by pid.
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of below.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

interface Launch {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<unknown>;
}

/** `node scripts/start.mjs` (what `npm start` execs) with temporary directories; on a pseudo-terminal through `script`. */
async function launch(options: { tty: boolean; env?: Record<string, string> }): Promise<Launch> {
  const dirs = makeTestDirs();
  const port = await freePort();
  const command = ['node', 'scripts/start.mjs', '--port', String(port), '--token', TOKEN];
  const [file, args] = options.tty ? ['script', ['-qfec', command.join(' '), '/dev/null']] : [command[0] as string, command.slice(1)];
  const child = spawn(file, args, {
    cwd: ROOT,
    env: {
      ...launcherEnv(dirs),
      TERM: 'xterm-256color',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise((resolve) => child.once('exit', resolve));
  return { child, port, output: () => output, exit };
}

/** Asks for the home page and the status, as a browser's first visit does (each request used to print 2 lines). */
async function visit(port: number): Promise<void> {
  const headers = { authorization: `Bearer ${TOKEN}` };
  expect((await fetch(`http://127.0.0.1:${port}/api/system/status`, { headers })).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
}

/** Stops the launcher and waits until it and everything below it have ended; returns what it printed. */
async function stop(run: Launch, pids: number[]): Promise<string> {
  run.child.kill('SIGTERM');
  await run.exit;
  await waitFor(() => pids.every((pid) => !alive(pid)), { timeoutMs: 20_000, message: `processes left: ${pids.filter(alive).join(', ')}` });
  return run.output();
}

describe('the terminal of npm start', () => {
  it('on a terminal prints short human lines, no request lines at info, and ends with the URL and its QR code', async () => {
    const run = await launch({ tty: true });
    // The QR code is written with the URL, before the server answers the requests below: by the exit it is all there.
    await waitFor(() => run.output().includes('cui is running'), { timeoutMs: 170_000, message: `the URL line in:\n${run.output()}` });
    const pids = descendants(run.child.pid as number);
    below.push(...pids);
    await visit(run.port);
    const lines = (await stop(run, pids)).split(/\r?\n/);

    const plain = lines.map((line) => stripVTControlCharacters(line));
    expect(plain.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(plain.filter((line) => /incoming request|request completed/.test(line))).toEqual([]);
    expect(plain.filter((line) => /migration/.test(line))).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: db: database schema updated to version \d+ \(\d+ migrations applied\)/)]);
    const urlLine = plain.findIndex((line) => line.startsWith('cui is running: '));
    expect(plain[urlLine]).toBe(`cui is running: http://127.0.0.1:${run.port}/#token=${TOKEN}`);
    // The QR code starts on the next line and reads back as that URL.
    const after = lines.slice(urlLine + 1);
    const qrLines = after.slice(0, after.findIndex((line) => !line.includes(QR_LINE_START)));
    expect(qrLines.length).toBeGreaterThan(8);
    expect(decodeTerminalQr(qrLines)).toBe(`http://127.0.0.1:${run.port}/#token=${TOKEN}`);
    // Everything before the URL that is not the launcher's own build line is a log line: time, level, message.
    const logLines = plain.slice(0, urlLine).filter((line) => line.trim() !== '' && !line.startsWith('cui: building'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): \S/);
  }, 180_000);

  it('without a terminal writes JSON lines, requests included, and no QR code', async () => {
    const run = await launch({ tty: false });
    await waitFor(() => run.output().includes('cui is running'), { timeoutMs: 170_000, message: `the URL line in:\n${run.output()}` });
    const pids = descendants(run.child.pid as number);
    below.push(...pids);
    await visit(run.port);
    await waitFor(() => run.output().includes('"request completed"'), { message: `a request line in:\n${run.output()}` });
    const lines = (await stop(run, pids)).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('cui: building'));
    const urlLine = lines.findIndex((line) => line.startsWith('cui is running: '));
    expect(urlLine).toBeGreaterThan(0);
    for (const line of lines.filter((_, index) => index !== urlLine)) expect(JSON.parse(line)).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
    expect(lines.map((line) => JSON.stringify(line)).join('\n')).not.toMatch(/[▀▄█]/);
  }, 180_000);

  it('LOG_FORMAT=json keeps JSON lines on a terminal', async () => {
    const run = await launch({ tty: true, env: { LOG_FORMAT: 'json' } });
    await waitFor(() => run.output().includes('cui is running'), { timeoutMs: 170_000, message: `the URL line in:\n${run.output()}` });
    const pids = descendants(run.child.pid as number);
    below.push(...pids);
    const lines = (await stop(run, pids)).split(/\r?\n/);
    const beforeUrl = lines.slice(0, lines.findIndex((line) => line.startsWith('cui is running: ')));
    const logLines = beforeUrl.filter((line) => line.trim() !== '' && !line.startsWith('cui: building'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(JSON.parse(line)).toMatchObject({ level: 'info' });
  }, 180_000);
});
