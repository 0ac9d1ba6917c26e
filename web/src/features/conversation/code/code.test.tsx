import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeView } from './CodeView';
import { DiffView } from './DiffView';
import { Markdown } from './Markdown';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n');

describe('CodeView', () => {
  it('shows short code in full without a toggle', () => {
    const { container } = render(<CodeView code={lines(8)} language="plaintext" />);
    expect(container.querySelectorAll('code > div')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show all lines' })).not.toBeInTheDocument();
  });

  it('collapses code over 8 lines to 8 with a corner toggle and a "... +N lines" footer', async () => {
    const { container } = render(<CodeView code={lines(12)} language="plaintext" />);
    expect(container.querySelectorAll('code > div')).toHaveLength(8);
    expect(screen.getByText('... +4 lines')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all lines' }));
    expect(container.querySelectorAll('code > div')).toHaveLength(12);
    expect(screen.queryByText('... +4 lines')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer lines' }));
    expect(container.querySelectorAll('code > div')).toHaveLength(8);
  });

  it("says '... +1 line' for one hidden line", () => {
    render(<CodeView code={lines(9)} language="plaintext" />);
    expect(screen.getByText('... +1 line')).toBeInTheDocument();
  });

  it('highlights a detected language (once the highlighter has loaded) and shows plain text escaped', async () => {
    const { container, rerender } = render(<CodeView code="const x = 1;" language="typescript" />);
    expect(container.querySelector('code')).toHaveTextContent('const x = 1;');
    await waitFor(() => expect(container.querySelector('.token.keyword')).toHaveTextContent('const'));
    rerender(<CodeView code="<b>raw</b>" language="plaintext" />);
    expect(container.querySelector('code')).toHaveTextContent('<b>raw</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the empty text for empty code', () => {
    render(<CodeView code="" language="plaintext" emptyText="(No content)" />);
    expect(screen.getByText('(No content)')).toBeInTheDocument();
  });

  it('uses the code line height of 1.8', () => {
    const { container } = render(<CodeView code="a" language="plaintext" />);
    expect((container.querySelector('pre') as HTMLElement).style.lineHeight).toBe('1.8');
  });
});

describe('DiffView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders a split diff by default with removed and added text', async () => {
    const { container } = render(<DiffView oldText="helo wrld" newText="hello world" language="plaintext" />);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(0));
    const row = container.querySelector('tbody tr');
    // Split view: both sides on one row (two line-number gutters).
    expect(row?.textContent).toContain('helo wrld');
    expect(row?.textContent).toContain('hello world');
  });

  it('folds unchanged regions beyond 3 lines of context behind "Expand N lines ..."', async () => {
    const before = lines(20, 'same');
    render(<DiffView oldText={`${before}\nold`} newText={`${before}\nnew`} language="plaintext" />);
    expect(await screen.findByText('Expand 17 lines ...')).toBeInTheDocument();
  });

  it('collapses a diff over 8 rows with the toggle and footer', async () => {
    const { container } = render(<DiffView oldText="" newText={lines(12)} language="plaintext" />);
    expect(await screen.findByText('... +4 lines')).toBeInTheDocument();
    expect(container.querySelector('.diff-collapsed')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show all lines' }));
    expect(container.querySelector('.diff-collapsed')).toBeNull();
  });

  it('counts real lines only: a one-change edit with folds around it is not collapsed (issue 16.7)', async () => {
    const before = lines(20, 'same');
    const after = lines(20, 'tail');
    const { container } = render(<DiffView oldText={`${before}\nold\n${after}`} newText={`${before}\nnew\n${after}`} language="plaintext" />);
    await waitFor(() => expect(screen.getAllByText('Expand 17 lines ...')).toHaveLength(2));
    expect(container.querySelector('.diff-collapsed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show all lines' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^\.\.\. \+/)).not.toBeInTheDocument();
  });

  it('hides real lines beyond the 8th and counts them, in the singular for one (issue 16.7)', async () => {
    const { container } = render(<DiffView oldText={`${lines(20, 'same')}\nold`} newText={`${lines(20, 'same')}\nnew\nextra`} language="plaintext" />);
    // A fold, 3 context lines, the changed line and one added line: 5 real lines, no collapse.
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(4));
    expect(container.querySelector('.diff-collapsed')).toBeNull();
    render(<DiffView oldText="" newText={lines(9)} language="plaintext" />);
    expect(await screen.findByText('... +1 line')).toBeInTheDocument();
  });

  it('falls back to a unified diff on phone widths', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    const { container } = render(<DiffView oldText="a" newText="b" language="plaintext" />);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBe(2));
  });
});

describe('Markdown', () => {
  it('renders GFM and highlights fenced code blocks', async () => {
    const { container } = render(<Markdown text={'**bold** | a |\n\n| h |\n|---|\n| c |\n\n```ts\nconst a = 1;\n```'} />);
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    // The GFM parser loads on demand: plain CommonMark first, the table once it is there.
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    // The highlighter loads on demand too, independently of the GFM parser.
    await waitFor(() => expect(within(container.querySelector('.code-view') as HTMLElement).getByText('const')).toHaveClass('keyword'));
  });
});
