import { addToolMetrics, EMPTY_TOOL_METRICS, toolUseChange, type ConversationMessage, type ToolMetrics } from '@cui/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConversationPage } from './fixtures/conversation-page';
import { installFakeApi, json } from './fixtures/fake-api';
import { summaryFixture } from './fixtures/summary';
import { stubListViewport } from './fixtures/viewport';

const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const at = '2026-11-22T00:46:22.000Z';
const base = { timestamp: at, isSidechain: false, parentUuid: null };
const prompt = (n: number): ConversationMessage => ({ ...base, uuid: `u-${n}`, type: 'user', message: { role: 'user', content: `prompt ${n}` } });

/** A tool use (by the assistant) and its result (by the user), as a transcript has them. */
function toolTurn([id, name, input]: readonly [string, string, Record<string, unknown>]): ConversationMessage[] {
  return [
    { ...base, uuid: `a-${id}`, type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } },
    { ...base, uuid: `r-${id}`, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'done' }] } },
  ];
}

const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i}`).join('\n');
// The older part of a long session: a big file written, another cut down; the newest window: one small edit.
const olderInputs = [
  ['toolu_w', 'Write', { file_path: '/tmp/repo/big.ts', content: `${lines(1978, 'line')}\n` }],
  ['toolu_cut', 'Edit', { file_path: '/tmp/repo/old.ts', old_string: lines(715, 'gone'), new_string: '' }],
] as const;
const newestInput = ['toolu_e', 'Edit', { file_path: '/tmp/repo/a.ts', old_string: 'helo', new_string: 'hello' }] as const;
const totals: ToolMetrics = [...olderInputs, newestInput].reduce((sum, [, name, input]) => addToolMetrics(sum, toolUseChange(name, input) ?? EMPTY_TOOL_METRICS), EMPTY_TOOL_METRICS);

const details = (messages: ConversationMessage[], before: number | null) =>
  json({ messages, summary: 'prompt 1', projectPath: '/tmp/repo', metadata: { toolMetrics: totals }, window: { before } });

afterEach(() => vi.unstubAllGlobals());

describe("ConversationView header: a long session's totals (issue 29.6)", () => {
  stubListViewport();

  it("shows the session's totals, as the list does, while only the newest window is loaded, and still once the older ones are", async () => {
    expect(totals.linesAdded).toBeGreaterThan(1000);
    let releaseOlder!: () => void;
    const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
    installFakeApi({
      [`GET /api/conversations/${SID}`]: async ({ url }) => {
        if (url.searchParams.get('before') === null) return details([prompt(1500), ...toolTurn(newestInput)], 500);
        await olderHeld;
        return details([prompt(1), ...olderInputs.flatMap((turn) => toolTurn(turn))], null);
      },
      'GET /api/conversations': () => json({ conversations: [summaryFixture({ toolMetrics: totals, messageCount: 1501 })], total: 1 }),
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    renderConversationPage(SID);
    const expected = `+${totals.linesAdded} −${totals.linesRemoved}`;
    await screen.findByText('prompt 1500');
    await waitFor(() => expect(screen.getByTestId('conversation-subtitle')).toHaveTextContent(expected));

    releaseOlder();
    await screen.findByText('prompt 1');
    expect(screen.getByTestId('conversation-subtitle')).toHaveTextContent(expected);
  });
});
