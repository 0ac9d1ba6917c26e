import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';
import { COMPOSER_STORAGE_KEY } from './composer-storage';
import type { SuggestionLoaders } from './suggestion-loaders';

const FILES = ['README.md', 'src/main.ts', 'src/util.ts', 'docs/guide.md'];
const loaders: SuggestionLoaders = {
  files: vi.fn(async () => ({ items: FILES.map((name) => ({ key: name, label: name, insert: `@${name}` })), complete: true })),
  searchFiles: vi.fn(async () => []),
  commands: vi.fn(async () => [
    { key: 'init', label: '/init', insert: '/init', detail: 'Initialize' },
    { key: 'compact', label: '/compact', insert: '/compact', detail: 'Compact' },
  ]),
};

/** GET /api/system/models as the server answers it from the CLI's list (the SDK's `default` row is the menu's 'Default'). */
const CLI_MODELS = {
  source: 'cli',
  claudeVersion: '2.1.330',
  defaultModel: 'claude-opus-5-5',
  models: [
    { value: 'opus', displayName: 'Opus', description: 'Most capable' },
    { value: 'sonnet', displayName: 'Sonnet', description: 'Everyday tasks' },
    { value: 'haiku', displayName: 'Haiku', description: 'Fastest' },
  ],
};

function stubDirectories(paths: string[]) {
  const directories = paths.map((path, i) => ({ path, shortname: path.split('/').pop() ?? path, lastDate: `2026-01-0${9 - i}T00:00:00Z`, conversationCount: 1 }));
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/system/models' ? Response.json(CLI_MODELS) : new Response(JSON.stringify({ directories, totalCount: directories.length }), { status: 200 })));
}

function renderComposer(onSubmit = vi.fn(async () => true), extra: { selectDirectory?: boolean } = {}) {
  render(<Composer placeholder="Describe a task" heading="What is the next task?" selectDirectory onSubmit={onSubmit} loaders={loaders} {...extra} />);
  return { textarea: screen.getByRole('combobox', { name: 'Task' }), onSubmit };
}

beforeEach(() => {
  stubDirectories(['/work/app']);
  // jsdom has no layout: the list scrolls its focused option into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('Composer autocomplete', () => {
  it('shows file suggestions after @ filtered case-insensitively, and Tab accepts the first', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.type(textarea, 'open @SRC');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['src/main.ts', 'src/util.ts']);
    expect(loaders.files).toHaveBeenCalledWith('/work/app');
    await user.keyboard('{Tab}');
    expect(textarea).toHaveValue('open @src/main.ts ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(loaders.searchFiles).not.toHaveBeenCalled();
  });

  it('searches the whole tree on the server for what is typed when the listing stopped at its limit (a big repository)', async () => {
    const partial = { items: [{ key: 'a.ts', label: 'a.ts', insert: '@a.ts' }], complete: false };
    const searchFiles = vi.fn(async (_directory: string, query: string) =>
      query === 'needle' ? [{ key: 'zz/deep/needle.ts', label: 'zz/deep/needle.ts', insert: '@zz/deep/needle.ts' }] : []);
    const user = userEvent.setup();
    render(<Composer placeholder="Describe a task" selectDirectory onSubmit={vi.fn(async () => true)} loaders={{ ...loaders, files: vi.fn(async () => partial), searchFiles }} />);
    const textarea = screen.getByRole('combobox', { name: 'Task' });
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.type(textarea, '@needle');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['zz/deep/needle.ts']);
    expect(searchFiles).toHaveBeenLastCalledWith('/work/app', 'needle');
    await user.keyboard('{Tab}');
    expect(textarea).toHaveValue('@zz/deep/needle.ts ');
  });

  it('cycles with the arrows and accepts the focused suggestion with Enter', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.type(textarea, '/');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(textarea).toHaveValue('/compact ');
  });

  it('closes on Escape without changing the text, and on Space while typing the space', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.type(textarea, '@read');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textarea).toHaveValue('@read');
    await user.type(textarea, ' x @gui');
    await screen.findByRole('listbox');
    await user.keyboard(' ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textarea).toHaveValue('@read x @gui ');
  });

  it('does not offer commands for a slash inside a word', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.type(textarea, 'edit src/');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(loaders.commands).not.toHaveBeenCalledWith(undefined);
  });
});

describe('Composer submit', () => {
  it('submits the trimmed text with Ctrl+Enter, omitting model and permission mode when default, and clears the draft', async () => {
    const user = userEvent.setup();
    const { textarea, onSubmit } = renderComposer();
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.type(textarea, '  fix the tests  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledWith({ text: 'fix the tests', workingDirectory: '/work/app' });
    await waitFor(() => expect(textarea).toHaveValue(''));
  });

  it('does not submit blank text or without a chosen directory', async () => {
    stubDirectories([]);
    const user = userEvent.setup();
    const { textarea, onSubmit } = renderComposer();
    expect(screen.getByRole('button', { name: 'Working directory: Select directory' })).toBeInTheDocument();
    await user.type(textarea, 'real task');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends a chosen permission mode and model, and keeps the draft and mode in local storage', async () => {
    const user = userEvent.setup();
    const { textarea, onSubmit } = renderComposer(vi.fn(async () => false));
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.click(screen.getByRole('button', { name: 'Permission mode: Ask' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Model: Default' }));
    // The menu is the CLI's list: 'Default' (the CLI's own default), then its aliases.
    await waitFor(async () => expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Default', 'Opus', 'Sonnet', 'Haiku']));
    await user.click(await screen.findByRole('menuitem', { name: 'Sonnet' }));
    expect(screen.getByRole('button', { name: 'Model: Sonnet' })).toBeInTheDocument();
    await user.type(textarea, 'plan it');
    expect(JSON.parse(localStorage.getItem(COMPOSER_STORAGE_KEY) ?? '{}')).toEqual({ draft: 'plan it', selectedPermissionMode: 'plan' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'plan it', workingDirectory: '/work/app', model: 'sonnet', permissionMode: 'plan',
    });
    // A rejected submission keeps the draft.
    expect(textarea).toHaveValue('plan it');
  });

  it('is disabled with a spinner while the submit is in progress', async () => {
    let finish: (accepted: boolean) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    const { textarea } = renderComposer(onSubmit);
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.type(textarea, 'long task');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(textarea).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Sending' })).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish(true));
    expect(textarea).not.toBeDisabled();
  });
});

describe('Composer budget cap', () => {
  it('sends the dollar cap with the task, and none when the field is empty', async () => {
    const user = userEvent.setup();
    const { textarea, onSubmit } = renderComposer();
    await screen.findByRole('button', { name: 'Working directory: app' });
    await user.type(textarea, 'first');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([expect.not.objectContaining({ maxBudgetUsd: expect.anything() })]);
    await user.type(screen.getByRole('spinbutton', { name: 'Budget cap in dollars' }), '0.5');
    await user.type(textarea, 'second');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]).toEqual([expect.objectContaining({ text: 'second', maxBudgetUsd: 0.5 })]);
  });
});
