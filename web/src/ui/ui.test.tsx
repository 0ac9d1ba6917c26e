import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, Dialog, DialogContent, DialogTrigger, IconButton, TooltipProvider } from './index';

describe('ui primitives', () => {
  it('Button defaults to type=button and applies the variant', () => {
    render(<Button variant="danger">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toContain('bg-red-600');
  });

  it('IconButton is named by its label and shows it as a tooltip on focus', async () => {
    const onClick = vi.fn();
    render(
      <TooltipProvider>
        <IconButton label="Settings" icon={<svg />} onClick={onClick} />
      </TooltipProvider>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Settings');
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('Dialog opens from its trigger with a title and closes with the Close button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open</Button>
        </DialogTrigger>
        <DialogContent title="Preferences">body</DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Preferences' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
