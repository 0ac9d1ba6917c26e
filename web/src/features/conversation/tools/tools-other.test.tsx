import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ViewMessage, ToolResultRecord } from '@/features/live-run';
import { type ToolFixture, toolFixtures } from '../fixtures/tool-uses';
import { renderInConversation } from '../fixtures/render';
import { searchResultCount, searchSummary } from './SearchSummary';
import { ToolUse } from './ToolUse';

function renderTool({ use, result }: ToolFixture, override?: ToolResultRecord, children: ViewMessage[] = []) {
  return renderInConversation(<ToolUse block={use} />, { toolResults: { [use.id]: override ?? result }, childrenOf: () => children });
}

describe('TodoWrite and TodoRead panels', () => {
  it('lists todos with a status icon each and strikes through completed ones', () => {
    renderTool(toolFixtures.todoWrite);
    const items = within(screen.getByRole('list', { name: 'Todos' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByLabelText('completed')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByLabelText('in progress')).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByLabelText('pending')).toBeInTheDocument();
    expect(screen.getByText('Read the file')).toHaveClass('line-through');
    expect(screen.getByText('Fix the typo')).not.toHaveClass('line-through');
  });

  it('says "No todos found" for an empty list', () => {
    renderTool(toolFixtures.todoReadEmpty);
    expect(screen.getByText('No todos found')).toBeInTheDocument();
  });
});

describe('WebSearch and WebFetch panels', () => {
  it('summarises a search as "Did 1 search"', async () => {
    renderTool(toolFixtures.webSearch);
    await userEvent.click(screen.getByRole('button', { name: 'Did 1 search' }));
    expect(screen.getByText('1. https://vitest.dev/guide')).toBeInTheDocument();
  });

  it('shows "Received content from URL" and a link chip with host and 12px favicon requested at 32, opening a new tab', () => {
    renderTool(toolFixtures.webFetch);
    expect(screen.getByRole('button', { name: 'Received content from URL' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'docs.example.com' });
    expect(link).toHaveAttribute('href', 'https://docs.example.com/guide/intro');
    expect(link).toHaveAttribute('target', '_blank');
    const favicon = link.querySelector('img');
    expect(favicon).toHaveAttribute('src', 'https://www.google.com/s2/favicons?domain=docs.example.com&sz=32');
    expect(favicon).toHaveAttribute('width', '12');
  });
});

describe('Task panel', () => {
  const child: ViewMessage = {
    id: 'msg_child', role: 'assistant', parentToolUseId: 'toolu_task', isSidechain: true, uuids: ['u'],
    blocks: [{ type: 'text', text: 'Subagent looked around' }],
  };

  it('nests the subagent messages in an expandable panel and says "Task completed"', async () => {
    renderTool(toolFixtures.task, undefined, [child]);
    expect(screen.getByText('Task completed')).toBeInTheDocument();
    expect(screen.queryByText('Subagent looked around')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Survey the repo · 1 message' }));
    expect(within(screen.getByTestId('task-children')).getByText('Subagent looked around')).toBeInTheDocument();
  });

  it('shows the children open and no completion while the task runs', () => {
    renderTool(toolFixtures.task, { status: 'pending', result: '', is_error: false }, [child]);
    expect(screen.getByText('Subagent looked around')).toBeInTheDocument();
    expect(screen.queryByText('Task completed')).not.toBeInTheDocument();
  });
});

describe('Bash, plan and fallback panels', () => {
  it('shows the command and its output', () => {
    renderTool(toolFixtures.bash);
    expect(document.body.textContent).toContain('$ echo from-bash > bash_out.txt && cat bash_out.txt');
    expect(screen.getByText('from-bash')).toBeInTheDocument();
  });

  it('renders the plan as markdown', () => {
    renderTool(toolFixtures.plan);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.getByText('hello.txt')).toBeInTheDocument();
  });

  it('shows AskUserQuestion questions, options and the answer', () => {
    renderTool(toolFixtures.question);
    expect(screen.getByText('hello world · hi there')).toBeInTheDocument();
    expect(screen.getByText(/User has answered your questions/)).toBeInTheDocument();
  });

  it('shows any other tool as collapsible JSON', async () => {
    renderTool(toolFixtures.other);
    await userEvent.click(screen.getByRole('button', { name: 'Input' }));
    expect(document.body.textContent).toContain('"repo": "acme/app"');
  });
});

describe('searchSummary', () => {
  it('says "Search completed" for other tool types and singular/plural counts', () => {
    expect(searchSummary('other', 4)).toBe('Search completed');
    expect(searchSummary('Grep', 1)).toBe('Found 1 line');
    expect(searchSummary('LS', 1)).toBe('Listed 1 path');
  });

  it("says a Grep or Glob found nothing, instead of counting the CLI's 'No matches found' as 'Found 1 line'", () => {
    expect(searchSummary('Grep', 0)).toBe('No matches found');
    expect(searchSummary('Glob', 0)).toBe('No files found');
    expect(searchResultCount('No matches found')).toBe(0);
    expect(searchResultCount('No files found\n')).toBe(0);
    expect(searchResultCount('src/a.ts:1:No matches found here\nsrc/b.ts:2:x')).toBe(2);
  });
});
