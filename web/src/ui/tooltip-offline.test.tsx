import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Tooltip, TooltipProvider } from './Tooltip';

// The bubble's chunk cannot be fetched (offline, or replaced by a newer build).
vi.mock('./TooltipContent', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => vi.restoreAllMocks());

describe('Tooltip whose code cannot be loaded', () => {
  it('shows no bubble and leaves the trigger working, instead of failing the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Tooltip content="Tip">
          <Button onClick={onClick}>Trigger</Button>
        </Tooltip>
      </TooltipProvider>,
    );
    await user.tab();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Loading the tooltip failed', expect.any(Error)));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button', { name: 'Trigger' })).not.toHaveAttribute('aria-describedby');
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
