/**
 * What Chromium downloads before a page's first content paints: the home page (its session list) and the
 * conversation page (its first message), each opened cold (a new browser context, no cache) against the real
 * server and the built web app.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/page-weight.ts [opens=3]
 *
 * For every JS file fetched before the paint: its size raw, gzip -9 and brotli (the build's precompressed
 * copies; the server sends the brotli one to Chromium), then the totals per page and the paint time.
 * CUI_E2E_WEB_ROOT=<dir> measures another build (e.g. an older commit's `vite build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { makeE2eDirs, removeE2eDirs } from '../e2e/support/dirs';
import { startCuiServer } from '../e2e/support/server-process';
import { type SeedMessage, writeTranscript } from '../e2e/support/transcripts';
import { ensureWebBuild } from '../e2e/support/web-build';
import { ms, stats } from './bench-stats';

/** A conversation like real ones: markdown with code and a table, a Read, an Edit (a diff), a Bash run. */
function seedMessages(cwd: string): SeedMessage[] {
  const out: SeedMessage[] = [];
  for (let i = 0; i < 20; i++) {
    out.push({ role: 'user', content: `Step ${i}: look at src/file${i}.ts and fix it` });
    out.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_r${i}`, name: 'Read', input: { file_path: `${cwd}/src/file${i}.ts` } }] });
    out.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_r${i}`, content: `1\tconst a${i} = 1;\n2\texport { a${i} };` }] });
    const edit = { file_path: `${cwd}/src/file${i}.ts`, old_string: `const a${i} = 1;`, new_string: `const a${i} = 2;` };
    out.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_e${i}`, name: 'Edit', input: edit }] });
    out.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_e${i}`, content: 'The file has been updated.' }] });
    out.push({ role: 'assistant', content: `Fixed **file${i}.ts**:\n\n\`\`\`ts\nexport const a${i} = 2;\n\`\`\`\n\n| check | result |\n|---|---|\n| tests | pass |` });
  }
  return out;
}

interface Fetched {
  file: string;
  start: number;
  end: number;
}

interface PageLoad {
  paintedAt: number;
  /** When the page's data (the session list, the conversation's first window) had arrived. */
  dataAt: number;
  js: Fetched[];
}

/** Opens `url` in a fresh context (empty cache) and returns the paint time and the JS fetched before it. */
async function load(browser: Browser, baseUrl: string, token: string, target: { url: string; painted: string; data: string }): Promise<PageLoad> {
  const { url, painted, data } = target;
  // The server's CSP forbids eval, which a string predicate needs; the page's own scripts are unaffected.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await context.addInitScript((t) => localStorage.setItem('cui-auth-token', t), token);
    const page = await context.newPage();
    await page.goto(baseUrl + url, { waitUntil: 'commit' });
    // A string, evaluated in the page (the bench compiles without the DOM's types).
    const handle = await page.waitForFunction(`document.querySelector(${JSON.stringify(painted)}) ? performance.now() : false`, undefined, { polling: 'raf' });
    const paintedAt = (await handle.jsonValue()) as number;
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const entry = e as unknown as { name: string; startTime: number; responseEnd: number };
        const where = new URL(entry.name);
        return { file: where.pathname + where.search, start: entry.startTime, end: entry.responseEnd };
      }),
    );
    const dataAt = entries.find((e) => e.file.startsWith(data))?.end ?? NaN;
    return { paintedAt, dataAt, js: entries.filter((f) => f.file.endsWith('.js') && f.end <= paintedAt) };
  } finally {
    await context.close();
  }
}

/** Sizes of one built file: raw, and its precompressed copies (compressed here for a build without them). */
function sizes(webRoot: string, file: string): { raw: number; gz: number; br: number } {
  const full = path.join(webRoot, file);
  const raw = fs.readFileSync(full);
  const copy = (suffix: string, compress: () => Buffer): number => (fs.existsSync(full + suffix) ? fs.statSync(full + suffix).size : compress().length);
  return {
    raw: raw.length,
    gz: copy('.gz', () => zlib.gzipSync(raw, { level: 9 })),
    br: copy('.br', () => zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

function sum(webRoot: string, files: string[]): { raw: number; gz: number; br: number } {
  return files.map((f) => sizes(webRoot, f)).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz, br: a.br + b.br }), { raw: 0, gz: 0, br: 0 });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const opens = Number(process.argv[2] ?? 3);
  const dirs = makeE2eDirs('cui-bench-weight-');
  const sessionId = randomUUID();
  const cwd = `${dirs.work}/repo`;
  writeTranscript(dirs, { sessionId, cwd, messages: seedMessages(cwd) });
  const webRoot = ensureWebBuild();
  const server = await startCuiServer({ dirs, webRoot });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const pages = [
      { name: 'home (session list)', url: '/', painted: 'ul[aria-label="Sessions"] li', data: '/api/conversations?' },
      { name: 'conversation (first message)', url: `/c/${sessionId}`, painted: '[data-message-id]', data: `/api/conversations/${sessionId}?` },
    ];
    // "Needed" leaves out the chunks the first render itself asks for on demand (the diff viewer, the GFM parser):
    // they are fetched while the messages render, and the paint does not wait for them.
    console.log('| page | JS files before paint | raw | gzip | brotli (sent) | gzip needed (requested before the data arrived) | paint median (ms) |');
    console.log('|---|---|---|---|---|---|---|');
    const detail: string[] = [];
    for (const { name, url, painted, data } of pages) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < opens; i++) loads.push(await load(browser, server.url, server.token, { url, painted, data }));
      const first = loads[0] as PageLoad;
      const total = sum(webRoot, first.js.map((f) => f.file));
      const needed = sum(webRoot, first.js.filter((f) => f.start < first.dataAt).map((f) => f.file));
      const paint = ms(stats(loads.map((l) => l.paintedAt)).median);
      console.log(`| ${name} | ${first.js.length} | ${kb(total.raw)} | ${kb(total.gz)} | ${kb(total.br)} | ${kb(needed.gz)} | ${paint} |`);
      detail.push(`${name} (first open: data at ${ms(first.dataAt)}, painted at ${ms(first.paintedAt)}): ${first.js.map((f) => `${path.basename(f.file)} ${kb(sizes(webRoot, f.file).gz)} [${ms(f.start)}–${ms(f.end)}]`).join(', ')}`);
    }
    console.log(`\n${detail.join('\n')}`);
  } finally {
    await browser.close();
    await server.stop();
    removeE2eDirs(dirs);
  }
}

await main();
