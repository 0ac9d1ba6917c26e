import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Tooltip, TooltipProvider } from './Tooltip';

function renderTwo() {
  return render(
    <TooltipProvider>
      <Tooltip content="First tip">
        <Button>First</Button>
      </Tooltip>
      <Tooltip content="Second tip">
        <Button>Second</Button>
      </Tooltip>
    </TooltipProvider>,
  );
}

describe('Tooltip', () => {
  it('keeps the trigger element itself when its lazily loaded bubble opens on focus, and describes the trigger by it', async () => {
    const user = userEvent.setup();
    renderTwo();
    const trigger = screen.getByRole('button', { name: 'First' });
    await user.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('First tip');
    expect(screen.getByRole('button', { name: 'First' })).toBe(trigger);
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
  });

  it('closes on Escape and on blur, and opening another closes the first', async () => {
    const user = userEvent.setup();
    renderTwo();
    await user.tab();
    await screen.findByRole('tooltip');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(screen.getByRole('button', { name: 'First' })).not.toHaveAttribute('aria-describedby');
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Second tip');
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });

  it('opens after a pointer rests on the trigger and closes when it leaves', async () => {
    const user = userEvent.setup();
    renderTwo();
    await user.hover(screen.getByRole('button', { name: 'Second' }));
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveTextContent('Second tip');
    await user.unhover(screen.getByRole('button', { name: 'Second' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
