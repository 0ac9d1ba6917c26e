import { SearchResponse } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { openStream, startOk, useRunServer } from './runs-support';

/** GET /api/search over what real CLI runs wrote (issue 17). */

const ctx = useRunServer();

async function search(query: string): Promise<{ status: number; body: unknown }> {
  const response = await ctx.server.api(`/api/search?${query}`);
  return { status: response.status, body: await response.json() };
}

async function hitsFor(q: string, extra = ''): Promise<SearchResponse> {
  const { status, body } = await search(`q=${encodeURIComponent(q)}${extra}`);
  expect(status).toBe(200);
  return SearchResponse.parse(body);
}

describe('search', () => {
  it("finds a live run's prompt while the model is still answering, then the answer, with the message uuid and a marked snippet", async () => {
    const repo = ctx.newRepo('search-live');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'explain Zebrafish_quux42 please [gate:search]' });
    const stream = await openStream(ctx.server, streamingId);
    await ctx.fake.gates.whenHeld('search', 0);

    const live = await waitFor(async () => (await hitsFor('zebrafish_QUUX42')).results.find((r) => r.sessionId === sessionId), { timeoutMs: 20_000 });
    expect(live).toMatchObject({ sessionId, projectPath: repo, hitCount: 1 });
    expect(live.hits[0]).toMatchObject({ role: 'user', uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(live.hits[0]?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['Zebrafish_quux42']);

    ctx.fake.gates.release('search', 0);
    await stream.next((event) => event.type === 'closed');
    const done = await waitFor(async () => (await hitsFor('Zebrafish_quux42')).results.find((r) => r.sessionId === sessionId && r.hitCount === 2), { timeoutMs: 20_000 });
    expect(done.hits.map((h) => h.role)).toEqual(['assistant', 'user']);
    expect((await hitsFor('Zebrafish_quux42', '&archived=true')).results).toEqual([]);
  });

  it('answers odd text with 200 and bad parameters with a clean 400', async () => {
    for (const q of ['"', '*', '"unbalanced', 'a*', 'NEAR(', '%_\\', '  x  ']) expect((await search(`q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(201)}`, 'q=abc&limit=0', 'q=abc&limit=51', 'q=abc&offset=-1', 'q=abc&archived=maybe']) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ code: 'validation.failed' });
    }
  });
});
