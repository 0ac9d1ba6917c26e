/**
 * Terminal benchmark (issue 25): keystroke → echo round trip over the terminal's WebSocket on loopback (median and
 * p95 of single keystrokes into `bash --norc --noprofile`), and output throughput (`yes | head -c 50M`) through the
 * PTY, the headless mirror and the socket.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/terminal.ts [--keys 300]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX } from '@cui/contract';
import WebSocket from 'ws';
import { buildApp } from '../server/src/app';
import { ms, stats } from './bench-stats';

const { values } = parseArgs({ options: { keys: { type: 'string', default: '300' } } });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-bench-terminal-'));
const dirs = Object.fromEntries(['home', 'cui', 'work'].map((name) => [name, path.join(root, name)])) as Record<'home' | 'cui' | 'work', string>;
for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });

const app = await buildApp({
  homeDir: dirs.home, cuiHome: dirs.cui, claudeConfigDir: path.join(dirs.home, '.claude'), logLevel: 'silent', token: 'b'.repeat(32),
  childEnv: { HOME: dirs.home, PS1: '$ ' }, terminalShell: { file: 'bash', args: ['--norc', '--noprofile'] },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const api = (pathname: string, body: unknown) =>
  fetch(base + pathname, { method: 'POST', headers: { authorization: `Bearer ${'b'.repeat(32)}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, string>>);

await fetch(`${base}/api/trust/folders`, { method: 'PUT', headers: { authorization: `Bearer ${'b'.repeat(32)}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: dirs.work }) });
const opened = await api('/api/terminals', { folder: dirs.work });
const socket = new WebSocket(`ws://127.0.0.1:${port}/api/terminals/${opened.terminalId}/socket`, [TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX + opened.ticket]);
let received = '';
let bytes = 0;
let waiter: { test: () => boolean; resolve: () => void } | undefined;
socket.on('message', (data: Buffer) => {
  bytes += data.length;
  received += String(data);
  if (received.length > 4096) received = received.slice(-4096);
  if (waiter?.test()) waiter.resolve();
});
const until = (test: () => boolean) => new Promise<void>((resolve) => (test() ? resolve() : (waiter = { test, resolve })));
const type = (data: string) => socket.send(JSON.stringify({ t: 'i', d: data }));
await until(() => received.includes('$ '));

const samples: number[] = [];
for (let i = 0; i < Number(values.keys); i++) {
  const key = i % 2 === 0 ? 'a' : '\x7f';
  received = '';
  const start = performance.now();
  type(key);
  await until(() => received.length > 0);
  samples.push(performance.now() - start);
}
const echo = stats(samples);
console.log(`keystroke → echo over ${samples.length} keys: median ${ms(echo.median)}, p95 ${ms(echo.p95)}`);

type('\x15');
received = '';
bytes = 0;
const start = performance.now();
type('yes | head -c 50000000; echo D""ONE\r');
await until(() => received.includes('DONE'));
const seconds = (performance.now() - start) / 1000;
console.log(`yes | head -c 50M: ${(bytes / 1e6).toFixed(1)} MB of frames in ${seconds.toFixed(2)} s (${(bytes / 1e6 / seconds).toFixed(1)} MB/s)`);

socket.close();
await app.close();
fs.rmSync(root, { recursive: true, force: true });
