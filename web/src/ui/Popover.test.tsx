import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './Popover';

function renderPopover() {
  render(
    <>
      <Popover>
        <PopoverTrigger asChild>
          <Button>Details</Button>
        </PopoverTrigger>
        <PopoverContent aria-label="The details">
          <button type="button">Inside</button>
          <PopoverClose>Done</PopoverClose>
        </PopoverContent>
      </Popover>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Details' });
}

describe('Popover', () => {
  it('opens its lazily loaded panel from the same trigger element, moves focus in, and Escape returns it', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'The details' });
    expect(screen.getByRole('button', { name: 'Details' })).toBe(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('a press on the open trigger closes it (not dismissed and reopened), and a close button closes it', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a press outside closes it and leaves focus where the user went', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
