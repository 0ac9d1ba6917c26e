import fs from 'node:fs';
import path from 'node:path';
import { TranscriptRetention } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, startOk, useRunServer } from './runs-support';

/**
 * History that does not vanish (issue 10 point 6). Claude Code sweeps transcripts older than
 * `cleanupPeriodDays` (default 30) in the background of a run, 5 s after its first prompt, and records the
 * sweep in `<CLAUDE_CONFIG_DIR>/.last-cleanup`; a run held at a permission prompt outlives that moment.
 */

const ctx = useRunServer();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A transcript last written 60 days ago, in a project folder of the CLI's history. */
function oldTranscript(): string {
  const dir = path.join(ctx.server.dirs.claudeConfigDir, 'projects', '-old-project');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '0b7d4a4e-7c52-4c7e-9d43-5c0ab0d6c001.jsonl');
  fs.writeFileSync(file, `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'an old conversation' }, sessionId: '0b7d4a4e-7c52-4c7e-9d43-5c0ab0d6c001', cwd: '/old' })}\n`);
  const old = new Date(Date.now() - 60 * DAY_MS);
  fs.utimesSync(file, old, old);
  return file;
}

/** Starts a run that waits at a permission prompt until the CLI's clean-up has run, then stops it. */
async function runThroughCleanup(): Promise<void> {
  const sentinel = path.join(ctx.server.dirs.claudeConfigDir, '.last-cleanup');
  fs.rmSync(sentinel, { force: true });
  const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo(`held-${Date.now()}`), initialPrompt: 'run bash now' });
  const stream = await openStream(ctx.server, streamingId);
  await stream.next((event) => event.type === 'permission_request');
  await waitFor(() => fs.existsSync(sentinel), { timeoutMs: 30_000, message: "the CLI's clean-up" });
  expect((await postJson(ctx.server, `/api/conversations/${streamingId}/stop`)).status).toBe(200);
  await stream.ended;
}

const retention = async () => TranscriptRetention.parse((await getJson(ctx.server, '/api/retention')).body);
const userSettings = () => path.join(ctx.server.dirs.claudeConfigDir, 'settings.json');

describe('transcript retention', () => {
  it("keeps a 60-day-old transcript through the CLI's clean-up when the user configured no retention", async () => {
    const transcript = oldTranscript();
    expect(await retention()).toEqual({ configuredDays: null, settingsPath: userSettings() });
    await runThroughCleanup();
    expect(fs.existsSync(transcript)).toBe(true);
  });

  it('lets the clean-up apply a retention the user configured themselves, and reports it', async () => {
    fs.writeFileSync(userSettings(), JSON.stringify({ cleanupPeriodDays: 7 }));
    const transcript = oldTranscript();
    expect(await retention()).toEqual({ configuredDays: 7, settingsPath: userSettings() });
    await runThroughCleanup();
    expect(fs.existsSync(transcript)).toBe(false);
    fs.rmSync(userSettings());
  });
});
