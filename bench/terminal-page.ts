/**
 * The terminal page during an output flood (issue 25's "without the page freezing"): Chromium opens /terminal against
 * the real server and built web app, runs `yes | head -c <MB>M` in the shell, and records the page's frames
 * (requestAnimationFrame intervals) and long tasks (PerformanceObserver 'longtask') from the command's Enter until
 * its end marker is on the screen, against the same measures over an idle stretch just before.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/terminal-page.ts [--mb 20] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { makeE2eDirs, removeE2eDirs } from '../e2e/support/dirs';
import { startCuiServer } from '../e2e/support/server-process';
import { ensureWebBuild } from '../e2e/support/web-build';
import { ms, stats } from './bench-stats';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '20' }, runs: { type: 'string', default: '3' } } });
const MB = Number(values.mb);
const RUNS = Number(values.runs);
const IDLE_MS = 2_000;

/** Installed in the page: frame intervals and long tasks, from `start()` until `stop()`. Evaluated as a string (the bench compiles without the DOM's types). */
const RECORDER = `(() => {
  const state = { frames: [], longTasks: [], running: false, last: 0 };
  new PerformanceObserver((list) => { if (state.running) for (const entry of list.getEntries()) state.longTasks.push(entry.duration); }).observe({ type: 'longtask' });
  const tick = (now) => { if (!state.running) return; if (state.last) state.frames.push(now - state.last); state.last = now; requestAnimationFrame(tick); };
  window.__frames = {
    start() { state.frames = []; state.longTasks = []; state.running = true; state.last = 0; requestAnimationFrame(tick); },
    stop() { state.running = false; return { frames: state.frames, longTasks: state.longTasks }; },
  };
})()`;

interface Recorded {
  frames: number[];
  longTasks: number[];
}

const screenHas = (text: string) => `(document.querySelector('.xterm-rows')?.textContent ?? '').includes(${JSON.stringify(text)})`;

async function record(page: Page, during: () => Promise<void>): Promise<Recorded & { ms: number }> {
  await page.evaluate('window.__frames.start()');
  const start = performance.now();
  await during();
  const elapsed = performance.now() - start;
  return { ...((await page.evaluate('window.__frames.stop()')) as Recorded), ms: elapsed };
}

function row(name: string, recorded: Recorded & { ms: number }): string {
  const frames = stats(recorded.frames);
  const over50 = recorded.frames.filter((f) => f > 50).length;
  const longest = Math.max(0, ...recorded.longTasks);
  return `| ${name} | ${ms(recorded.ms)} | ${recorded.frames.length} | ${ms(frames.median)} | ${ms(frames.p95)} | ${ms(Math.max(0, ...recorded.frames))} | ${over50} | ${recorded.longTasks.length} | ${ms(longest)} |`;
}

async function main(): Promise<void> {
  const dirs = makeE2eDirs('cui-bench-terminal-page-');
  const server = await startCuiServer({ dirs, webRoot: ensureWebBuild(), childEnv: { SHELL: '/bin/bash', PS1: '$ ' } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    await fetch(`${server.url}/api/trust/folders`, { method: 'PUT', headers: auth, body: JSON.stringify({ path: dirs.work }) });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await context.addInitScript((token) => localStorage.setItem('cui-auth-token', token), server.token);
    const page = await context.newPage();
    await page.goto(`${server.url}/terminal`);
    await page.getByLabel('Folder').fill(dirs.work);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForFunction(`document.activeElement?.classList.contains('xterm-helper-textarea')`);
    await page.evaluate(RECORDER);
    console.log(`Chromium ${browser.version()}, ${MB} MB of output per run, ${RUNS} runs`);
    console.log('| stretch | wall | frames | frame median | frame p95 | longest frame | frames > 50 ms | long tasks | longest task |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (let run = 1; run <= RUNS; run++) {
      const idle = await record(page, () => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
      console.log(row(`run ${run}: idle ${IDLE_MS / 1000} s`, idle));
      const marker = `END${run}`;
      const flood = await record(page, async () => {
        await page.keyboard.type(`clear; yes | head -c ${MB}000000; echo ${marker.slice(0, 2)}""${marker.slice(2)}\n`);
        await page.waitForFunction(screenHas(marker), undefined, { timeout: 600_000, polling: 500 });
      });
      console.log(row(`run ${run}: yes \\| head -c ${MB}M`, flood));
      console.log(`<!-- run ${run}: ${(MB / (flood.ms / 1000)).toFixed(2)} MB/s to the page -->`);
    }
  } finally {
    await browser.close();
    await server.stop();
    removeE2eDirs(dirs);
  }
}

await main();
