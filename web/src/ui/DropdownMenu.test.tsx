import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from './DropdownMenu';

function Menu({ onSelect, disabled }: { onSelect(): void; disabled?: boolean }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button aria-label="Options">Options</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Actions</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onSelect}>Rename</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('DropdownMenu (Radix loaded on the first opening)', () => {
  it('renders only its trigger, announced as a closed menu button, until it is opened', () => {
    render(<Menu onSelect={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Options' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByText('Rename')).not.toBeInTheDocument();
  });

  it('opens on a click, shows its items and runs the chosen one, then opens again', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Menu onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('Actions');
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
  });

  it('opens from the keyboard (Enter on the focused trigger)', async () => {
    const user = userEvent.setup();
    render(<Menu onSelect={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Options' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
  });

  it('stays closed when disabled', async () => {
    const user = userEvent.setup();
    render(<Menu onSelect={vi.fn()} disabled />);
    const trigger = screen.getByRole('button', { name: 'Options' });
    expect(trigger).toBeDisabled();
    await user.click(trigger);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
