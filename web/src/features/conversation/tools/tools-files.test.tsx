import type { ToolUseBlock } from '@cui/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolResultRecord } from '@/features/live-run';
import { type ToolFixture, toolFixtures } from '../fixtures/tool-uses';
import { renderInConversation } from '../fixtures/render';
import { ToolUse } from './ToolUse';

function renderTool({ use, result }: ToolFixture, override?: ToolResultRecord) {
  return renderInConversation(<ToolUse block={use} />, { toolResults: { [use.id]: override ?? result } });
}

describe('Edit and MultiEdit panels', () => {
  // The diff table is a lazy chunk: load it before rendering, so that waiting for the table waits for React only,
  // not for a module transform that takes over a second on a loaded machine.
  beforeAll(async () => {
    await import('../code/DiffTable');
  });

  it('shows the diff of old_string against new_string, with the path relative to the working directory', async () => {
    const { container } = renderTool(toolFixtures.edit);
    expect(screen.getByText('hello.txt')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('tbody tr')?.textContent).toContain('hello world'));
    expect(container.querySelector('tbody tr')?.textContent).toContain('helo wrld');
  });

  it('stacks one diff per edit for MultiEdit', async () => {
    renderTool(toolFixtures.multiEdit);
    expect(screen.getAllByTestId('diff-view')).toHaveLength(2);
    expect(screen.getByText('Edit 2 of 2')).toBeInTheDocument();
  });

  it('without diff data shows the result text as code, else "Edit completed successfully"', async () => {
    const { unmount } = renderTool(toolFixtures.editWithoutDiff);
    // Highlighted once the language's grammar, loaded on demand, has arrived.
    await waitFor(() => expect(screen.getByText('main')).toHaveClass('function'));
    unmount();
    renderTool(toolFixtures.editWithoutAnything);
    expect(screen.getByText('Edit completed successfully')).toBeInTheDocument();
  });
});

describe('Write panel', () => {
  it('shows the whole content as an all-added diff', async () => {
    const { container } = renderTool(toolFixtures.write);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(container.textContent).toContain('first');
    expect(container.textContent).toContain('second');
  });
});

describe('Read panel', () => {
  it('is collapsed by default behind "Read 1 line" and reveals the text without line-number prefixes', async () => {
    renderTool(toolFixtures.read);
    const trigger = screen.getByRole('button', { name: 'Read 1 line' });
    expect(screen.queryByText('helo wrld')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.getByText('helo wrld')).toBeInTheDocument();
  });

  it('removes system-reminder blocks and arrow line numbers and counts lines in the plural', async () => {
    renderTool(toolFixtures.readWithReminder);
    await userEvent.click(screen.getByRole('button', { name: 'Read 2 lines' }));
    expect(document.body.textContent).toContain('const a = 1;');
    expect(document.body.textContent).not.toContain('system-reminder');
    expect(document.body.textContent).not.toContain('1→');
  });

  it('shows "(No content)" for an empty file', async () => {
    renderTool(toolFixtures.readEmpty);
    await userEvent.click(screen.getByRole('button', { name: 'Read 0 lines' }));
    expect(screen.getByText('(No content)')).toBeInTheDocument();
  });

  it('renders an empty container while the result is pending', () => {
    renderTool(toolFixtures.read, { status: 'pending', result: '', is_error: false });
    expect(screen.getByTestId('read-pending')).toBeEmptyDOMElement();
    expect(screen.getByRole('status', { name: 'Read running' })).toBeInTheDocument();
  });

  it('never spins in a finished session: a tool use that got no result is an empty container (issue 16.5)', () => {
    const { use } = toolFixtures.read;
    renderInConversation(<ToolUse block={use} />, { toolResults: {}, live: false });
    expect(screen.getByTestId('read-pending')).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Search panels', () => {
  it.each([
    [toolFixtures.grep, 'Found 2 lines', 'src/b.ts:9: // TODO two'],
    [toolFixtures.glob, 'Found 1 file', '/tmp/example/repo/src/a.ts'],
    [toolFixtures.ls, 'Listed 3 paths', '- hello.txt'],
  ])('summarises %#: "%s", expandable to the raw result', async (fixture, summary, raw) => {
    renderTool(fixture);
    expect(screen.queryByText(raw)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: summary }));
    expect(screen.getByText(raw)).toBeInTheDocument();
  });
});

describe('tool errors', () => {
  it('shows "Error: {first line}" expandable to the full text', async () => {
    renderTool(toolFixtures.bashDenied);
    const trigger = screen.getByRole('button', { name: 'Error: Denied by perm-mcp policy for Bash' });
    expect(screen.queryByText('second line of detail')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.getByText('second line of detail')).toBeInTheDocument();
  });

  it('defaults to "Tool execution failed" when the error has no text', () => {
    renderTool(toolFixtures.bash, { status: 'completed', result: '', is_error: true });
    expect(screen.getByRole('button', { name: 'Error: Tool execution failed' })).toBeInTheDocument();
  });
});

describe('tool input summary', () => {
  it('truncates long inputs at 50 characters', () => {
    const use: ToolUseBlock = { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'a'.repeat(70) } };
    renderInConversation(<ToolUse block={use} />);
    expect(screen.getByText(`${'a'.repeat(50)}...`)).toBeInTheDocument();
  });

  it("shows a path under the user's home (as the server reports it) outside the working directory with a tilde", () => {
    const use: ToolUseBlock = { type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/srv/ann/notes.md' } };
    renderInConversation(<ToolUse block={use} />, { paths: { cwd: '/srv/ann/repo', home: '/srv/ann' } });
    expect(screen.getByText('~/notes.md')).toBeInTheDocument();
  });
});
