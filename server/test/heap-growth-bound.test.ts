import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOUNDED_HEAP_GROWING_PERCENT } from '../src/platform/heap-growth';
import { createGatedIndexPool } from './gated-index-pool';
import { makeTestDirs, startTestServer, waitFor, type TestDirs } from './helpers';
import { writeSession } from './sessions-fixtures';

/*
 * Issue 28 point 5: once the server has answered, V8 collects the old generation at 1.5× what is live, a first
 * index's sweep and search catch-up included (app.ts, platform/heap-growth.ts); closing gives V8 its own choice back.
 * The sweep (30 files: a sweep of fewer reads in the main thread, not through the pool) reads through a gated pool,
 * so the first answer comes while it is held.
 */

const BOUNDED = `--heap-growing-percent=${BOUNDED_HEAP_GROWING_PERCENT}`;

let dirs: TestDirs | undefined;
afterEach(() => {
  if (dirs) fs.rmSync(dirs.root, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("the heap's growth", () => {
  it('is bounded from the first answer, through a first index held at the gate and its search catch-up, until the server closes', async () => {
    dirs = makeTestDirs('cui-heap-growth-');
    const projectsDir = path.join(dirs.claudeConfigDir, 'projects');
    for (let i = 0; i < 30; i++) writeSession(projectsDir, { cwd: `/w/p${i}`, prompt: `task ${i}`, startMinute: i * 10, turns: 2 });
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const gate = createGatedIndexPool({ parallelism: 1 });
    const server = await startTestServer({ dirs, indexPool: gate.pool });
    try {
      await gate.whenWaiting(1);
      expect((await server.api('/api/system/status')).status).toBe(200);
      await waitFor(() => setFlags.mock.calls.length > 0, { message: 'the bound was set after the first answer' });
      expect(setFlags.mock.calls).toEqual([[BOUNDED]]);
      gate.allow(Infinity);
      await waitFor(async () => ((await (await server.api('/api/search?q=task&limit=50')).json()) as { total: number }).total === 30, { message: 'every session searchable' });
      expect(setFlags.mock.calls).toEqual([[BOUNDED]]);
    } finally {
      gate.allow(Infinity);
      await server.close();
    }
    expect(setFlags.mock.calls).toEqual([[BOUNDED], ['--heap-growing-percent=0']]);
  });
});
