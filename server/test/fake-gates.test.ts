import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { openStream, startOk, toolUses, useRunServer } from './runs-support';

/** A gated fake model holds each reply of a run until the test lets it go: every intermediate state can be seen. */

const ctx = useRunServer();
const toolsSoFar = (events: StreamEvent[]): string[] => toolUses(events).map((use) => use.name);
/** The stream's event carrying tool use `name`: the fake asks for the next step before that event reaches the test. */
const usesTool = (name: string) => (event: StreamEvent) => toolsSoFar([event]).includes(name);

describe('gated fake model', () => {
  it('holds a real run at each step until released (in process)', async () => {
    const repo = ctx.newRepo('gated');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'fix the typo [gate:inproc]', permissionMode: 'acceptEdits' });
    const stream = await openStream(ctx.server, streamingId);
    const gates = ctx.fake.gates;

    expect(await gates.whenHeld('inproc', 0)).toMatchObject({ scenario: 'fix' });
    await stream.next((event) => event.type === 'system_init');
    expect(toolsSoFar(stream.events)).toEqual([]);
    expect(gates.release('inproc', 0)).toBe(true);

    await gates.whenHeld('inproc', 1);
    await stream.next(usesTool('Read'));
    expect(toolsSoFar(stream.events)).toEqual(['Read']);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');
    gates.release('inproc', 1);

    await gates.whenHeld('inproc', 2);
    await stream.next(usesTool('Edit'));
    expect(toolsSoFar(stream.events)).toEqual(['Read', 'Edit']);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
    expect(stream.events.some((event) => event.type === 'result')).toBe(false);
    gates.release('inproc', 2);
    await stream.next((event) => event.type === 'result');
  });

  it('is driven over HTTP too: list, wait for a step, release, and 404 when nothing is held', async () => {
    const repo = ctx.newRepo('gated-http');
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hello [gate:http]' });
    const stream = await openStream(ctx.server, streamingId);
    const control = (pathname: string, method = 'GET') => fetch(`${ctx.fake.url}/_fake/gates${pathname}`, { method });

    expect(await (await control('/http/wait?step=0')).json()).toEqual({ gate: 'http', scenario: 'echo', step: 0 });
    expect(await (await control('')).json()).toEqual({ held: [{ gate: 'http', scenario: 'echo', step: 0 }] });
    expect((await control('/http/release?step=3', 'POST')).status).toBe(404);
    expect((await control('/http/release', 'POST')).status).toBe(200);
    await stream.next((event) => event.type === 'result');
    expect((await control('/http/release', 'POST')).status).toBe(404);
  });
});
