import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive, makeRepo } from '../../fake-model/test-support';
import { bundledClaudePath } from '../src/cli/claude-binary';
import { makeTestDirs, startTestServer } from './helpers';
import { getJson, openStream, postJson, postStart, startOk, useRunServer } from './runs-support';

/** Starting runs: validation, safe prompts, failures, API errors and concurrency, with the real CLI. */

const ctx = useRunServer();
const { newRepo } = ctx;


async function runToEnd(body: Record<string, unknown>) {
  const started = await startOk(ctx.server, body);
  const stream = await openStream(ctx.server, started.streamingId);
  await stream.ended;
  return { ...started, events: stream.events };
}

function writeScript(name: string, content: string, mode: number): string {
  const file = path.join(ctx.server.dirs.root, name);
  fs.writeFileSync(file, content, { mode });
  return file;
}

describe('starting a run', () => {
  it('rejects bad payloads with 400 and a clear message', async () => {
    const repo = newRepo('bad-payloads');
    const file = path.join(repo, 'hello.txt');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ initialPrompt: 'hi' }, 'validation.failed', /workingDirectory is required/],
      [{ workingDirectory: path.join(repo, 'missing'), initialPrompt: 'hi' }, 'validation.failed', /does not exist/],
      [{ workingDirectory: 'relative/dir', initialPrompt: 'hi' }, 'validation.failed', /absolute path/],
      [{ workingDirectory: file, initialPrompt: 'hi' }, 'fs.not_a_directory', /not a directory/],
      [{ workingDirectory: repo, initialPrompt: '   ' }, 'validation.failed', /initialPrompt is required/],
      [{ workingDirectory: repo }, 'validation.failed', /initialPrompt is required/],
      [{ workingDirectory: repo, initialPrompt: 'hi', permissionMode: 'yolo' }, 'validation.failed', /permissionMode must be one of/],
      [{ workingDirectory: repo, initialPrompt: 'hi', claudeExecutablePath: path.join(repo, 'no-claude') }, 'cli.not_found', /not found/],
      [{ workingDirectory: repo, initialPrompt: 'hi', claudeExecutablePath: file }, 'cli.not_executable', /not executable/],
      [{ workingDirectory: repo, initialPrompt: 'hi', claudeExecutablePath: repo }, 'cli.not_executable', /not a file/],
      [{ workingDirectory: repo, initialPrompt: 'hi', claudeExecutablePath: 'bin/claude' }, 'validation.failed', /absolute path/],
      [{ workingDirectory: repo, initialPrompt: 'hi', resumedSessionId: 'not-a-uuid' }, 'validation.failed', /session UUID/],
    ];
    for (const [body, code, message] of cases) {
      const response = await postStart(ctx.server, body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 400, code });
      expect(String(response.body.error)).toMatch(message);
    }
    const unknownSession = await postStart(ctx.server, { workingDirectory: repo, initialPrompt: 'hi', resumedSessionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownSession).toMatchObject({ status: 404, body: { code: 'session.not_found' } });
    expect((await getJson(ctx.server, '/api/system/status')).body.activeConversations).toBe(0);
  });

  it('answers 500 with what the CLI said when it dies before starting, leaving no run behind', async () => {
    const script = writeScript('dying-claude', '#!/bin/sh\necho "boom: cannot start the engine" >&2\nexit 3\n', 0o755);
    const response = await postStart(ctx.server, { workingDirectory: newRepo('dies'), initialPrompt: 'hi', claudeExecutablePath: script });
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('run.start_failed');
    expect(String(response.body.error)).toContain('code 3');
    expect(String(response.body.error)).toContain('boom: cannot start the engine');
    expect((await getJson(ctx.server, '/api/system/status')).body.activeConversations).toBe(0);
  });

  it('gives up on a CLI that never starts: 500 after the start timeout, and its process is gone', async () => {
    const own = await startTestServer({ anthropicBaseUrl: ctx.fake.url, runOptions: { run: { startTimeoutMs: 1500 } } });
    try {
      const pidFile = path.join(own.dirs.root, 'hung.pid');
      const script = path.join(own.dirs.root, 'hung-claude');
      fs.writeFileSync(script, `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 60\n`, { mode: 0o755 });
      const response = await postStart(own, { workingDirectory: makeRepo(path.join(own.dirs.work, 'hung')), initialPrompt: 'hi', claudeExecutablePath: script });
      expect(response).toMatchObject({ status: 500, body: { code: 'run.start_failed' } });
      expect(String(response.body.error)).toContain('did not start within 1.5 s');
      expect(isAlive(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(false);
      expect((await getJson(own, '/api/system/status')).body.activeConversations).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('runs the executable named by claudeExecutablePath in config.json when the request names none', async () => {
    const dirs = makeTestDirs();
    const marker = path.join(dirs.root, 'wrapper-ran');
    const wrapper = path.join(dirs.root, 'claude-wrapper');
    // exec, not a pipe: the console must still own (and be able to stop) the real CLI process.
    fs.writeFileSync(wrapper, `#!/bin/sh\necho ran > '${marker}'\nexec '${bundledClaudePath()}' "$@"\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ claudeExecutablePath: wrapper }));
    const own = await startTestServer({ dirs, anthropicBaseUrl: ctx.fake.url });
    try {
      expect((await getJson(own, '/api/system/status')).body).toMatchObject({ claudePath: wrapper, claudeVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
      const started = await startOk(own, { workingDirectory: makeRepo(path.join(dirs.work, 'wrapped')), initialPrompt: 'hello through the wrapper' });
      const stream = await openStream(own, started.streamingId);
      await stream.ended;
      expect(stream.events.find((event) => event.type === 'result')).toMatchObject({ is_error: false });
      expect(fs.readFileSync(marker, 'utf8').trim()).toBe('ran');
    } finally {
      await own.close();
    }
  });

  it('refuses to start with a relative claudeExecutablePath in config.json, naming the field', async () => {
    const dirs = makeTestDirs();
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ claudeExecutablePath: 'bin/claude' }));
    await expect(startTestServer({ dirs, anthropicBaseUrl: ctx.fake.url })).rejects.toThrow(/claudeExecutablePath must be an absolute path/);
  });

  it('passes a prompt that starts with "-" and spans lines as data, never as flags', async () => {
    const prompt = '--dangerously-skip-permissions -p\nsecond line of the prompt';
    const { events, sessionId } = await runToEnd({ workingDirectory: newRepo('dash'), initialPrompt: prompt });
    const result = events.find((event) => event.type === 'result');
    expect(result).toMatchObject({ is_error: false, session_id: sessionId });
    expect(result?.type === 'result' && result.result).toContain(`Echo: "${prompt}"`);
    expect(events.find((event) => event.type === 'system_init')).toMatchObject({ permissionMode: 'default' });
  });

  it('surfaces an API error as an error result and a closed event the UI can show', async () => {
    const { events } = await runToEnd({ workingDirectory: newRepo('api-error'), initialPrompt: 'cause an api-error now' });
    const result = events.find((event) => event.type === 'result');
    expect(result).toMatchObject({ is_error: true });
    expect(result?.type === 'result' && result.result).toContain('fake invalid request');
    expect(events.at(-1)).toMatchObject({ type: 'closed', reason: 'error', exitCode: 1 });
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
  });

  it('runs 5 conversations at once and all of them finish', async () => {
    const bodies = [1, 2, 3, 4, 5].map((n) => ({ workingDirectory: newRepo(`parallel-${n}`), initialPrompt: `parallel hello ${n}` }));
    const runs = await Promise.all(bodies.map((body) => runToEnd(body)));
    expect(new Set(runs.map((run) => run.sessionId)).size).toBe(5);
    runs.forEach((run, index) => {
      const result = run.events.find((event) => event.type === 'result');
      expect(result).toMatchObject({ is_error: false, session_id: run.sessionId });
      expect(result?.type === 'result' && result.result).toContain(`parallel hello ${index + 1}`);
      expect(run.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    });
  });

  it('refuses a start beyond maxConcurrentRuns with 429 run.limit_reached, even when the starts arrive at once', async () => {
    const dirs = makeTestDirs();
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ maxConcurrentRuns: 2 }));
    const own = await startTestServer({ dirs, anthropicBaseUrl: ctx.fake.url });
    try {
      const bodies = [1, 2, 3].map((n) => ({ workingDirectory: makeRepo(path.join(dirs.work, `capped-${n}`)), initialPrompt: `slow capped ${n}` }));
      const results = await Promise.all(bodies.map((body) => postStart(own, body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429]);
      expect(results.find((r) => r.status === 429)?.body).toEqual({
        error: '2 conversations are already running (maxConcurrentRuns in config.json): stop one or wait for one to finish',
        code: 'run.limit_reached',
      });
      const first = results.find((r) => r.status === 200)?.body as { streamingId: string };
      expect((await postJson(own, `/api/conversations/${first.streamingId}/stop`)).status).toBe(200);
      expect((await postStart(own, bodies[0] as Record<string, unknown>)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
