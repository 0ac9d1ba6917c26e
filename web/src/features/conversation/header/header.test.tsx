import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { summaryFixture } from '../fixtures/summary';
import { ConversationHeader } from './ConversationHeader';

function renderHeader(summary = summaryFixture()) {
  const onUpdate = vi.fn();
  render(
    <MemoryRouter>
      <TooltipProvider>
        <ConversationHeader summary={summary} projectPath={summary.projectPath} metrics={summary.toolMetrics} onUpdate={onUpdate} />
      </TooltipProvider>
    </MemoryRouter>,
  );
  return onUpdate;
}

async function rename(to: string, key: '{Enter}' | '{Escape}') {
  await userEvent.click(screen.getByRole('button', { name: 'More' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  const field = screen.getByRole('textbox', { name: 'Conversation name' });
  await userEvent.clear(field);
  if (to) await userEvent.type(field, to);
  await userEvent.keyboard(key);
}

describe('ConversationHeader', () => {
  it('links back to tasks and shows the title and subtitle', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Go back to tasks' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { name: 'fix the file' })).toBeInTheDocument();
    const subtitle = screen.getByTestId('conversation-subtitle');
    expect(subtitle).toHaveTextContent('repo');
    expect(subtitle).toHaveTextContent('3f9a1c2');
    expect(subtitle).not.toHaveTextContent('3f9a1c2d');
    expect(subtitle).toHaveTextContent('+1 −1');
    expect(subtitle).toHaveTextContent(new Date('2026-11-22T00:46:22.000Z').toLocaleDateString(undefined, { month: 'short', day: 'numeric' }));
  });

  it('prefers the custom name and falls back to "New conversation"', () => {
    renderHeader(summaryFixture({ summary: '', sessionInfo: { ...summaryFixture().sessionInfo, custom_name: '' } }));
    expect(screen.getByRole('heading', { name: 'New conversation' })).toBeInTheDocument();
  });

  it('renames on Enter with the trimmed name, with a live counter', async () => {
    const onUpdate = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(screen.getByText('12/200')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Conversation name' });
    await userEvent.clear(field);
    await userEvent.type(field, '  Typo fix  {Enter}');
    expect(onUpdate).toHaveBeenCalledWith({ customName: 'Typo fix' });
  });

  it('does not save an empty or unchanged name, and Escape cancels', async () => {
    const onUpdate = renderHeader();
    await rename('', '{Enter}');
    await rename('fix the file', '{Enter}');
    await rename('Other', '{Escape}');
    expect(onUpdate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'fix the file' })).toBeInTheDocument();
  });

  it('caps the name at 200 characters', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'Conversation name' });
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(250));
    expect((field as HTMLInputElement).value).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeInTheDocument();
  });

  it('archives, unarchives and pins', async () => {
    const onUpdate = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(onUpdate).toHaveBeenCalledWith({ archived: true });
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    expect(onUpdate).toHaveBeenCalledWith({ pinned: true });
  });

  it('offers Unarchive and Unpin for an archived, pinned session', async () => {
    renderHeader(summaryFixture({ sessionInfo: { ...summaryFixture().sessionInfo, archived: true, pinned: true } }));
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByRole('menuitem', { name: 'Unpin' })).toBeInTheDocument();
  });
});
