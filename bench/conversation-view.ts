/**
 * Conversation view with a long history: a 5,000-message transcript (user prompts, assistant markdown with code,
 * Read/Edit/Bash tool uses and their results) opened in Debian's Chromium against the real server.
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/conversation-view.ts [opens=5]
 *
 * Measures, per open (a fresh navigation each time):
 * - first message: ms from navigation start until a message is on screen (details loaded, list rendered);
 * - details call: the GET /api/conversations/:id part of it (Resource Timing);
 * - rendered rows: message elements in the DOM (the list is virtualised);
 * then scroll frame timings: a steady scroll up (100 px per frame, 600 frames) and a fling to the top (600 px per frame).
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { makeE2eDirs, removeE2eDirs } from '../e2e/support/dirs';
import { startCuiServer } from '../e2e/support/server-process';
import { type SeedMessage, writeTranscript } from '../e2e/support/transcripts';
import { ensureWebBuild } from '../e2e/support/web-build';
import { ms, stats } from './bench-stats';

const MESSAGES = 5000;

function seedMessages(cwd: string): SeedMessage[] {
  const out: SeedMessage[] = [];
  for (let i = 0; out.length < MESSAGES; i++) {
    const id = `toolu_bench${i}`;
    const tool = i % 3 === 0 ? { name: 'Read', input: { file_path: `${cwd}/src/file${i}.ts` } }
      : i % 3 === 1 ? { name: 'Edit', input: { file_path: `${cwd}/src/file${i}.ts`, old_string: `const a${i} = 1;\nconst b = 2;`, new_string: `const a${i} = 2;\nconst b = 2;` } }
      : { name: 'Bash', input: { command: `npm test -- file${i}`, description: 'Run the tests' } };
    out.push({ role: 'user', content: i % 10 === 0 ? `Step ${i}: please look at file${i}.ts\nand fix what is wrong\nthen run the tests` : `Step ${i}: continue with file${i}.ts` });
    out.push({ role: 'assistant', content: [{ type: 'text', text: `Looking at **file${i}.ts** now.` }, { type: 'tool_use', id, ...tool }] });
    out.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `1\tconst a${i} = 1;\n2\tconst b = 2;\n3\texport { a${i}, b };` }] });
    out.push({ role: 'assistant', content: `Done with step ${i}:\n\n\`\`\`ts\nexport const a${i} = 2;\n\`\`\`\n\n- checked\n- tested` });
  }
  return out.slice(0, MESSAGES);
}

interface ScrollResult {
  frames: number[];
  scrolledPx: number;
}

/** Scrolls the message list up by `pxPerFrame` each animation frame (until the top or `maxFrames`), recording frame intervals. */
const scrollScript = (pxPerFrame: number, maxFrames: number) => `new Promise((resolve) => {
  const list = document.querySelector('[data-testid="message-list"]');
  const frames = [];
  const startTop = list.scrollTop;
  let last = performance.now();
  const step = (now) => {
    frames.push(now - last);
    last = now;
    list.scrollTop -= ${pxPerFrame};
    if (list.scrollTop > 0 && frames.length < ${maxFrames}) requestAnimationFrame(step);
    else resolve({ frames: frames.slice(1), scrolledPx: startTop - list.scrollTop });
  };
  requestAnimationFrame(step);
})`;

async function main(): Promise<void> {
  const opens = Number(process.argv[2] ?? 5);
  const dirs = makeE2eDirs('cui-bench-view-');
  const sessionId = randomUUID();
  const cwd = `${dirs.work}/repo`;
  writeTranscript(dirs, { sessionId, cwd, messages: seedMessages(cwd) });
  const server = await startCuiServer({ dirs, webRoot: ensureWebBuild() });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/#token=${server.token}`);
    await page.waitForURL((url) => url.hash === '');
    const first: number[] = [];
    const details: number[] = [];
    const detailsEnd: number[] = [];
    let rows = 0;
    for (let i = 0; i < opens; i++) {
      await page.goto(`${server.url}/c/${sessionId}`);
      await page.locator('[data-message-id]').first().waitFor();
      first.push(await page.evaluate(() => performance.now()));
      const timing = await page.evaluate((id) => {
        const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === `/api/conversations/${id}`);
        // bench/ is type-checked without the DOM lib: describe the one field read here.
        const resource = entry as { duration: number; responseEnd?: number } | undefined;
        return { duration: resource?.duration ?? NaN, end: resource?.responseEnd ?? NaN };
      }, sessionId);
      details.push(timing.duration);
      detailsEnd.push(timing.end);
      rows = await page.locator('[data-message-id]').count();
    }
    await page.waitForTimeout(500);
    // A string, not a function: tsx's keepNames would inject a `__name` helper the page does not have.
    const steady = (await page.evaluate(scrollScript(100, 600))) as ScrollResult;
    const fling = (await page.evaluate(scrollScript(600, 3000))) as ScrollResult;
    const s1 = stats(first);
    const s2 = stats(details);
    const s3 = stats(detailsEnd);
    console.log(`messages in transcript: ${MESSAGES}; rendered rows after open: ${rows}`);
    console.log(`first message per open (ms, in order; the first is cold): ${first.map((t) => Math.round(t)).join(', ')}`);
    console.log('| measure | median | p95 | n / detail |');
    console.log('|---|---|---|---|');
    console.log(`| first message on screen (from navigation start) | ${ms(s1.median)} | ${ms(s1.p95)} | ${s1.n} opens |`);
    console.log(`| details response complete (from navigation start) | ${ms(s3.median)} | ${ms(s3.p95)} | ${s3.n} opens |`);
    console.log(`| GET /api/conversations/:id duration | ${ms(s2.median)} | ${ms(s2.p95)} | ${s2.n} opens |`);
    for (const [name, run] of [['steady scroll, 100 px/frame', steady], ['fling, 600 px/frame to the top', fling]] as const) {
      const f = stats(run.frames);
      const long = run.frames.filter((d) => d > 50).length;
      console.log(`| frame interval, ${name} (${Math.round(run.scrolledPx)} px) | ${ms(f.median)} | ${ms(f.p95)} | ${f.n} frames, max ${ms(f.max)}, ${long} over 50 ms |`);
    }
  } finally {
    await browser.close();
    await server.stop();
    removeE2eDirs(dirs);
  }
}

await main();
