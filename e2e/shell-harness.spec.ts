import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { extraChildEnv } from './support/launch-env';
import { transcriptPath, writeTranscript } from './support/transcripts';

const sessionId = randomUUID();

test.describe('e2e harness', () => {
  test.use({
    transcripts: [
      {
        sessionId,
        cwd: 'project-a',
        messages: [
          { role: 'user', content: 'seeded prompt for the harness' },
          { role: 'assistant', content: [{ type: 'text', text: 'Reading it.' }, { type: 'tool_use', id: 'toolu_seed1', name: 'Read', input: { file_path: 'a.txt' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_seed1', content: '1\thello' }] },
          { role: 'assistant', content: 'All done.' },
        ],
      },
    ],
  });

  test('runs the server on temporary dirs, never the real home', async ({ cui }) => {
    for (const dir of [cui.dirs.home, cui.dirs.claudeConfigDir, cui.dirs.cuiHome, cui.dirs.tmp]) expect(dir.startsWith(cui.dirs.root)).toBe(true);
    expect(fs.existsSync(`${cui.dirs.cuiHome}/config.json`)).toBe(true);
    const response = await cui.api('/api/system/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ configPath: `${cui.dirs.cuiHome}/config.json` });
  });

  test('a seeded transcript is written in the CLI layout and listed by the server', async ({ cui }) => {
    const file = transcriptPath(cui.dirs, { cwd: path.join(cui.dirs.work, 'project-a'), sessionId });
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; parentUuid?: string | null; uuid?: string });
    const chain = lines.filter((line) => line.uuid);
    expect(chain[0]?.parentUuid).toBeNull();
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]?.parentUuid).toBe(chain[i - 1]?.uuid);

    await expect
      .poll(async () => {
        const body = (await (await cui.api('/api/conversations?limit=20&offset=0&sortBy=updated&order=desc')).json()) as { conversations?: Array<{ sessionId: string; summary?: string }> };
        return body.conversations?.find((conversation) => conversation.sessionId === sessionId);
      })
      .toMatchObject({ sessionId });
    const details = (await (await cui.api(`/api/conversations/${sessionId}`)).json()) as { messages: unknown[] };
    expect(details.messages.length).toBeGreaterThanOrEqual(4);
  });

  test('a transcript written while the server runs is picked up too', async ({ cui }) => {
    const lateId = randomUUID();
    writeTranscript(cui.dirs, { sessionId: lateId, cwd: cui.dirs.work, messages: [{ role: 'user', content: 'late prompt' }, { role: 'assistant', content: 'ok' }] });
    await expect
      .poll(async () => {
        const body = (await (await cui.api('/api/conversations?limit=20&offset=0&sortBy=updated&order=desc')).json()) as { conversations?: Array<{ sessionId: string }> };
        return body.conversations?.some((conversation) => conversation.sessionId === lateId);
      })
      .toBe(true);
  });
});

test.describe('e2e harness options', () => {
  test('childEnv travels as a JSON object of strings and anything else is refused', () => {
    expect(extraChildEnv({ CUI_E2E_CHILD_ENV: JSON.stringify({ A: '1', B: 'two' }) })).toEqual({ A: '1', B: 'two' });
    expect(extraChildEnv({})).toEqual({});
    expect(() => extraChildEnv({ CUI_E2E_CHILD_ENV: '{"A":1}' })).toThrow('JSON object of strings');
    expect(() => extraChildEnv({ CUI_E2E_CHILD_ENV: '[]' })).toThrow('JSON object of strings');
  });
});
