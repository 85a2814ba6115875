import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../../src/client/components/ConfirmDialog';

describe('ConfirmDialog', () => {
  it('asks “Are you sure?” and confirms from the keyboard', async () => {
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(<ConfirmDialog show details="Delete the user a@b.co?" onConfirm={onConfirm} onCancel={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('Delete the user a@b.co?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape or Cancel', async () => {
    const onCancel = jest.fn();
    const user = userEvent.setup();
    render(<ConfirmDialog show onConfirm={jest.fn()} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
