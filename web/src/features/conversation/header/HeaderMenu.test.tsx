import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { HeaderMenu } from './HeaderMenu';

function renderMenu(onRename: () => void = vi.fn()) {
  render(
    <TooltipProvider>
      <HeaderMenu pinned={false} notify onRename={onRename} onTogglePin={vi.fn()} onToggleNotify={vi.fn()} />
      <input aria-label="Elsewhere" />
    </TooltipProvider>,
  );
  return screen.getByRole('button', { name: 'More' });
}

describe('the conversation header more-menu by keyboard', () => {
  it('gives focus back to its button when closed with Escape', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Mute' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Asked for again: the first opening loads the menu's parts and mounts the trigger anew (ui/DropdownMenu).
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });

  it('gives focus back to its button after Mute', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Asked for again: the first opening loads the menu's parts and mounts the trigger anew (ui/DropdownMenu).
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });

  it('leaves focus where Rename puts it (the title field)', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu(() => screen.getByRole('textbox', { name: 'Elsewhere' }).focus());
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Elsewhere' })).toHaveFocus();
  });
});
