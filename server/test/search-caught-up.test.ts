import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '@cui/contract';
import type { DomainEvents } from '../src/platform/bus';
import { makeTestDirs, waitFor, type TestDirs } from './helpers';
import { createFakeRuns, startSessionsApp, writeSession } from './sessions-fixtures';

/*
 * Issue 28 point 5: the end of a search catch-up is a fact on the bus, with how long it took in slices, so that the
 * server can give memory back after a first index even when use follows at once (app.ts, platform/idle-memory.ts).
 */

let dirs: TestDirs | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  if (dirs) fs.rmSync(dirs.root, { recursive: true, force: true });
});

describe('the search catch-up', () => {
  it('says on the bus when the search index holds every saved message, after how many slices', async () => {
    dirs = makeTestDirs('cui-search-caught-up-');
    const projectsDir = path.join(dirs.claudeConfigDir, 'projects');
    for (let i = 0; i < 5; i++) writeSession(projectsDir, { cwd: `/w/p${i}`, prompt: `findable prompt number ${i}`, startMinute: i * 10, turns: 3 });
    const runs = createFakeRuns();
    const caughtUp: DomainEvents['search.caughtUp'][] = [];
    runs.bus.subscribe('search.caughtUp', (event) => {
      caughtUp.push(event);
    });
    app = await startSessionsApp(dirs, runs);
    const first = await waitFor(() => caughtUp[0], { message: 'the catch-up said it was done' });
    expect(first.slices).toBeGreaterThanOrEqual(1);
    // Everything saved is searchable once it says so.
    const response = await app.inject({ url: '/api/search?q=findable&limit=50' });
    expect(SearchResponse.parse(response.json()).total).toBe(5);
  });
});
