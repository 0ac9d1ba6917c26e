import type { ContextUsage, SessionUsage } from '@cui/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { summaryFixture } from '../fixtures/summary';
import { ConversationHeader } from './ConversationHeader';

const USAGE = { inputTokens: 9000, outputTokens: 300, cacheCreationTokens: 1000, cacheReadTokens: 2000, costUsd: 0.0412 } satisfies SessionUsage;

function renderHeader(usage: SessionUsage | undefined, context: ContextUsage | null = null) {
  const summary = summaryFixture(usage ? { usage } : {});
  render(
    <MemoryRouter>
      <TooltipProvider>
        <ConversationHeader summary={summary} projectPath={summary.projectPath} metrics={summary.toolMetrics} context={context} onUpdate={vi.fn()} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

describe('usage in the conversation header', () => {
  it('shows tokens and cost compactly, and the parts and the context fill in a popover', async () => {
    renderHeader(USAGE, { usedTokens: 32_000, windowTokens: 1_000_000 });
    const figure = screen.getByRole('button', { name: 'Usage: 12.3k tokens · $0.04' });
    await userEvent.click(figure);
    const details = await screen.findByRole('dialog', { name: 'Usage details' });
    const rows = [...details.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Input: 9k', 'Output: 300', 'Cache write: 1k', 'Cache read: 2k', 'Total: 12.3k', 'Cost: $0.04', 'Context: 32k / 1M (3%)']);
    expect(details).not.toHaveTextContent('Estimate');
  });

  it("labels a routed session's cost an estimate", async () => {
    renderHeader({ ...USAGE, costIsEstimate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Usage: 12.3k tokens · ~$0.04' }));
    expect(await screen.findByRole('dialog', { name: 'Usage details' })).toHaveTextContent('Estimate: routed to another provider');
  });

  it('shows tokens without a cost for a transcript of an older CLI', async () => {
    renderHeader({ ...USAGE, costUsd: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Usage: 12.3k tokens' }));
    expect(await screen.findByRole('dialog', { name: 'Usage details' })).toHaveTextContent('CostNot recorded');
  });

  it('shows nothing without usage, and only the context fill while the list entry has no tokens yet', () => {
    renderHeader(undefined);
    expect(screen.queryByRole('button', { name: /^Usage/ })).not.toBeInTheDocument();
    renderHeader({ inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0 }, { usedTokens: 500, windowTokens: 200_000 });
    expect(screen.getByRole('button', { name: 'Usage: Context 500 / 200k (0%)' })).toBeInTheDocument();
  });
});
