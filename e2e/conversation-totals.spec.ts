import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import type { SeedMessage } from './support/transcripts';

/**
 * Issue 29.6: a long session's header counts the whole session, as its list row does, although the conversation view
 * holds only the newest window of its 1,501 messages.
 */

const TURNS = 500;
const sessionId = randomUUID();
const messages: SeedMessage[] = Array.from({ length: TURNS }, (_, turn): SeedMessage[] => {
  const id = `toolu_seed${turn}`;
  // Every turn edits a file: two lines become three (one in ten also drops a line more), so totals grow with the session.
  const oldText = turn % 10 === 0 ? `a${turn}\nb${turn}\nc${turn}` : `a${turn}\nb${turn}`;
  return [
    { role: 'user', content: `Step ${turn}` },
    { role: 'assistant', content: [{ type: 'text', text: `Editing file ${turn}.` }, { type: 'tool_use', id, name: 'Edit', input: { file_path: `/tmp/long/f${turn}.txt`, old_string: oldText, new_string: `x${turn}\ny${turn}\nz${turn}` } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `The file /tmp/long/f${turn}.txt has been updated.` }] },
  ];
}).flat();
messages.push({ role: 'user', content: 'That is all.' });

test.use({ transcripts: [{ sessionId, cwd: 'long', messages }] });

test("a 1,501-message session's header shows the same +added −removed as its list row, with only the newest window loaded", async ({ cui, loggedInPage: page, pageErrors }) => {
  expect(messages).toHaveLength(1501);
  type Listed = { conversations: { toolMetrics: { linesAdded: number; linesRemoved: number } }[] };
  const listedMetrics = async () => ((await (await cui.api(`/api/conversations?sessionId=${sessionId}`)).json()) as Listed).conversations[0]?.toolMetrics;
  await expect.poll(listedMetrics).toBeDefined();
  const listed = (await listedMetrics())!;
  expect(listed.linesAdded).toBeGreaterThan(1000);
  // What the list row shows (RowMeta: +added −removed from the same toolMetrics).
  const totals = `+${listed.linesAdded} −${listed.linesRemoved}`;

  await page.goto(`/c/${sessionId}`);
  await expect(page.getByText('That is all.')).toBeVisible();
  await expect(page.getByTestId('conversation-subtitle')).toContainText(totals);
  // Only the newest window is held: the first step is not on the page.
  await expect(page.getByTestId('message-list').getByText('Step 0', { exact: true })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
