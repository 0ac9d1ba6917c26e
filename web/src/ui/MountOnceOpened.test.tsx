import { lazy, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MountOnceOpened } from './MountOnceOpened';

const Panel = lazy(async () => ({ default: ({ open }: { open: boolean }) => <p>{open ? 'panel open' : 'panel closed'}</p> }));

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen((value) => !value)}>
        toggle
      </button>
      <MountOnceOpened open={open}>
        <Panel open={open} />
      </MountOnceOpened>
    </>
  );
}

describe('MountOnceOpened', () => {
  it('renders nothing (nor loads a lazy child) until first opened, then keeps the child mounted when closed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByText(/panel/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('panel open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('panel closed')).toBeInTheDocument();
  });
});
