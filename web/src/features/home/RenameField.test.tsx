import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RenameField } from './RenameField';

function setup(initial = 'Old name') {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(<RenameField initial={initial} onSave={onSave} onCancel={onCancel} />);
  return { input: screen.getByRole('textbox', { name: 'Session name' }), onSave, onCancel };
}

describe('RenameField', () => {
  it('saves the trimmed name on Enter', async () => {
    const { input, onSave, onCancel } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '  New name  {Enter}');
    expect(onSave).toHaveBeenCalledWith('New name');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape', async () => {
    const { input, onSave, onCancel } = setup();
    await userEvent.type(input, 'x{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('cancels instead of saving an empty or unchanged name', async () => {
    const { input, onSave, onCancel } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    await userEvent.clear(input);
    await userEvent.type(input, 'Old name{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('caps the name at 200 characters with a live counter', async () => {
    const { input } = setup('');
    expect(screen.getByText('0/200')).toBeInTheDocument();
    await userEvent.type(input, 'abc');
    expect(screen.getByText('3/200')).toBeInTheDocument();
    expect(input).toHaveAttribute('maxLength', '200');
  });
});
